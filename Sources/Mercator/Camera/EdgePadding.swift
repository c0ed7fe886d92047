/// Space in points kept free on each side of a view when fitting a camera (the SDK's `UIEdgeInsets`
/// edge padding, GL JS's `padding`).
public struct EdgePadding: Sendable, Hashable {
    /// Points kept free along the top edge.
    public var top: Double
    /// Points kept free along the left edge.
    public var left: Double
    /// Points kept free along the bottom edge.
    public var bottom: Double
    /// Points kept free along the right edge.
    public var right: Double

    /// Padding with one value per side.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same padding on every side.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No padding.
    public static let zero = EdgePadding()
}
