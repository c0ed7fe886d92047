import Foundation
import GeoJSON
import Testing
@testable import Rendering

/// The camera on the globe against MapLibre GL JS 5.24's own numbers: each expected value below is what
/// GL JS's vertical-perspective transform and camera helper give for the same input, printed by
/// `node scripts/check_globe_camera_gljs.js ~/.cache/mercator-gljs/maplibre-gl.js --gestures` (views
/// 512 x 512 points unless said; GL JS rounds to 1e-10 there).
@Suite("Globe camera: GL JS's pan, zoom about a point, setLocationAtPoint, fit, ease and fly")
struct GlobeCameraMathTests {
    static func camera(_ lon: Double, _ lat: Double, _ zoom: Double, bearing: Double = 0, pitch: Double = 0) -> MapCamera {
        MapCamera(center: LocationCoordinate2D(latitude: lat, longitude: lon), zoom: zoom, bearing: bearing, pitch: pitch)
    }

    static func close(_ c: MapCamera, _ lon: Double, _ lat: Double, _ zoom: Double, tolerance: Double = 1e-7) -> Bool {
        abs(WorldMath.wrap(longitude: c.center.longitude - lon)) < tolerance && abs(c.center.latitude - lat) < tolerance
            && abs(c.zoom - zoom) < tolerance
    }

    @Test("A pan turns the globe by GL JS's angle per point (bearing turns the drag; zoom keeps the globe's size)")
    func pan() {
        let cases: [(MapCamera, Point, (Double, Double, Double))] = [
            (Self.camera(10, 30, 1.5), Point(x: 40, y: -25), (0.0563108896, 24.6178203894, 1.5700401132)),
            (Self.camera(-70, 70, 2, bearing: 30), Point(x: -60, y: 35), (-61.1194635216, 70.0186908811, 1.9987062919)),
            (Self.camera(170, -20, 8), Point(x: 120, y: 10), (169.6704101563, -19.9741905713, 8.0002363697)),
        ]
        for (start, delta, e) in cases {
            let moved = GlobeCameraMath.panned(start, by: delta)
            #expect(Self.close(moved, e.0, e.1, e.2), "\(start) by \(delta): \(moved)")
        }
    }

    @Test("Zooming about a point keeps its location under it on the sphere, blended as GL JS blends far from the centre")
    func zoomAbout() {
        let cases: [(MapCamera, Double, Double, Point, (Double, Double, Double))] = [
            (Self.camera(10, 30, 1.5), 1, 0, Point(x: 300, y: 200), (16.5702824677, 35.8286335605, 2.4048858269)),
            (Self.camera(10, 30, 3), 0.5, 0, Point(x: 100, y: 400), (5.9913632731, 26.0693128268, 3.5527286847)),
            (Self.camera(-40, 50, 2.5, bearing: 20, pitch: 30), -0.7, 0, Point(x: 400, y: 300), (-49.1829856811, 55.6970691933, 1.6102483569)),
            (Self.camera(0, 0, 0.5), 1, 0, Point(x: 250, y: 260), (-0.4456433855, -0.3006298913, 1.4999801406)),
            (Self.camera(100, -10, 4), 0.3, 10, Point(x: 200, y: 150), (98.8524761966, -9.405955104, 4.3025576275)),
        ]
        for (start, zoomDelta, bearingDelta, around, e) in cases {
            let moved = GlobeCameraMath.zoomed(start, by: zoomDelta, bearingDelta: bearingDelta, about: around, width: 512, height: 512)
            #expect(Self.close(moved, e.0, e.1, e.2), "\(start) zoom \(zoomDelta) about \(around): \(moved)")
            #expect(abs(moved.bearing - start.bearing - bearingDelta) < 1e-12)
        }
        // a zoom that does not change the zoom leaves the centre
        let same = GlobeCameraMath.zoomed(Self.camera(10, 30, 22), by: 1, about: Point(x: 10, y: 10), width: 512, height: 512,
                                          clampZoom: { min($0, 22) })
        #expect(same.center == LocationCoordinate2D(latitude: 30, longitude: 10) && same.zoom == 22)
    }

    @Test("setLocationAtPoint solves the centre on the sphere (pitched and turned too)")
    func placing() {
        let a = GlobeCameraMath.placing(LocationCoordinate2D(latitude: 35, longitude: 20), at: Point(x: 300, y: 220),
                                        camera: Self.camera(10, 30, 2), width: 512, height: 512)
        #expect(Self.close(a, 11.748045877, 29.7219731937, 2.0040192242))
        let b = GlobeCameraMath.placing(LocationCoordinate2D(latitude: 40, longitude: -95), at: Point(x: 200, y: 300),
                                        camera: Self.camera(-100, 45, 3, bearing: -25, pitch: 20), width: 512, height: 512)
        #expect(Self.close(b, -92.4947238513, 44.0156943636, 3.0243636082))
        // the location is then under the point
        let globe = GlobeCameraMath.globeCamera(b, width: 512, height: 512)
        let under = GlobeCameraMath.location(at: Point(x: 200, y: 300), camera: globe)
        #expect(abs(under.latitude - 40) < 1e-6 && abs(under.longitude + 95) < 1e-6)
    }

