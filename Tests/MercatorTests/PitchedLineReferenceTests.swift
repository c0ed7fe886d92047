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
    static let allowed = GLJSReferencePicture.allowed

    /// Pixels apart under that rule, at most: the allowance, or what is left (far lines under a pixel wide, which
    /// Mercator draws a little stronger than GL JS). Before the near-plane cut these were 152 to 786 pixels apart.
    static let cases: [(String, Int)] = [("p70-r15-z15-w3", allowed), ("p82-b-50-z14.5-w4", allowed),
                                         ("p75-b30-z16-w2", 10), ("p84-b0-z15.5-w1.5", 32)]

    @Test("within the GL JS suite's allowance of GL JS's pixels, or what is left", arguments: cases)
    func matchesGLJS(_ name: String, _ apart: Int) throws {
        let picture = try GLJSReferencePicture(folder: "gljs-pitched-lines", name: name)
        #expect(picture.pixelsApart <= apart, "\(name): \(picture.pixelsApart) pixels apart")
    }
}
