import Fonts

/// An image a style's symbols (and later patterns) can use: from a sprite sheet or added at run
/// time, with its pixel ratio and whether it is a signed distance field to be tinted.
public struct StyleImage: Sendable {
    /// The pixels, premultiplied for sampling.
    public var image: RasterImage
    /// Image pixels per CSS pixel (2 for `@2x` sprites).
    public var pixelRatio: Double
    /// Whether the alpha channel is a signed distance field (`icon-color` tints it).
    public var sdf: Bool
    /// Columns that stretch under `icon-text-fit` (image pixels, from..to).
    public var stretchX: [(Double, Double)]
    /// Rows that stretch under `icon-text-fit`.
    public var stretchY: [(Double, Double)]
    /// The part text fits into (left, top, right, bottom in image pixels).
    public var content: (left: Double, top: Double, right: Double, bottom: Double)?
    /// How the content's width follows the text under `icon-text-fit` (the sprite's `textFitWidth`).
    public var textFitWidth: TextFit?
    /// How the content's height follows the text under `icon-text-fit` (the sprite's `textFitHeight`).
    public var textFitHeight: TextFit?

    /// How an icon's content box follows its text under `icon-text-fit` (sprite metadata).
    public enum TextFit: String, Sendable {
        /// The content stretches or shrinks to the text (the default).
        case stretchOrShrink
        /// The content only stretches; it never shrinks below its own size on this axis.
        case stretchOnly
        /// The content keeps its aspect ratio, following the other axis.
        case proportional
    }

    public init(image: RasterImage, pixelRatio: Double = 1, sdf: Bool = false, stretchX: [(Double, Double)] = [],
                stretchY: [(Double, Double)] = [], content: (left: Double, top: Double, right: Double, bottom: Double)? = nil,
                textFitWidth: TextFit? = nil, textFitHeight: TextFit? = nil) {
        self.image = image
        self.pixelRatio = pixelRatio > 0 ? pixelRatio : 1
        self.sdf = sdf
        self.stretchX = stretchX
        self.stretchY = stretchY
        self.content = content
        self.textFitWidth = textFitWidth
        self.textFitHeight = textFitHeight
    }

    /// Width and height in CSS pixels.
    package var displaySize: (Double, Double) { (Double(image.width) / pixelRatio, Double(image.height) / pixelRatio) }
}

/// Where a map's named images come from (the style's sprites, images added at run time).
package protocol ImageProvider: Sendable {
    /// The image called `name`, or nil when the style has none.
    func image(named name: String) -> StyleImage?
}

/// A style image drawn inline in formatted text (``TextShaping/Section/init(image:scale:)``).
extension StyleImage: InlineImage {}

extension TextShaping.PositionedGlyph {
    /// The style image of an image section, drawn inline; nil for a glyph.
    var image: StyleImage? {
        guard let inlineImage else { return nil }
        return inlineImage as? StyleImage
    }
}
