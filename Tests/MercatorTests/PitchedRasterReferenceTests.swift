import Foundation
import MercatorConformance
import Testing

/// Raster tiles in pitched views against GL JS 5.24's pictures of the same styles (`Fixtures/gljs-pitched-raster/`,
/// drawn by `scripts/gljs_expectations.py` at 192 x 192 from the comparison suite's satellite tiles): other pitches,
/// bearings, zooms and `raster-resampling` than the suite's `camera-pitch/raster-85`. GL JS reads a raster tile
/// through its mipmaps (`LINEAR_MIPMAP_NEAREST`), anisotropically past 20° of pitch, and SwiftShader's anisotropic
/// filter is bilinear whatever the magnification filter (so `nearest` at pitch 75 is drawn smooth). Before that rule
/// `p70-b30-z1.8`, `p80-b-40-z2.2` and `p75-b15-nearest` were 95, 281 and 311 pixels apart.
@Suite("Raster tiles in pitched views, against GL JS")
struct PitchedRasterReferenceTests {
    /// The GL JS comparison suite's allowance at 192 x 192.
    static let allowed = Int(0.00025 * 192 * 192)

    static let cases = ["p20-z0.7", "p30-z0.7", "p70-b30-z1.8", "p75-b15-nearest", "p78-b20-z12.3", "p80-b-40-z2.2"]

    @Test("within the GL JS suite's allowance of GL JS's pixels", arguments: cases)
    func matchesGLJS(_ name: String) throws {
        // the comparison suite's folder holds the tiles the styles' `local://` URLs name
        let root = try #require(Bundle.module.url(forResource: "gljs-render-tests", withExtension: nil, subdirectory: "Fixtures"))
        let folder = try #require(Bundle.module.url(forResource: "gljs-pitched-raster", withExtension: nil, subdirectory: "Fixtures"))
        let runner = RenderTestRunner(root: root)
        let result = runner.run(RenderTest(identifier: "pitched-raster/\(name)", directory: folder.appendingPathComponent(name)))
        let apart = try #require(result.differingPixels, "\(name): \(result.error ?? "not compared")")
        #expect(apart <= Self.allowed, "\(name): \(apart) pixels apart")
    }
}