    @Test("Fitting bounds on the globe: the Mercator fit's centre, the zoom that fits the unpitched globe")
    func fit() throws {
        let a = try #require(MapCamera.fitted(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), width: 800, height: 600,
                                              pixelRatio: 1, padding: (20, 20, 20, 20), bearing: 0, pitch: 0, maximumZoom: 22, onGlobe: true))
        #expect(Self.close(a, 0, 45.2192807168, 4.6837323429))
        let b = try #require(MapCamera.fitted(bounds: BoundingBox(west: -120, south: -50, east: 120, north: 70), width: 1200, height: 800,
                                              pixelRatio: 1, padding: (30, 30, 30, 30), bearing: 10, pitch: 40, maximumZoom: 22, onGlobe: true))
        #expect(Self.close(b, 0, 20.3220370165, 2.5629240429))
        #expect(b.bearing == 10 && b.pitch == 40)
        // the maximum zoom still caps it; padding wider than the view fits nothing
        let capped = try #require(MapCamera.fitted(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), width: 800, height: 600,
                                                   pixelRatio: 1, padding: (20, 20, 20, 20), bearing: 0, pitch: 0, maximumZoom: 3, onGlobe: true))
        #expect(capped.zoom == 3)
        #expect(MapCamera.fitted(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), width: 100, height: 100, pixelRatio: 1,
                                 padding: (60, 60, 60, 60), bearing: 0, pitch: 0, maximumZoom: 22, onGlobe: true) == nil)
    }

    @Test("flyTo on the globe: the angle between the centres, zooms normalized to the equator")
    func fly() throws {
        let path = try #require(CameraPath.fly(from: Self.camera(10, 20, 1.5), to: Self.camera(120, -30, 2.5), width: 512, height: 512,
                                               curve: 1.42, minimumZoom: nil, onGlobe: true))
        #expect(abs(try #require(path.length) / 1.2 - 1.404008012836343) < 1e-9)
        let expected: [(Double, Double, Double, Double)] = [
            (0.25, 44.805994039, 3.9961999273, 1.2515687695),
            (0.5, 83.7586871891, -14.2277619698, 1.3573714634),
            (0.75, 109.114177523, -25.4562351751, 1.8064158347),
        ]
        for (k, lon, lat, zoom) in expected {
            #expect(Self.close(path.camera(progress: k), lon, lat, zoom), "k \(k): \(path.camera(progress: k))")
        }
        #expect(path.camera(progress: 1) == Self.camera(120, -30, 2.5))
    }

    @Test("easeTo on the globe: longitude paced by Mercator y, the zoom kept when it does not change")
    func ease() {
        let across = CameraPath.ease(from: Self.camera(30, -60, 3), to: Self.camera(-30, 60, 3), onGlobe: true)
        for (k, lon, lat) in [(0.25, 12.5130684652, -30.0), (0.5, 0, 0), (0.75, -12.5130684652, 30)] {
            #expect(Self.close(across.camera(progress: k), lon, lat, 3), "k \(k): \(across.camera(progress: k))")
        }
        let zooming = CameraPath.ease(from: Self.camera(-0.12, 51.5, 2), to: Self.camera(139.7, 35.7, 2.5), onGlobe: true)
        let expected: [(Double, Double, Double, Double)] = [
            (0.25, 40.8696692265, 47.3034249564, 2.1525436776),
            (0.5, 77.2615240259, 43.2745621874, 2.2842234333),
            (0.75, 109.9811534151, 39.4083848424, 2.3990496001),
        ]
        for (k, lon, lat, zoom) in expected {
            #expect(Self.close(zooming.camera(progress: k), lon, lat, zoom), "k \(k): \(zooming.camera(progress: k))")
        }
        // Mercator's ease is unchanged by the new parameter's default
        // (halfway from the equator to 60° N in Mercator y is 35.26° N, not the 30° a path on the sphere would pass)
        let flat = CameraPath.ease(from: Self.camera(0, 0, 3), to: Self.camera(0, 60, 3))
        #expect(abs(flat.camera(progress: 0.5).center.latitude - 35.26) < 0.05, "\(flat.camera(progress: 0.5))")
    }

    @Test("GL JS's angle helpers")
    func helpers() {
        #expect(GlobeCameraMath.angleDifference(170, -170) == 20)
        #expect(GlobeCameraMath.angleDifference(-170, 170) == -20)
        #expect(GlobeCameraMath.angleDifference(10, 30) == 20)
        let c = GlobeCameraMath.interpolate(LocationCoordinate2D(latitude: 0, longitude: 0), dLng: 10, dLat: 0.5, k: 0.5)
        #expect(c.longitude == 5 && c.latitude == 0.25)
    }
}
