import Foundation
import GeoJSON
import Testing
@testable import Rendering

/// GL JS draws symbols with back faces culled (`CullFaceMode.backCCW`): a quad in the map plane that the sphere mirrors
/// on the screen, seen past a pole, is not drawn (GL JS suite `globe-symbol/icons-past-pole`: 351 pixels apart before).
@Suite("Globe symbol culling")
struct GlobeSymbolCullingTests {
    /// The suite case's view: the south pole seen over the limb of a small, pitched globe.
    static func transform() -> Transform {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: -10, longitude: -88), zoom: 0.2, pitch: 35),
                          width: 256, height: 256)
        t.globeness = 1
        return t
    }

    static let offsets = (topLeft: Point(x: -22.5, y: -22.5), topRight: Point(x: 22.5, y: -22.5), bottomLeft: Point(x: -22.5, y: 22.5))

    /// Whether each of a quad's two triangles faces the camera, for an icon in the map plane at `coordinate`.
    static func facing(at coordinate: LocationCoordinate2D) -> (first: Bool, second: Bool)? {
        let t = transform()
        let world = Transform.mercator(coordinate)
        var projection = QuadProjection(anchor: Point(x: 0, y: 0), plane: t.plane(worldFraction: world), scale: 1, rotation: 0,
                                        rotateWithMap: false, pitchWithMap: true)
        projection.placeOnGlobe(world: world, ratioWorld: nil, t)
        guard case let .sphere(a, b, c, d) = projection.corners(offsets.topLeft, offsets.topRight, offsets.bottomLeft, t) else {
            return nil
        }
        // GL JS's index order: (top left, bottom left, top right) and (top right, bottom left, bottom right)
        return (PaintContext.facesCamera(a.point, c.point, b.point), PaintContext.facesCamera(b.point, c.point, d.point))
    }

    @Test("an upright quad's two triangles face the camera; mirrored, neither does")
    func winding() {
        let (tl, tr, bl, br) = (Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 10, y: 30), Point(x: 30, y: 30))
        #expect(PaintContext.facesCamera(tl, bl, tr) && PaintContext.facesCamera(tr, bl, br))
        // mirrored left to right, as a label seen past a pole is
        let mirrored = (tl: Point(x: 30, y: 10), tr: Point(x: 10, y: 10), bl: Point(x: 30, y: 30), br: Point(x: 10, y: 30))
        #expect(!PaintContext.facesCamera(mirrored.tl, mirrored.bl, mirrored.tr))
        #expect(!PaintContext.facesCamera(mirrored.tr, mirrored.bl, mirrored.br))
    }

    @Test("an icon in the map plane faces the camera on the near side and is mirrored past the pole")
    func pastThePole() throws {
        let near = try #require(Self.facing(at: LocationCoordinate2D(latitude: -10, longitude: -88)))
        #expect(near.first && near.second)
        let past = try #require(Self.facing(at: LocationCoordinate2D(latitude: -80, longitude: 32)))
        #expect(!past.first && !past.second)
    }
}
