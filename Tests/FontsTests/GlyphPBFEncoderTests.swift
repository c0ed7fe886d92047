import Foundation
import Fonts
import Testing

@Suite(.enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
struct GlyphPBFEncoderTests {
    @Test func roundTripsThroughTheDecoder() throws {
        let glyphs = GlyphRasterizer().glyphs(range: 0, in: try DejaVu.sans())
        #expect(glyphs.count == 191)  // make_glyphs.py: 191 glyphs in 0-255
        let data = GlyphPBFEncoder.encode(Array(glyphs.values), fontStack: "DejaVu Sans Book", range: 0)
        #expect(data.count == 87313)  // make_glyphs.py's file, byte for byte
        let decoded = try GlyphPBF.decode(data)
        #expect(decoded == glyphs)
    }

    @Test func negativeBearingsSurvive() throws {
        let glyph = Glyph(codePoint: 0x100, width: 2, height: 1, left: -3, top: -30, advance: 7, bitmap: [UInt8](repeating: 9, count: 8 * 7))
        let decoded = try GlyphPBF.decode(GlyphPBFEncoder.encode([glyph], fontStack: "X", range: 1))
        #expect(decoded[0x100] == glyph)
    }
}
