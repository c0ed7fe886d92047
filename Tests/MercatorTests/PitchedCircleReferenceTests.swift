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
    static let allowed = GLJSReferencePicture.allowed

    /// Pixels more than 20 levels apart in a channel, at most: what the snapped quad leaves (the exact ellipse
    /// left 32, 24, 10, 8).
    static let cases: [(String, Int)] = [("pitch75-bearing25", 32), ("pitch82-bearing-40", 22), ("p78-b10-z15", 7), ("p83-b0-z16", 2)]

    @Test("within the GL JS suite's allowance of GL JS's pixels", arguments: cases)
    func matchesGLJS(_ name: String, _ apart: Int) throws {
        let picture = try GLJSReferencePicture(folder: "gljs-circles", name: name)
        let actual = picture.actual, expected = picture.expected
        #expect(picture.pixelsApart <= Self.allowed, "\(name): \(picture.pixelsApart) pixels apart")
        var far = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) where (0..<4).contains(where: { abs(Int(actual.pixels[i + $0]) - Int(expected.pixels[i + $0])) > 20 }) {
            far += 1
        }
        #expect(far <= apart, "\(name): \(far) pixels more than 20 levels apart")
    }
}
