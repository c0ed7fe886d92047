/// One glyph of a font stack as MapLibre's glyph PBFs carry it: metrics at 24 points and a signed
/// distance field bitmap with a 3-pixel border (`(width + 6) x (height + 6)` bytes).
package struct Glyph: Sendable, Hashable {
    /// The Unicode code point.
    package var codePoint: UInt32
    package var width: Int
    package var height: Int
    /// Horizontal bearing: from the pen position to the bitmap's left edge (without border).
    package var left: Int
    /// Vertical bearing: from the baseline up to the bitmap's top edge (without border).
    package var top: Int
    /// How far the pen moves.
    package var advance: Int
    /// The SDF bitmap, one byte per pixel (192 on the outline), or empty for blank glyphs.
    package var bitmap: [UInt8]

    /// The SDF border around the bitmap, in pixels.
    package static let border = 3

    package init(codePoint: UInt32, width: Int, height: Int, left: Int, top: Int, advance: Int, bitmap: [UInt8]) {
        self.codePoint = codePoint
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.advance = advance
        self.bitmap = bitmap
    }

    /// Bitmap size including the border.
    package var bitmapWidth: Int { width == 0 ? 0 : width + 2 * Glyph.border }
    package var bitmapHeight: Int { height == 0 ? 0 : height + 2 * Glyph.border }
    /// Whether there is something to draw.
    package var hasBitmap: Bool { width > 0 && height > 0 && bitmap.count >= bitmapWidth * bitmapHeight }
}
