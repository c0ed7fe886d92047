import Fonts
import Rendering
import Testing

/// A build without the FreeType trait: installed fonts are absent, and opening a font says why.
@Suite(.enabled(if: !PlatformFeature.installedFonts.isAvailable, "this build has installed fonts (the FreeType trait is on)"))
struct UnavailableFontsTests {
    @Test func openingAFontNamesTheTrait() {
        #expect(throws: FontError.notAvailable(PlatformFeatureUnavailable(.installedFonts))) {
            try FontFace(contentsOf: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        }
        #expect(SystemFonts.installed.isEmpty)
        #expect(SystemFonts.font(named: "DejaVu Sans") == nil)
        #expect(SystemFonts.bestMatch(for: "sans-serif") == nil)
    }
}
