/// A background layer: `background-color` and `background-opacity`.
public struct BackgroundLayer: Sendable {
    /// The colour.
    public var color: RenderColor
    /// The opacity, 0...1.
    public var opacity: Double
    /// `background-pattern`, drawn instead of the colour when set.
    public var pattern: StyleImage?

    /// Creates a background layer.
    public init(color: RenderColor, opacity: Double = 1) {
        self.color = color
        self.opacity = opacity
    }
}
