import Foundation
import MercatorConformance
import Rendering
import Testing

/// Raster tiles in pitched views against GL JS 5.24's pictures of the same styles (`Fixtures/gljs-pitched-raster/`,
/// drawn by `scripts/gljs_expectations.py` at 192 x 192 from the comparison suite's satellite tiles): other pitches,
/// bearings, zooms and `raster-resampling` than the suite's `camera-pitch/raster-85`. GL JS reads a raster tile
/// through its mipmaps (`LINEAR_MIPMAP_NEAREST`), anisotropically past 20° of pitch, and SwiftShader's anisotropic
/// filter is bilinear whatever the magnification filter (so `nearest` at pitch 75 is drawn smooth); unpitched, a tile
/// drawn smaller than its texture is read by the minification filter, bilinear, also under `nearest`. Before that rule
/// `p70-b30-z1.8`, `p80-b-40-z2.2` and `p75-b15-nearest` were 95, 281 and 311 pixels apart, and `p0-z10.7-nearest`
/// (within the allowance: pixelmatch forgives a photograph much) had 2275 pixels more than 8 levels from GL JS's.
@Suite("Raster tiles in pitched views, against GL JS")
struct PitchedRasterReferenceTests {
    /// The GL JS comparison suite's allowance at 192 x 192.
    static let allowed = Int(0.00025 * 192 * 192)

    static let cases = ["p0-z10.7-nearest", "p20-z0.7", "p30-z0.7", "p70-b30-z1.8", "p75-b15-nearest", "p78-b20-z12.3",
                        "p80-b-40-z2.2"]

    @Test("within the GL JS suite's allowance of GL JS's pixels", arguments: cases)
    func matchesGLJS(_ name: String) throws {
        let (result, _) = try Self.run(name)
        let apart = try #require(result.differingPixels, "\(name): \(result.error ?? "not compared")")
        #expect(apart <= Self.allowed, "\(name): \(apart) pixels apart")
    }

    @Test("a nearest-resampled tile drawn smaller than its texture is read bilinearly: within 8 levels of GL JS everywhere")
    func minifiedNearestIsBilinear() throws {
        let (_, output) = try Self.run("p0-z10.7-nearest")
        defer { try? FileManager.default.removeItem(at: output) }
        let case_ = output.appendingPathComponent("pitched-raster/p0-z10.7-nearest")
        let actual = try PNGDecoder.decode([UInt8](Data(contentsOf: case_.appendingPathComponent("actual.png"))))
        let folder = try #require(Bundle.module.url(forResource: "gljs-pitched-raster", withExtension: nil, subdirectory: "Fixtures"))
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("p0-z10.7-nearest/expected.png"))))
        try #require(actual.pixels.count == expected.pixels.count)
        var far = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4)
        where (0..<4).contains(where: { abs(Int(actual.pixels[i + $0]) - Int(expected.pixels[i + $0])) > 8 }) {
            far += 1
        }
        #expect(far == 0, "\(far) pixels more than 8 levels apart")
    }

    /// Runs one case under the comparison suite's runner (whose folder holds the tiles the styles' `local://` URLs
    /// name), writing its pictures into a new temporary folder.
    static func run(_ name: String) throws -> (RenderTestResult, URL) {
        let root = try #require(Bundle.module.url(forResource: "gljs-render-tests", withExtension: nil, subdirectory: "Fixtures"))
        let folder = try #require(Bundle.module.url(forResource: "gljs-pitched-raster", withExtension: nil, subdirectory: "Fixtures"))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pitched-raster-\(UUID().uuidString)")
        let runner = RenderTestRunner(root: root, outputDirectory: output)
        let result = runner.run(RenderTest(identifier: "pitched-raster/\(name)", directory: folder.appendingPathComponent(name)))
        return (result, output)
    }
}
