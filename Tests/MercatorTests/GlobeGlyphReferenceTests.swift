import Foundation
import Mercator
import MercatorTestSupport
import Rendering
import Testing

/// The glyphs of labels along lines on the globe against GL JS 5.24's pictures of the same styles
/// (`Fixtures/gljs-globe-labels/<name>.png`, drawn with `../shared/tools/reference-render-gljs/render.py` at 256 x 256
/// from ``GlobeLineLabelTests/snapshot(longitude:latitude:zoom:line:text:size:spacing:font:)``'s style), under GL JS's
/// rasterization. Three rules of GL JS's globe symbols (docs/3d.md, "symbol-line"), each of which a case fails without
/// (each left out alone, the other two kept):
/// - glyphs spaced by GL JS's perspective ratio on the globe, the font size over `0.5 + 0.5 / w` (`updateLineLabels`):
///   without it, `m8` is 80 pixels apart and `limbz1.05` 10;
/// - each glyph's four corners projected onto the sphere and drawn as GL JS's two triangles, clipped at the horizon
///   plane: without it, `mm55` is 84 pixels apart and `m8` 20;
/// - the SDF edge widened by each pixel's depth (`gamma_scale = gl_Position.w`, interpolated across the glyph) and
///   sized by the anchor's perspective ratio (`size *= perspective_ratio`): without it, the summed difference of the
///   red channel from GL JS's is 2,186 for `m12` (1,679 with it), 2,207 for `limbz1.05` (1,754), 1,552 for `mm55`
///   (1,307) and 1,130 for `m8` (957): the glyph edges' grey levels, which the pixel count's threshold does not see.
@Suite("Globe: glyphs of labels along lines against GL JS's pictures", .needsShared)
struct GlobeGlyphReferenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var longitude: Double
        var latitude: Double
        var zoom: Double
        var line: [[Double]]
        var text: String
        var size: Double
        var spacing: Double
        var font: [String]
        /// The summed absolute difference of the red channel from GL JS's picture, at most (grey text on white).
        var levels: Int
        var testDescription: String { name }
    }

    static let noto = ["Noto Sans Regular"]
    static let cases: [Case] = [
        // eight M's along 10° E centred at 0°, zoom 1.5
        Case(name: "m8", longitude: 0, latitude: 0, zoom: 1.5, line: [[10, -80], [10, 0], [10, 80]], text: "MMMMMMMM", size: 20,
             spacing: 250, font: noto, levels: 1_050),
        // six M's from 30° N to the pole centred at 55° N, zoom 1.4
        Case(name: "mm55", longitude: 0, latitude: 55, zoom: 1.4, line: [[10, 30], [10, 88]], text: "MMMMMM", size: 26,
             spacing: 600, font: noto, levels: 1_430),
        // twelve M's along 5° E centred at 45° N, zoom 1
        Case(name: "m12", longitude: 0, latitude: 45, zoom: 1, line: [[5, -80], [5, 0], [5, 80]], text: "MMMMMMMMMMMM", size: 14,
             spacing: 100, font: noto, levels: 1_900),
        // the equator centred at 30° E, zoom 1.05: labels reaching both limbs
        Case(name: "limbz1.05", longitude: 30, latitude: 0, zoom: 1.05, line: [[-180, 0], [-90, 0], [0, 0], [90, 0], [180, 0]],
             text: "Equator", size: 14, spacing: 60, font: ["Open Sans Semibold", "Arial Unicode MS Bold"], levels: 1_950),
    ]

    @Test("within the GL JS suite's allowance of GL JS's pixels, and its glyph edges' grey levels", arguments: cases)
    func matchesGLJS(_ c: Case) throws {
        let line = JSONValue.array(c.line.map { .array($0.map { .double($0) }) })
        let snapshot = try GlobeLineLabelTests.snapshot(longitude: c.longitude, latitude: c.latitude, zoom: c.zoom, line: line,
                                                        text: c.text, size: c.size, spacing: c.spacing,
                                                        font: .array(c.font.map { .string($0) }))
        guard let url = Bundle.module.url(forResource: c.name, withExtension: "png", subdirectory: "Fixtures/gljs-globe-labels") else {
            Issue.record("Fixtures/gljs-globe-labels/\(c.name).png is missing")
            return
        }
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: url)))
        let actual = snapshot.image
        let apart = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(),
                                           options: PixelMatch.Options(threshold: 0.1285)).differentPixels
        #expect(apart <= Int(0.00025 * 256 * 256), "\(c.name): \(apart) pixels apart")
        var levels = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) { levels += abs(Int(actual.pixels[i]) - Int(expected.pixels[i])) }
        #expect(levels <= c.levels, "\(c.name): \(levels) levels apart")
    }
}
