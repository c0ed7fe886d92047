import Foundation
import Mercator
import Testing
import Rendering

/// Circles pitched with the map (`circle-pitch-alignment: map`) far away in steep views, where each is a sliver
/// under a pixel tall, against GL JS 5.24's pictures of the same styles (`Fixtures/gljs-circles/`, drawn with
/// `../shared/tools/reference-render-gljs/render.py` at 192 x 192): which pixel centres a sliver covers is decided
/// by GL JS's quad rasterized from SwiftShader's snapped vertices (`SnappedCircleQuad`). Other pitches, bearings,
/// zooms and radii than the comparison suite's `camera-pitch/circles-80`.
@Suite("Circles pitched with the map in steep views, against GL JS")
struct PitchedCircleReferenceTests {
    /// The GL JS comparison suite's rule (`suite.json`): 0.025 % of the pixels apart, pixelmatch threshold 0.1285.
    static let allowed = Int(0.00025 * 192 * 192)

    /// Pixels more than 20 levels apart in a channel, at most: what the snapped quad leaves (the exact ellipse
    /// left 32, 24, 10, 8).
    static let cases: [(String, Int)] = [("pitch75-bearing25", 32), ("pitch82-bearing-40", 22), ("p78-b10-z15", 7), ("p83-b0-z16", 2)]

    @Test("within the GL JS suite's allowance of GL JS's pixels", arguments: cases)
    func matchesGLJS(_ name: String, _ apart: Int) throws {
        let styleURL = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/gljs-circles"))
        let expectedURL = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures/gljs-circles"))
        let document = try StyleDocument(json: JSONValue(parsing: Data(contentsOf: styleURL)))
        let map = Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 192, height: 192),
                      clientFonts: .disabled)
        map.rasterReference = .glJSSwiftShader
        let actual = try map.snapshot().image
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        let result = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(), options: PixelMatch.Options(threshold: 0.1285))
        #expect(result.differentPixels <= Self.allowed, "\(name): \(result.differentPixels) pixels apart")
        var far = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) where (0..<4).contains(where: { abs(Int(actual.pixels[i + $0]) - Int(expected.pixels[i + $0])) > 20 }) {
            far += 1
        }
        #expect(far <= apart, "\(name): \(far) pixels more than 20 levels apart")
    }
}
