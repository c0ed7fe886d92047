import Fonts
import Foundation
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

    @Test("font-faces are shaped by HarfBuzz but drawn by FreeType: without it, opening a face says so")
    func shapingFacesNameTheTrait() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        guard HarfBuzzFont.isAvailable, let data = FileManager.default.contents(atPath: path) else { return }
        #expect(throws: ShapingFaceError.rasterizing(.notAvailable(PlatformFeatureUnavailable(.installedFonts)))) {
            try ShapingFace.open(data: data, source: path)
        }
        #expect(InstalledShapingFaces.shared.faces(for: ["DejaVu Sans"]) { _ in false }.isEmpty)
    }
}
