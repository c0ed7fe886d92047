import Foundation
import Mercator
import Testing
import Rendering

/// Dashed lines whose `line-width` is a zoom function, data-driven (`["get", "w"]`) or both, with butt and
/// round caps and zero-length dashes and gaps, against MapLibre Native's renders of the same styles
/// (`Fixtures/dashes/`, made by `scripts/dash-reference.py` with the reference renderer). Each style draws
/// `[0, 2]`, `[2, 0]`, `[2, 1, 0, 1]` and `[3, 2]`, two lines each, at z2.5 (Native fades from the array one
/// zoom down) and z3 (one zoom up).
@Suite("Dashes scaled by zoom- and data-driven widths, against MapLibre Native")
struct DashedLineReferenceTests {
    /// The render suite's rule: pixelmatch threshold 0.1285, anti-aliased pixels not counted, and at
    /// most 0.015% of the pixels apart (2 of 128 x 128).
    static let allowed = Int(0.00015 * 128 * 128)

    static let cases: [String] = ["zoom", "data", "composite"].flatMap { width in
        ["butt", "round"].flatMap { cap in ["z2.5", "z3"].map { "\(width)-\(cap)-\($0)" } }
    }

    @Test("within the render suite's allowance of Native's pixels", arguments: cases)
    func matchesNative(_ name: String) throws {
        let styleURL = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/dashes"))
        let expectedURL = try #require(Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Fixtures/dashes"))
        let document = try StyleDocument(json: JSONValue(parsing: Data(contentsOf: styleURL)))
        let map = Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 128, height: 128),
                      clientFonts: .disabled)
        let actual = try map.snapshot().image
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        let result = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(), options: PixelMatch.Options(threshold: 0.1285))
        #expect(result.differentPixels <= Self.allowed, "\(name): \(result.differentPixels) pixels apart")
    }
}
