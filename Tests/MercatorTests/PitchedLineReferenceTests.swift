import Foundation
import Mercator
import Testing
import Rendering

/// Lines in steep views against GL JS 5.24's pictures of the same styles (`Fixtures/gljs-pitched-lines/`, drawn with
/// `../shared/tools/reference-render-gljs/render.py` at 192 x 192): other pitches, bearings, rolls, zooms and widths
/// than the comparison suite's `camera-pitch/lines-80`. Two rules of GL JS's line shader and pipeline: the
/// antialiasing band scaled by `v_gamma_scale`, the extrusion's length over its length on screen (wider across a
/// line running over the view than across one running into the distance), and triangles reaching behind the camera
/// cut at the near plane (before, a line with a vertex behind the camera was not drawn at all).
@Suite("Lines in steep views, against GL JS")
struct PitchedLineReferenceTests {
    /// The GL JS comparison suite's rule (`suite.json`): 0.025 % of the pixels apart, pixelmatch threshold 0.1285.
    static let allowed = Int(0.00025 * 192 * 192)

    /// Pixels apart under that rule, at most: the allowance, or what is left (far lines under a pixel wide, which
    /// Mercator draws a little stronger than GL JS). Before the near-plane cut these were 152 to 786 pixels apart.
    static let cases: [(String, Int)] = [("p70-r15-z15-w3", allowed), ("p82-b-50-z14.5-w4", allowed),
                                         ("p75-b30-z16-w2", 10), ("p84-b0-z15.5-w1.5", 32)]

    @Test("within the GL JS suite's allowance of GL JS's pixels, or what is left", arguments: cases)
    func matchesGLJS(_ name: String, _ apart: Int) throws {
        let styleURL = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/gljs-pitched-lines"))
        let expectedURL = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures/gljs-pitched-lines"))
        let document = try StyleDocument(json: JSONValue(parsing: Data(contentsOf: styleURL)))
        let map = Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 192, height: 192),
                      clientFonts: .disabled)
        map.rasterReference = .glJSSwiftShader
        let actual = try map.snapshot().image
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        let result = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(), options: PixelMatch.Options(threshold: 0.1285))
        #expect(result.differentPixels <= apart, "\(name): \(result.differentPixels) pixels apart")
    }
}
