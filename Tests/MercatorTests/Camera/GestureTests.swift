import Foundation
import Mercator
import Testing

@Suite("Map gestures: scripted touch sequences and the cameras they produce")
struct GestureTests {
    typealias F = CameraFixture

    @Test("Pinch about an off-centre anchor: zoom by log2 of the spread, the point under the fingers stays under them")
    func pinch() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        let anchor = F.world(under: Point(150, 100), camera: F.start)
        try gestures.handle(.began(Point(100, 100), Point(200, 100), at: 0))
        let out = try gestures.handle(.moved(Point(40, 120), Point(240, 120), at: 0.1))
        #expect(out.gesture == .pinch)
        #expect(F.close(map.camera.zoom, 6))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(140, 120), zoom: 6)))
        #expect(F.close(map.camera.bearing, 0))
        // Pinching back in: the anchor still follows the centroid.
        try gestures.handle(.moved(Point(90, 110), Point(190, 110), at: 0.2))
        try gestures.handle(.ended(at: 0.3))
        #expect(F.close(map.camera.zoom, 5))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(140, 110), zoom: 5)))
    }

    @Test("Rotation: turning the fingers 90° clockwise lowers the bearing by 90° about their centroid")
    func rotate() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        let anchor = F.world(under: Point(150, 100), camera: F.start)
        try gestures.handle(.began(Point(100, 100), Point(200, 100), at: 0))
        try gestures.handle(.moved(Point(150, 50), Point(150, 150), at: 0.1))
        try gestures.handle(.ended(at: 0.2))
        #expect(F.close(map.camera.bearing, 270))
        #expect(F.close(map.camera.zoom, 5))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(150, 100), zoom: 5, bearing: 270)))
        // The anchor is drawn where the fingers are.
        let drawn = map.point(for: F.coordinate(anchor))
        #expect(F.close(drawn.x, 150, 1e-6) && F.close(drawn.y, 100, 1e-6))
    }

    /// Pans right by 40 points at 200 points per second and lets go.
    private func flick(_ gestures: inout MapGestures) throws {
        try gestures.handle(.began(Point(200, 150), at: 0))
        try gestures.handle(.moved(Point(220, 150), at: 0.1))
        try gestures.handle(.moved(Point(240, 150), at: 0.2))
        let out = try gestures.handle(.ended(Point(240, 150), at: 0.2))
        #expect(out.gesture == .pan)
    }

    @Test("Pan and release at speed: the map glides on, slowed by the deceleration rate per millisecond",
          arguments: [(DecelerationRate.normal, 0.998), (.fast, 0.99)])
    func panDeceleration(rate: DecelerationRate, perMillisecond r: Double) throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        gestures.decelerationRate = rate
        let anchor = F.world(under: Point(200, 150), camera: F.start)
        try flick(&gestures)
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(240, 150), zoom: 5)))
        for t in [0.25, 0.45, 0.7] {
            // Finger travel after release: ∫ v r^(1000 s) ds = v (r^(1000 t) - 1) / (1000 ln r).
            let travelled = 200 * (pow(r, 1000 * (t - 0.2)) - 1) / (1000 * log(r))
            let camera = try #require(gestures.deceleratingCamera(at: t))
            #expect(F.close(camera.center, F.center(putting: anchor, at: Point(240 + travelled, 150), zoom: 5)))
        }
        #expect(gestures.isDecelerating(at: 0.3))
        // At rest: the speed has fallen to 1 point per second; total travel (v - 1) / (1000 |ln r|).
        let rest = gestures.advance(to: 100)
        #expect(!gestures.isDecelerating(at: 100))
        #expect(F.close(rest.center, F.center(putting: anchor, at: Point(240 + 199 / (1000 * -log(r)), 150), zoom: 5)))
        #expect(map.camera == rest)
        // A new touch stops a glide where it is.
        try flick(&gestures)
        let stopped = try gestures.handle(.began(Point(10, 10), at: 0.3))
        #expect(gestures.deceleratingCamera(at: 1) == nil)
        #expect(stopped.camera == map.camera)
    }

    @Test("Deceleration rate immediate: the map stops when the finger lifts")
    func panImmediate() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        gestures.decelerationRate = .immediate
        let anchor = F.world(under: Point(200, 150), camera: F.start)
        try flick(&gestures)
        #expect(gestures.deceleratingCamera(at: 0.5) == nil)
        #expect(!gestures.isDecelerating(at: 0.21))
        #expect(F.close(gestures.advance(to: 5).center, F.center(putting: anchor, at: Point(240, 150), zoom: 5)))
    }

    @Test("A slow release (under 100 points per second) does not glide")
    func slowRelease() throws {
        var gestures = MapGestures(map: try F.map())
        try gestures.handle(.began(Point(200, 150), at: 0))
        try gestures.handle(.moved(Point(215, 150), at: 0.2))
        try gestures.handle(.moved(Point(230, 150), at: 0.4))
        try gestures.handle(.ended(at: 0.4))
        #expect(gestures.deceleratingCamera(at: 0.5) == nil)
    }

    @Test("Double tap zooms in by one about the second tap; the first tap is a single tap")
    func doubleTap() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        let anchor = F.world(under: Point(102, 81), camera: F.start)
        try gestures.handle(.began(Point(100, 80), at: 0))
        let first = try gestures.handle(.ended(Point(100, 80), at: 0.05))
        #expect(first.gesture == .singleTap)
        try gestures.handle(.began(Point(102, 81), at: 0.2))
        let second = try gestures.handle(.ended(Point(102, 81), at: 0.25))
        #expect(second.gesture == .doubleTap)
        #expect(F.close(map.camera.zoom, 6))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(102, 81), zoom: 6)))
        // A third tap soon after is a single tap again, not another double tap.
        try gestures.handle(.began(Point(102, 81), at: 0.3))
        #expect(try gestures.handle(.ended(at: 0.35)).gesture == .singleTap)
        // Taps too far apart in time are two single taps.
        try gestures.handle(.began(Point(102, 81), at: 1.0))
        #expect(try gestures.handle(.ended(at: 1.05)).gesture == .singleTap)
        #expect(F.close(map.camera.zoom, 6))
    }

    @Test("Animated tap zoom: over tapZoomDuration, eased as MapLibre Native eases, sampled with advance(to:)")
    func animatedDoubleTap() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        gestures.tapZoomDuration = 0.3
        let anchor = F.world(under: Point(102, 81), camera: F.start)
        try gestures.handle(.began(Point(100, 80), at: 0))
        try gestures.handle(.ended(at: 0.05))
        try gestures.handle(.began(Point(102, 81), at: 0.2))
        let tap = try gestures.handle(.ended(at: 0.25))
        #expect(tap.gesture == .doubleTap && tap.camera == F.start)
        #expect(gestures.isAnimating(at: 0.4))
        let k = UnitBezier(0, 0, 0.25, 1).solve(0.5)
        let mid = gestures.advance(to: 0.4)
        #expect(F.close(mid.zoom, 5 + k))
        #expect(F.close(mid.center, F.center(putting: anchor, at: Point(102, 81), zoom: 5 + k)))
        let end = gestures.advance(to: 2)
        #expect(!gestures.isAnimating(at: 2))
        #expect(F.close(end.zoom, 6) && F.close(end.center, F.center(putting: anchor, at: Point(102, 81), zoom: 6)))
    }

    @Test("Two-finger tap zooms out by one about the fingers' centroid")
    func twoFingerTap() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        let anchor = F.world(under: Point(120, 100), camera: F.start)
        try gestures.handle(.began(Point(100, 100), Point(140, 100), at: 0))
        let out = try gestures.handle(.ended(Point(101, 100), Point(141, 101), at: 0.1))
        #expect(out.gesture == .twoFingerTap)
        #expect(F.close(map.camera.zoom, 4))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(120, 100), zoom: 4)))
    }

    @Test("One-finger zoom: tap, then touch and drag up 75 points per zoom level about the touch")
    func oneFingerZoom() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        let anchor = F.world(under: Point(100, 100), camera: F.start)
        try gestures.handle(.began(Point(100, 100), at: 0))
        try gestures.handle(.ended(at: 0.05))
        try gestures.handle(.began(Point(100, 100), at: 0.2))
        let mid = try gestures.handle(.moved(Point(100, 70), at: 0.3))
        #expect(mid.gesture == .oneFingerZoom)
        #expect(F.close(map.camera.zoom, 5.4))
        try gestures.handle(.moved(Point(103, 25), at: 0.4))
        #expect(F.close(map.camera.zoom, 6))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(100, 100), zoom: 6)))
        // Dragging down past the start zooms out.
        try gestures.handle(.moved(Point(100, 250), at: 0.5))
        try gestures.handle(.ended(at: 0.6))
        #expect(F.close(map.camera.zoom, 3))
        #expect(F.close(map.camera.center, F.center(putting: anchor, at: Point(100, 100), zoom: 3)))
    }

    @Test("Two-finger vertical drag pitches 0.5° per point up, about the centre, up to 85°")
    func pitchDrag() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        try gestures.handle(.began(Point(150, 200), Point(250, 200), at: 0))
        let out = try gestures.handle(.moved(Point(150, 180), Point(250, 180), at: 0.1))
        #expect(out.gesture == .pitch)
        #expect(F.close(map.camera.pitch, 10))
        try gestures.handle(.moved(Point(150, 120), Point(250, 120), at: 0.2))
        #expect(F.close(map.camera.pitch, 40))
        try gestures.handle(.moved(Point(150, 0), Point(250, 0), at: 0.3))
        #expect(F.close(map.camera.pitch, 85))
        try gestures.handle(.moved(Point(150, 60), Point(250, 60), at: 0.4))
        try gestures.handle(.ended(at: 0.5))
        #expect(F.close(map.camera.pitch, 55))
        #expect(map.camera.center == F.start.center && map.camera.zoom == 5)
    }

    @Test("Pinch and pan on a pitched, rotated map keep the anchor under the fingers")
    func pitchedPinch() throws {
        let start = MapCamera(center: F.start.center, zoom: 5, bearing: 30, pitch: 45)
        let map = try F.map(camera: start)
        var gestures = MapGestures(map: map)
        let anchor = try #require(map.coordinate(for: Point(150, 200)))
        try gestures.handle(.began(Point(100, 200), Point(200, 200), at: 0))
        try gestures.handle(.moved(Point(60, 230), Point(260, 230), at: 0.1))
        try gestures.handle(.ended(at: 0.2))
        #expect(F.close(map.camera.zoom, 6))
        let drawn = map.point(for: anchor)
        #expect(F.close(drawn.x, 160, 1e-6) && F.close(drawn.y, 230, 1e-6))
    }

    @Test("Switches off: zoomEnabled, rotateEnabled, scrollEnabled and pitchEnabled stop their gestures")
    func switchesOff() throws {
        // Zoom off: pinching, double taps, two-finger taps and one-finger zoom leave the zoom.
        var map = try F.map()
        var gestures = MapGestures(map: map)
        gestures.zoomEnabled = false
        try gestures.handle(.began(Point(150, 150), Point(250, 150), at: 0))
        try gestures.handle(.moved(Point(100, 150), Point(300, 150), at: 0.1))
        try gestures.handle(.ended(at: 0.2))
        #expect(F.same(map.camera, F.start))
        try gestures.handle(.began(Point(100, 100), at: 1))
        try gestures.handle(.ended(at: 1.05))
        try gestures.handle(.began(Point(100, 100), at: 1.2))
        #expect(try gestures.handle(.ended(at: 1.25)).gesture == .singleTap)
        try gestures.handle(.began(Point(100, 100), Point(140, 100), at: 2))
        #expect(try gestures.handle(.ended(at: 2.1)).gesture == nil)
        #expect(F.same(map.camera, F.start))

        // Rotation off: the bearing stays; the zoom still follows the spread.
        map = try F.map()
        gestures = MapGestures(map: map)
        gestures.rotateEnabled = false
        try gestures.handle(.began(Point(150, 150), Point(250, 150), at: 0))
        try gestures.handle(.moved(Point(200, 50), Point(200, 250), at: 0.1))
        #expect(map.camera.bearing == 0)
        #expect(F.close(map.camera.zoom, 6))

        // Scrolling off: one finger does nothing.
        map = try F.map()
        gestures = MapGestures(map: map)
        gestures.scrollEnabled = false
        try gestures.handle(.began(Point(200, 150), at: 0))
        #expect(try gestures.handle(.moved(Point(300, 250), at: 0.1)).gesture == nil)
        try gestures.handle(.ended(at: 0.1))
        #expect(gestures.deceleratingCamera(at: 0.2) == nil)
        #expect(F.same(map.camera, F.start))

        // Pitch off: a vertical two-finger drag leaves the pitch.
        map = try F.map()
        gestures = MapGestures(map: map)
        gestures.pitchEnabled = false
        try gestures.handle(.began(Point(150, 200), Point(250, 200), at: 0))
        #expect(try gestures.handle(.moved(Point(150, 150), Point(250, 150), at: 0.1)).gesture == .pinch)
        #expect(map.camera.pitch == 0)
    }

    @Test("Constraints: zoom range, 85° pitch limit and latitude bounds")
    func constraints() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        gestures.constraints = CameraConstraints(minimumZoom: 2, maximumZoom: 5.5, maximumPitch: 80)
        #expect(gestures.constraints.maximumPitch == 80)
        #expect(CameraConstraints(maximumPitch: 120).maximumPitch == 85)
        try gestures.handle(.began(Point(150, 150), Point(250, 150), at: 0))
        try gestures.handle(.moved(Point(100, 150), Point(300, 150), at: 0.1))
        #expect(map.camera.zoom == 5.5)
        try gestures.handle(.moved(Point(199, 150), Point(201, 150), at: 0.2))
        #expect(map.camera.zoom == 2)
        try gestures.handle(.ended(at: 0.3))
        // Dragging the map down moves the centre north (to about 61°): it stops at the bound.
        gestures.constraints.latitudeBounds = -10...30
        try gestures.handle(.began(Point(200, 10), at: 2))
        try gestures.handle(.moved(Point(200, 290), at: 2.1))
        try gestures.handle(.ended(at: 2.1))
        #expect(map.camera.center.latitude == 30)
    }

    @Test("Height-only constraint (MapLibre Native's default): the world's top edge stops at the view's top")
    func heightOnly() throws {
        let map = try F.map(camera: MapCamera(center: F.start.center, zoom: 2))
        var gestures = MapGestures(map: map)
        /// Slow drags down the view (no glide: the last sample stands still).
        func dragDown(times: Int, from t: Double) throws {
            for i in 0..<times {
                let t0 = t + Double(i) * 10
                try gestures.handle(.began(Point(200, 10), at: t0))
                try gestures.handle(.moved(Point(200, 290), at: t0 + 1))
                try gestures.handle(.moved(Point(200, 290), at: t0 + 2))
                try gestures.handle(.ended(at: t0 + 2))
            }
        }
        try dragDown(times: 5, from: 0)
        // World 2048 points tall, view 300: the centre stays 150 points below the top edge.
        #expect(F.close(F.world(map.camera.center).y, 150.0 / 2048))
        #expect(F.close(map.point(for: LocationCoordinate2D(latitude: 85.0511287798066, longitude: 10)).y, 0, 1e-6))
        // Without it only the latitude bounds hold.
        gestures.constraints.mode = .none
        try dragDown(times: 1, from: 100)
        #expect(F.world(map.camera.center).y < 150.0 / 2048)
    }

    @Test("Single tap: selects the annotation there, else returns the features there")
    func singleTap() throws {
        let map = try F.map()
        var gestures = MapGestures(map: map)
        let pin = try map.addAnnotation(PointAnnotation(coordinate: F.start.center, title: "Here"))
        // The pin stands on its coordinate (the view centre): tap its head.
        try gestures.handle(.began(Point(200, 130), at: 0))
        let onPin = try gestures.handle(.ended(at: 0.05))
        guard case .annotation(let id)? = onPin.tap else { Issue.record("expected the pin, got \(String(describing: onPin.tap))"); return }
        #expect(id == pin)
        #expect(map.selectedAnnotation == pin)
        // The polygon west of the centre (8..9.5° E): its features, and the selection cleared.
        let west = map.point(for: LocationCoordinate2D(latitude: 20, longitude: 8.75))
        try gestures.handle(.began(west, at: 5))
        let onLand = try gestures.handle(.ended(at: 5.05))
        guard case .features(let features)? = onLand.tap else { Issue.record("expected features"); return }
        #expect(features.map(\.layerIdentifier) == ["land"])
        #expect(map.selectedAnnotation == nil)
    }
}
