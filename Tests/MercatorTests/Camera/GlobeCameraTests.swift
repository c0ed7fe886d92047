import Foundation
import Mercator
import Testing

/// The map's camera on the globe: gestures, fitting, flights and queries as MapLibre GL JS 5.24 does them.
/// The expected numbers are GL JS's own (`node scripts/check_globe_camera_gljs.js … --gestures`), for
/// views of 512 x 512 points unless said.
@Suite("Globe camera: gestures, fitting, flights and queries on a map drawing the globe")
struct GlobeCameraTests {
    typealias F = CameraFixture

    /// A map drawing a globe at every zoom (`vertical-perspective`) with `F.map`'s layers.
    static func globeMap(_ lon: Double, _ lat: Double, _ zoom: Double, size: MapSize = MapSize(width: 512, height: 512)) throws -> Map {
        let map = try F.map(camera: MapCamera(center: LocationCoordinate2D(latitude: lat, longitude: lon), zoom: zoom))
        map.size = size
        try map.setProjection(.verticalPerspective)
        #expect(map.projectionGlobeness == 1)
        return map
    }

    static func close(_ c: MapCamera, _ lon: Double, _ lat: Double, _ zoom: Double, _ tolerance: Double = 1e-7) -> Bool {
        F.close(c.center.longitude, lon, tolerance) && F.close(c.center.latitude, lat, tolerance) && F.close(c.zoom, zoom, tolerance)
    }

    @Test("A drag turns the globe by GL JS's angle per point, not keeping the flat map's point under the finger")
    func pan() throws {
        let map = try Self.globeMap(10, 30, 1.5)
        var gestures = MapGestures(map: map)
        try gestures.handle(.began(Point(256, 256), at: 0))
        let out = try gestures.handle(.moved(Point(296, 231), at: 0.05))
        #expect(out.gesture == .pan)
        #expect(Self.close(map.camera, 0.0563108896, 24.6178203894, 1.5700401132), "\(map.camera)")
        // released fast, the glide keeps turning the globe the same way, then stops
        try gestures.handle(.moved(Point(336, 206), at: 0.1))
        try gestures.handle(.ended(Point(336, 206), at: 0.1))
        let released = map.camera
        #expect(gestures.isDecelerating(at: 0.2))
        let later = gestures.advance(to: 5)
        #expect(later.center.longitude < released.center.longitude && later.center.latitude < released.center.latitude)
        #expect(!gestures.isDecelerating(at: 5))
    }

    @Test("A double tap zooms in about the tap on the sphere (GL JS's zoom about a point)")
    func doubleTap() throws {
        let map = try Self.globeMap(10, 30, 1.5)
        var gestures = MapGestures(map: map)
        try gestures.handle(.began(Point(300, 200), at: 0))
        try gestures.handle(.ended(Point(300, 200), at: 0.05))
        try gestures.handle(.began(Point(300, 200), at: 0.15))
        let out = try gestures.handle(.ended(Point(300, 200), at: 0.2))
        #expect(out.gesture == .doubleTap)
        #expect(Self.close(map.camera, 16.5702824677, 35.8286335605, 2.4048858269), "\(map.camera)")
    }

    @Test("A pinch zooms about the fingers on the sphere; the location under them stays under them")
    func pinch() throws {
        let map = try Self.globeMap(10, 30, 3)
        var gestures = MapGestures(map: map)
        let before = try #require(map.coordinate(for: Point(200, 300)))
        try gestures.handle(.began(Point(150, 300), Point(250, 300), at: 0))
        try gestures.handle(.moved(Point(120, 300), Point(280, 300), at: 0.1))
        #expect(F.close(map.camera.zoom, 3 + log2(160.0 / 100), 0.05))
        let after = try #require(map.coordinate(for: Point(200, 300)))
        #expect(F.close(after.latitude, before.latitude, 1e-6) && F.close(after.longitude, before.longitude, 1e-6))
    }

    @Test("Fitting bounds, flying and easing use GL JS's globe camera on a globe map; Mercator's elsewhere")
    func fitAndFly() throws {
        let map = try Self.globeMap(0, 0, 2, size: MapSize(width: 800, height: 600))
        let fit = try map.cameraThatFitsCoordinateBounds(BoundingBox(west: -10, south: 40, east: 10, north: 50),
                                                         edgePadding: EdgePadding(all: 20))
        #expect(Self.close(fit, 0, 45.2192807168, 4.6837323429))
        let flat = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), in: map.size,
                                         padding: EdgePadding(all: 20))
        #expect(abs(flat.zoom - fit.zoom) > 0.01)

        let flying = try Self.globeMap(10, 20, 1.5)
        let fly = flying.flyAnimation(to: MapCamera(center: LocationCoordinate2D(latitude: -30, longitude: 120), zoom: 2.5))
        #expect(F.close(fly.duration, 1.404008012836343, 1e-9))
        #expect(Self.close(fly.camera(progress: 0.5), 83.7586871891, -14.2277619698, 1.3573714634))
        let ease = flying.easeAnimation(to: MapCamera(center: LocationCoordinate2D(latitude: 51.5, longitude: -0.12), zoom: 1.5))
        // not zooming: the zoom stays while the centre moves (the globe's size changes with the latitude)
        #expect(ease.camera(progress: 0.5).zoom == 1.5)
    }

    @Test("Queries hit the sphere: a fill on the near side is found, the same fill behind the globe is not")
    func queries() throws {
        let near = try Self.globeMap(10, 20, 1.5)
        let p = near.point(for: LocationCoordinate2D(latitude: 20, longitude: 8.75))
        #expect(try near.visibleFeatures(at: p).contains { $0.layerIdentifier == "land" })
        #expect(try !near.visibleFeatures(at: Point(5, 5)).contains { $0.layerIdentifier == "land" })
        // the polygon (8-9.5° E, 19-21° N) is near the antipode of this view's centre
        let far = try Self.globeMap(-170, -20, 1.5)
        let all = ScreenRect(x: 0, y: 0, width: 512, height: 512)
        #expect(try !far.visibleFeatures(in: all).contains { $0.layerIdentifier == "land" })
        #expect(try near.visibleFeatures(in: all).contains { $0.layerIdentifier == "land" })
    }
}
