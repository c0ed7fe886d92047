@testable import Fonts
import MapStyle
import Testing

@Suite(.enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
struct InstalledFontGlyphsTests {
    @Test func fontStacksResolveByNameInOrder() {
        let glyphs = InstalledFontGlyphs(options: ClientFontOptions())
        let sans = glyphs.glyphs(fontStack: ["No Such Font", "DejaVu Sans"], range: 0)
        #expect(sans.count == 191 && sans[65]?.advance == 16)
        let bold = glyphs.glyphs(fontStack: ["DejaVu Sans Bold"], range: 0)
        #expect(bold[65] != nil && bold[65] != sans[65])
        // nothing installed by these names: fontconfig's substitute still draws
        #expect(!glyphs.glyphs(fontStack: ["Open Sans Semibold", "Arial Unicode MS Bold"], range: 0).isEmpty)
        #expect(InstalledFontGlyphs(options: .disabled).glyphs(fontStack: ["DejaVu Sans"], range: 0).isEmpty)
    }

    @Test func ideographsFollowTheFallback() {
        #expect(Ideographs.codePoints(inRange: 0).isEmpty)
        #expect(Ideographs.codePoints(inRange: 0x4E).count == 256)
        #expect(Ideographs.codePoints(inRange: 0x30).count == 192)  // Hiragana and Katakana from U+3040
        let glyphs = InstalledFontGlyphs(options: ClientFontOptions())
        #expect(glyphs.ideographs(range: 0x4E, fallback: .disabled).isEmpty)
        #expect(glyphs.ideographs(range: 0, fallback: .systemDefault).isEmpty)  // no ideographs in Basic Latin
        // DejaVu has no ideographs: nothing is made up
        #expect(glyphs.ideographs(range: 0x4E, fallback: .fonts(["DejaVu Sans"])).isEmpty)
    }
}
