public import Expressions

extension RenderColor {
    /// The renderer's colour for an expression colour (transparent for `nil`).
    public init(_ color: Color?) {
        guard let c = color?.rgba else {
            self = .transparent
            return
        }
        self.init(red: Float(c.r), green: Float(c.g), blue: Float(c.b), alpha: Float(c.a))
    }
}
