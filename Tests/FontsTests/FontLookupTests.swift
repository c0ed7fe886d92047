import Fonts
import Testing

@Suite(.enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
struct FontLookupTests {
    @Test func findsDejaVuByFamilyFullAndPostScriptName() throws {
        let family = try #require(SystemFonts.font(named: "DejaVu Sans"))
        #expect(family.path.hasSuffix("/DejaVuSans.ttf"))
        #expect(SystemFonts.font(named: "dejavu sans book")?.path == family.path)        // family + style, any case
        #expect(SystemFonts.font(named: "DejaVuSans")?.path == family.path)               // PostScript name
        #expect(SystemFonts.font(named: "DejaVu Sans Bold")?.path.hasSuffix("/DejaVuSans-Bold.ttf") == true)  // full name
        #expect(SystemFonts.font(named: "DejaVuSans-Bold")?.path.hasSuffix("/DejaVuSans-Bold.ttf") == true)
        #expect(SystemFonts.font(named: "No Such Font Family") == nil)
        #expect(try family.open().familyName == "DejaVu Sans")
    }

    @Test func bestMatchAlwaysGivesAFont() {
        #expect(SystemFonts.bestMatch(for: "sans-serif") != nil)
    }

    @Test func errorsNameThePath() throws {
        #expect(throws: FontError.unreadable(path: "/nonexistent/font.ttf")) { try FontFace(contentsOf: "/nonexistent/font.ttf") }
        #expect(throws: FontError.notAFont(path: "/etc/hostname", code: 2)) { try FontFace(contentsOf: "/etc/hostname") }
        #expect("\(FontError.unreadable(path: "/x.ttf"))".contains("/x.ttf"))
    }
}
