/// A background layer: `background-color` and `background-opacity`.
package struct BackgroundLayer: Sendable {
    /// The colour.
    package var color: RenderColor
    /// The opacity, 0...1.
    package var opacity: Double
    /// `background-pattern`, drawn instead of the colour when set.
    package var pattern: StyleImage?

    /// Creates a background layer.
    package init(color: RenderColor, opacity: Double = 1) {
        self.color = color
        self.opacity = opacity
    }
}
