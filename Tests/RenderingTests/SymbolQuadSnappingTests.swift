import Foundation
import GeoJSON
import Testing
@testable import Rendering

/// A label's or icon's quad where GL puts its corners: on SwiftShader's grid of 1/16 of a pixel when GL JS's pictures
/// are matched (an icon drawn at its own size samples its nearest texels, so a thirtieth of a pixel moved a row of
/// them: GL JS suite `globe-symbol/icons`, 61 pixels apart before), exactly where they fall otherwise.
@Suite("Symbol quad snapping")
struct SymbolQuadSnappingTests {
    static func transform(_ reference: RasterReference, globe: Bool) -> Transform {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 67.3, longitude: 69.8), zoom: 0.08),
                          width: 256, height: 256)
        t.rasterReference = reference
        if globe { t.globeness = 1 }
        return t
    }

    static func onGrid(_ p: Point) -> Bool {
        (p.x * 16).rounded() == p.x * 16 && (p.y * 16).rounded() == p.y * 16
    }

    static let offsets = (topLeft: Point(x: -9.013, y: -9.007), topRight: Point(x: 9.013, y: -9.007), bottomLeft: Point(x: -9.013, y: 9.007))

    @Test("a quad on the screen: on the grid for GL JS's pictures, unmoved for MapLibre Native's", arguments: [false, true])
    func screenQuad(globe: Bool) {
        for reference in [RasterReference.glJSSwiftShader, .mapLibreNative] {
            let t = Self.transform(reference, globe: globe)
            let anchor = Point(x: 151.1483, y: 103.8151)
            let projection = QuadProjection(anchor: anchor, plane: nil, scale: 1, rotation: 0, rotateWithMap: false,
                                            pitchWithMap: false)
            guard case let .screen(a, b, c) = projection.corners(Self.offsets.topLeft, Self.offsets.topRight, Self.offsets.bottomLeft, t) else {
                Issue.record("not a screen quad")
                continue
            }
            if reference == .glJSSwiftShader {
                #expect([a, b, c].allSatisfy(Self.onGrid), "\([a, b, c])")
                #expect((a - (anchor + Self.offsets.topLeft)).length <= 1.0 / 32 * 2.0.squareRoot() + 1e-12)
            } else {
                #expect(a == anchor + Self.offsets.topLeft && b == anchor + Self.offsets.topRight && c == anchor + Self.offsets.bottomLeft)
            }
        }
    }

    @Test("a quad in the map plane on the globe: each projected corner on the grid for GL JS's pictures")
    func sphereQuad() {
        for reference in [RasterReference.glJSSwiftShader, .mapLibreNative] {
            let t = Self.transform(reference, globe: true)
            var projection = QuadProjection(anchor: Point(x: 0, y: 0), plane: Point(x: 10.37, y: -20.11), scale: 1, rotation: 0,
                                            rotateWithMap: true, pitchWithMap: true)
            projection.placeOnGlobe(world: nil, ratioWorld: nil, t)
            guard case let .sphere(a, b, c, d) = projection.corners(Self.offsets.topLeft, Self.offsets.topRight, Self.offsets.bottomLeft, t) else {
                Issue.record("not a quad on the sphere")
                continue
            }
            let points = [a.point, b.point, c.point, d.point]
            #expect(points.allSatisfy(Self.onGrid) == (reference == .glJSSwiftShader), "\(reference): \(points)")
        }
    }
}
