import Fonts
import Testing

/// The rasterizer against `make_glyphs.py` (freetype-py 2.5.1 with its FreeType 2.13.2, numpy) on
/// DejaVu Sans: whole PBF files for ranges 0-767 were byte-identical; these are its figures for a few
/// code points (width, height, left, top, advance, sum of the SDF bytes).
@Suite(.enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
struct GlyphRasterizerTests {
    static let reference: [(UInt32, Int, Int, Int, Int, Int, Int)] = [
        (0x41, 17, 18, 0, -5, 16, 63740),     // A
        (0x67, 13, 19, 1, -9, 15, 68936),     // g (descender)
        (0x20, 0, 0, 0, -23, 8, 0),           // space: no bitmap, top = -ascender
        (0xE9, 13, 21, 1, -3, 15, 64919),     // é
        (0x31, 12, 18, 2, -5, 15, 52068),     // 1
        (0x416, 26, 18, 0, -5, 26, 104745),   // Ж
    ]

    @Test func metricsAndBitmapsMatchMakeGlyphs() throws {
        let face = try DejaVu.sans()
        let rasterizer = GlyphRasterizer()
        for (code, width, height, left, top, advance, sum) in Self.reference {
            let glyph = try #require(rasterizer.glyph(code, in: face), "U+\(String(code, radix: 16))")
            #expect(glyph.width == width && glyph.height == height, "U+\(String(code, radix: 16)) size")
            #expect(glyph.left == left && glyph.top == top && glyph.advance == advance, "U+\(String(code, radix: 16)) metrics")
            #expect(glyph.bitmap.count == (width == 0 ? 0 : (width + 6) * (height + 6)))
            #expect(glyph.bitmap.reduce(0) { $0 + Int($1) } == sum, "U+\(String(code, radix: 16)) SDF")
        }
    }

    @Test func outlineSitsAt192() throws {
        let glyph = try #require(GlyphRasterizer().glyph(0x49, in: try DejaVu.sans()))  // I: a solid bar
        let w = glyph.width + 6
        let middle = glyph.bitmap[(glyph.height / 2 + 3) * w ..< (glyph.height / 2 + 4) * w]
        #expect(middle.first == 0 || middle.first! < 192)
        #expect(middle.max()! > 192)
    }

    @Test func missingCodePointHasNoGlyph() throws {
        #expect(GlyphRasterizer().glyph(0x4E00, in: try DejaVu.sans()) == nil)
    }
}
