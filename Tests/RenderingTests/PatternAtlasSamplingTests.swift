import Testing
@testable import Rendering

/// A pattern sampled as GL JS's `ImageAtlas` holds it: one texel of padding on each side, a copy of the opposite edge
/// with clear corners, and clear texels beyond (what GL JS 5's line pattern reads at each repeat's ends).
@Suite struct PatternAtlasSamplingTests {
    /// 4 x 2 texels: columns red, green, blue, white; both rows alike.
    static let image: RasterImage = {
        let columns: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        return RasterImage(RGBAImage(width: 4, height: 2, pixels: (0..<2).flatMap { _ in columns.flatMap { $0 } }))
    }()

    /// The sample at texel centre (`x`, `y`) (texel coordinates: 0 is the image's first column's centre).
    static func texel(_ x: Double, _ y: Double) -> PremultipliedColor {
        image.samplePadded(u: (x + 0.5) / 4, v: (y + 0.5) / 2)
    }

    @Test func insideTheImageItIsTheImage() {
        #expect(Self.texel(0, 0) == PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        #expect(Self.texel(2, 1) == PremultipliedColor(r: 0, g: 0, b: 1, a: 1))
    }

    @Test func thePaddingIsTheOppositeEdgeWithClearCorners() {
        // left of the first column: the last (white); right of the last: the first (red)
        #expect(Self.texel(-1, 0) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
        #expect(Self.texel(4, 1) == PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        // above and below: the other row (the same here)
        #expect(Self.texel(1, -1) == PremultipliedColor(r: 0, g: 1, b: 0, a: 1))
        // the corners and everything beyond the padding are clear
        #expect(Self.texel(-1, -1).a == 0)
        #expect(Self.texel(-2, 0).a == 0)
        #expect(Self.texel(5, 1).a == 0)
        // halfway between the padding and beyond it: half the padding's colour
        #expect(abs(Self.texel(-1.5, 0).a - 0.5) < 1e-6)
    }
}
