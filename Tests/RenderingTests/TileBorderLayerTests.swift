import Testing
@testable import Rendering

/// The tile-boundaries overlay's edges in pitched views.
@Suite("Tile-boundaries overlay: edges behind the camera")
struct TileBorderLayerTests {
    static let pitched = Transform(camera: MapCamera(zoom: 6, pitch: 60), width: 64, height: 64)

    @Test("an edge crossing under the camera is cut where it meets the camera's foot; one wholly behind is dropped")
    func cutAtTheCamera() throws {
        let t = Self.pitched
        let limit = t.cameraToCenterDistance / t.sinPitch
        let (a, b) = try #require(TileBorderLayer.inFront(Point(x: 10, y: -50), Point(x: 10, y: 3 * limit), t))
        #expect(a == Point(x: 10, y: -50))
        #expect(b.y < limit && b.y > 0.9 * limit)
        #expect(t.screen(plane: b).y.isFinite && t.screen(plane: b).y < 1e5)
        #expect(TileBorderLayer.inFront(Point(x: 0, y: 2 * limit), Point(x: 5, y: 3 * limit), t) == nil)
    }

    @Test("without pitch every edge is kept whole")
    func flat() throws {
        let t = Transform(camera: MapCamera(zoom: 6), width: 64, height: 64)
        let (a, b) = try #require(TileBorderLayer.inFront(Point(x: 0, y: -1e6), Point(x: 0, y: 1e6), t))
        #expect(a.y == -1e6 && b.y == 1e6)
    }
}
