import Foundation
import Mercator
import Testing

@Suite("easeTo and flyTo sampled at given times, checked against MapLibre GL JS 5.3")
struct CameraAnimationTests {
    typealias F = CameraFixture

    static let newYork = MapCamera(center: LocationCoordinate2D(latitude: 40.73, longitude: -73.99), zoom: 3)
    static let paris = MapCamera(center: LocationCoordinate2D(latitude: 48.85, longitude: 2.35), zoom: 12, bearing: 30, pitch: 40)

    @Test("flyTo's endpoints are the start and the target; its length is S / speed")
    func flyEndpoints() {
        let fly = CameraAnimation.fly(from: Self.newYork, to: Self.paris, in: MapSize(width: 800, height: 600))
        // GL JS: 4702.730688307419 ms for the same flight.
        #expect(F.close(fly.duration, 4.702730688307419))
        #expect(F.same(fly.camera(at: 0), Self.newYork))
        #expect(fly.camera(at: fly.duration) == Self.paris)
        #expect(fly.camera(at: 99) == Self.paris)
        #expect(fly.camera(at: -1) == fly.camera(at: 0))
        #expect(fly.isFinished(at: fly.duration) && !fly.isFinished(at: 1))
    }

    @Test("flyTo's midpoints: the cameras GL JS's frame function gives at the same eased progress",
          arguments: [
            (0.25, -5.174641919447481, 48.100506632293786, 3.4524935640076517, 7.5, 10.0),
            (0.5, 2.2011890838206227, 48.83528492561027, 6.2218530728945955, 15, 20),
            (0.75, 2.3473368439242677, 48.84973669347099, 9.109799541464202, 22.5, 30),
          ])
    func flyMidpoints(k: Double, lon: Double, lat: Double, zoom: Double, bearing: Double, pitch: Double) {
        let fly = CameraAnimation.fly(from: Self.newYork, to: Self.paris, in: MapSize(width: 800, height: 600))
        let c = fly.camera(progress: k)
        #expect(F.close(c.center, LocationCoordinate2D(latitude: lat, longitude: lon)))
        #expect(F.close(c.zoom, zoom))
        #expect(F.close(c.bearing, bearing) && F.close(c.pitch, pitch))
    }

    @Test("Time goes through GL JS's default easing, bezier(0.25, 0.1, 0.25, 1)")
    func easing() {
        let fly = CameraAnimation.fly(from: Self.newYork, to: Self.paris, in: MapSize(width: 800, height: 600))
        // GL JS: easing(0.3) = 0.5133153550526887, easing(0.5) = 0.8024033876954126.
        #expect(F.close(fly.progress(at: 0.3 * fly.duration), 0.5133153550526887, 1e-12))
        #expect(F.close(fly.progress(at: 0.5 * fly.duration), 0.8024033876954126, 1e-12))
    }

    @Test("flyTo zooms out over a long flight: the arc's top is below both ends")
    func arc() {
        let fly = CameraAnimation.fly(from: MapCamera(center: LocationCoordinate2D(latitude: 37.77, longitude: -122.42), zoom: 10),
                                      to: MapCamera(center: LocationCoordinate2D(latitude: 35.68, longitude: 139.69), zoom: 10),
                                      in: MapSize(width: 512, height: 512))
        let top = (0...20).map { fly.camera(progress: Double($0) / 20).zoom }.min()!
        #expect(top < 5)
        // It goes west across the Pacific (the short way), not east across America.
        #expect(fly.camera(progress: 0.5).center.longitude > 150 || fly.camera(progress: 0.5).center.longitude < -150)
    }

    @Test("A zoom-only flyTo keeps the centre and zooms exponentially")
    func zoomOnly() {
        let start = MapCamera(center: LocationCoordinate2D(latitude: 50, longitude: 10), zoom: 4)
        var target = start
        target.zoom = 9
        let fly = CameraAnimation.fly(from: start, to: target, in: MapSize(width: 512, height: 512))
        // S = |ln(w1 / w0)| / rho = 5 ln 2 / 1.42, at 1.2 per second.
        #expect(F.close(fly.duration, 5 * log(2) / 1.42 / 1.2))
        for k in stride(from: 0.0, through: 1, by: 0.125) {
            let c = fly.camera(progress: k)
            #expect(F.close(c.center, start.center))
            #expect(F.close(c.zoom, 4 + 5 * k))
        }
    }

    @Test("easeTo: GL JS's frame at progress 0.5; the bearing turns the short way round")
    func ease() {
        let start = MapCamera(center: LocationCoordinate2D(latitude: 51.5, longitude: -0.12), zoom: 6)
        let target = MapCamera(center: LocationCoordinate2D(latitude: 52.5, longitude: 13.4), zoom: 6.5, bearing: 45, pitch: 30)
        let ease = CameraAnimation.ease(from: start, to: target, duration: 1)
        let mid = ease.camera(progress: 0.5)
        #expect(F.close(mid.center, LocationCoordinate2D(latitude: 52.097295419093314, longitude: 7.919040097418701)))
        #expect(F.close(mid.zoom, 6.25) && F.close(mid.bearing, 22.5) && F.close(mid.pitch, 15))
        #expect(ease.camera(at: 1) == target)
        let turn = CameraAnimation.ease(from: MapCamera(bearing: 350), to: MapCamera(bearing: 10))
        #expect(F.close(turn.camera(progress: 0.5).bearing, 360))
    }
}
