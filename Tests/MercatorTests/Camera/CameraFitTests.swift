import Foundation
import Mercator
import Testing

@Suite("Fitted cameras (cameraThatFitsCoordinateBounds), checked against MapLibre GL JS 5.3's cameraForBounds")
struct CameraFitTests {
    typealias F = CameraFixture

    // Expected values: GL JS 5.3.0's cameraForBounds run in node on the same inputs
    // (scripts/check_camera_gljs.js regenerates and compares them).

    @Test("A box with even padding, north up")
    func evenPadding() throws {
        let c = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50),
                                      in: MapSize(width: 800, height: 600), padding: EdgePadding(all: 20))
        #expect(F.close(c.zoom, 4.73978060977326))
        #expect(F.close(c.center, LocationCoordinate2D(latitude: 45.219280716800824, longitude: 0)))
    }

    @Test("A box turned by the bearing")
    func bearing() throws {
        let c = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50),
                                      in: MapSize(width: 800, height: 600), padding: EdgePadding(all: 20), bearing: 30)
        #expect(F.close(c.zoom, 4.142525096776244))
        #expect(F.close(c.center, LocationCoordinate2D(latitude: 45.219280716800824, longitude: 0)))
        #expect(c.bearing == 30)
    }

    @Test("Uneven padding moves the centre by half the difference")
    func unevenPadding() throws {
        let c = try MapCamera.fitting(bounds: BoundingBox(west: -79.5, south: 43.6, east: -79.3, north: 43.75),
                                      in: MapSize(width: 512, height: 512),
                                      padding: EdgePadding(top: 10, left: 80, bottom: 40, right: 5))
        #expect(F.close(c.zoom, 10.55187345083759))
        #expect(F.close(c.center, LocationCoordinate2D(latitude: 43.66996514490515, longitude: -79.4175644028103)))
    }

    @Test("Coordinates and shapes fit as their bounding box; the zoom is capped")
    func coordinatesAndShapes() throws {
        let size = MapSize(width: 800, height: 600)
        let box = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), in: size, padding: EdgePadding(all: 20))
        let points = [LocationCoordinate2D(latitude: 40, longitude: 10), LocationCoordinate2D(latitude: 45, longitude: -10),
                      LocationCoordinate2D(latitude: 50, longitude: 0)]
        #expect(F.same(try MapCamera.fitting(coordinates: points, in: size, padding: EdgePadding(all: 20)), box))
        #expect(F.same(try MapCamera.fitting(shape: Polyline(coordinates: points), in: size, padding: EdgePadding(all: 20)), box))
        let tiny = try MapCamera.fitting(bounds: BoundingBox(west: 2.29, south: 48.85, east: 2.3, north: 48.86), in: size, maximumZoom: 14)
        #expect(tiny.zoom == 14)
        #expect(throws: CameraFitError.empty) { try MapCamera.fitting(coordinates: [], in: size) }
        #expect(throws: CameraFitError.self) { try MapCamera.fitting(bounds: BoundingBox(west: 0, south: 0, east: 1, north: 1), in: size, padding: EdgePadding(all: 500)) }
    }

    @Test("Map's SDK-named fitting methods use its size and its (or the given camera's) bearing and pitch")
    func mapMethods() throws {
        let size = MapSize(width: 800, height: 600)
        let box = BoundingBox(west: -10, south: 40, east: 10, north: 50)
        let map = Map(style: Style(), camera: MapCamera(bearing: 30), size: size)
        #expect(try map.cameraThatFitsCoordinateBounds(box, edgePadding: EdgePadding(all: 20))
                == MapCamera.fitting(bounds: box, in: size, padding: EdgePadding(all: 20), bearing: 30))
        #expect(try map.camera(MapCamera(bearing: 10, pitch: 20), fittingCoordinateBounds: box).pitch == 20)
        let line = Polyline(coordinates: [LocationCoordinate2D(latitude: 40, longitude: -10), LocationCoordinate2D(latitude: 50, longitude: 10)])
        #expect(try map.cameraThatFitsShape(line, direction: 30, edgePadding: EdgePadding(all: 20))
                == MapCamera.fitting(bounds: box, in: size, padding: EdgePadding(all: 20), bearing: 30))
        let target = MapCamera(center: LocationCoordinate2D(latitude: 45, longitude: 5), zoom: 6)
        #expect(map.flyAnimation(to: target, duration: 2).camera(at: 2) == target)
    }

    @Test("Across the antimeridian: a box whose west is greater than its east")
    func antimeridian() throws {
        let c = try MapCamera.fitting(bounds: BoundingBox(west: 170, south: -20, east: -170, north: -10), in: MapSize(width: 640, height: 480))
        #expect(F.close(c.zoom, 4.491853096330))
        #expect(F.close(abs(c.center.longitude), 180))
    }

    @Test("A pitched fit: the corners' screen box fills the padded view on one axis and stays inside on the other")
    func pitched() throws {
        let size = MapSize(width: 800, height: 600)
        let padding = EdgePadding(top: 30, left: 20, bottom: 10, right: 40)
        let c = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), in: size,
                                      padding: padding, bearing: 20, pitch: 50)
        #expect(c.pitch == 50 && c.bearing == 20)
        let corners = [(-10.0, 40.0), (10, 40), (10, 50), (-10, 50)].map { c.point(for: LocationCoordinate2D(latitude: $0.1, longitude: $0.0), in: size) }
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        #expect(minX >= padding.left - 1e-6 && maxX <= 800 - padding.right + 1e-6)
        #expect(minY >= padding.top - 1e-6 && maxY <= 600 - padding.bottom + 1e-6)
        let fillsX = F.close(minX, padding.left, 1e-6) && F.close(maxX, 800 - padding.right, 1e-6)
        let fillsY = F.close(minY, padding.top, 1e-6) && F.close(maxY, 600 - padding.bottom, 1e-6)
        #expect(fillsX || fillsY)
    }

    @Test("Screen point <-> coordinate for pitched, rotated cameras is the projection Map.point(for:) uses")
    func projection() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 43.65, longitude: -79.38), zoom: 14, bearing: 37, pitch: 55)
        let size = MapSize(width: 640, height: 480, pixelRatio: 2)
        let map = Map(style: Style(), camera: camera, size: size)
        for p in [Point(0, 479), Point(320, 240), Point(600, 100), Point(17, 300)] {
            let c = try #require(camera.coordinate(for: p, in: size))
            let back = camera.point(for: c, in: size)
            #expect(F.close(back.x, p.x, 1e-7) && F.close(back.y, p.y, 1e-7))
            #expect(map.point(for: c) == back)
            #expect(map.coordinate(for: p) == c)
        }
        // At the 60° limit the top edge still sees the ground (60° + half the 36.9° field of view < 90°),
        // north of the centre when facing north.
        let steep = MapCamera(center: camera.center, zoom: 14, pitch: 60)
        #expect(try #require(steep.coordinate(for: Point(320, 0), in: MapSize(width: 640, height: 480))).latitude > camera.center.latitude)
    }
}
