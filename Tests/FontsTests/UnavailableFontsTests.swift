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

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test("font-faces are shaped by HarfBuzz but drawn by FreeType: without it, opening a face says so",
          .enabled(if: HarfBuzzFont.isAvailable, "needs HarfBuzz's shared library (libharfbuzz.so.0)"),
          .enabled(if: FileManager.default.fileExists(atPath: dejaVu), "needs DejaVu Sans (\(dejaVu))"))
    func shapingFacesNameTheTrait() throws {
        let path = Self.dejaVu
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(throws: ShapingFaceError.rasterizing(.notAvailable(PlatformFeatureUnavailable(.installedFonts)))) {
            try ShapingFace.open(data: data, source: path)
        }
        #expect(InstalledShapingFaces.shared.faces(for: ["DejaVu Sans"]) { _ in false }.isEmpty)
    }
}
