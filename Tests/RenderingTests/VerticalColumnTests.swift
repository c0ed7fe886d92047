import Testing
@testable import Fonts
@testable import Rendering

/// Where MapLibre Native's `getGlyphQuads` puts images and scaled glyphs of a vertical point label.
struct VerticalColumnTests {
    /// An image of a given CSS size.
    private struct Image: InlineImage {
        var displaySize: (Double, Double)
    }

    private static func glyph(scale: Double, image: (any InlineImage)? = nil) -> TextShaping.PositionedGlyph {
        let placeholder = Glyph(codePoint: 0xE000, width: 0, height: 0, left: 0, top: 0, advance: 24, bitmap: [])
        return TextShaping.PositionedGlyph(glyph: placeholder, x: 0, y: 0, scale: scale, section: 0, vertical: true, inlineImage: image)
    }

    @Test("images and scaled glyphs sit in the middle of their column")
    func centring() {
        // a glyph at font-scale 1.8 in a column pushed over by its own scale: 19.2 / 2 - 19.2
        #expect(abs(SymbolLayerBuilder.columnCentring(Self.glyph(scale: 1.8), lineOffset: 19.2) + 9.6) < 1e-9)
        #expect(SymbolLayerBuilder.columnCentring(Self.glyph(scale: 1), lineOffset: 0) == 0, "an unscaled glyph stays")
        // an image 27 wide in a column 36 wider than one em: 18 + (24 - 27) / 2
        let image = Self.glyph(scale: 1, image: Image(displaySize: (27, 12)))
        #expect(SymbolLayerBuilder.columnCentring(image, lineOffset: 36) == 16.5)
    }

    @Test("an upright image is also pulled across by what its advance falls short of one em")
    func uprightImage() {
        let corners = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 0, y: 10)]
        let glyph = SymbolLayerBuilder.uprightCorners(corners, halfAdvance: 6)
        let image = SymbolLayerBuilder.uprightCorners(corners, halfAdvance: 6, isImage: true)
        for (g, i) in zip(glyph, image) {
            #expect(i.x == g.x && i.y == g.y - 6)
        }
    }
}
