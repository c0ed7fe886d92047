import Foundation
import Geo
import Testing

/// The globe's geometry against numbers worked out by hand from GL JS's formulas
/// (`globe_utils.ts`, `vertical_perspective_transform.ts`).
@Suite struct GlobeProjectionTests {
    @Test("Mercator fractions land on GL JS's unit sphere: y to the north pole, z to 0°, 0°, x to 90° E")
    func spherePoints() {
        let origin = GlobeProjection.spherePoint(worldX: 0.5, worldY: 0.5)
        #expect(abs(origin.x) < 1e-12 && abs(origin.y) < 1e-12 && abs(origin.z - 1) < 1e-12)
        let east = GlobeProjection.spherePoint(worldX: 0.75, worldY: 0.5)
        #expect(abs(east.x - 1) < 1e-12 && abs(east.z) < 1e-12)
        // the top of the Mercator square is 85.0511° N: sin(lat) = tanh(π)
        let top = GlobeProjection.spherePoint(worldX: 0.5, worldY: 0)
        #expect(abs(top.y - tanh(Double.pi)) < 1e-12)
        #expect(abs(asin(top.y) * 180 / .pi - WebMercator.maximumLatitude) < 1e-9)
        // the Gudermannian shortcut agrees with GL JS's 2 atan(exp(π - 2πy)) - π/2
        for y in stride(from: -0.2, through: 1.2, by: 0.05) {
            let lat = 2 * atan(exp(.pi - y * 2 * .pi)) - .pi / 2
            let p = GlobeProjection.spherePoint(worldX: 0.3, worldY: y)
            #expect(abs(p.y - sin(lat)) < 1e-12)
            #expect(abs(p.length - 1) < 1e-12)
            let lng = 0.3 * 2 * .pi - .pi
            #expect(abs(p.x - sin(lng) * cos(lat)) < 1e-12 && abs(p.z - cos(lng) * cos(lat)) < 1e-12)
        }
        // and back: degrees, then Mercator fractions
        for (lon, lat) in [(13.4, 52.52), (-179.5, -60.0), (151.2, -33.87), (0.0, 89.0)] {
            let s = GlobeProjection.spherePoint(longitude: lon, latitude: lat)
            let c = GlobeProjection.coordinate(spherePoint: s)
            #expect(abs(c.longitude - lon) < 1e-9 && abs(c.latitude - lat) < 1e-9)
        }
    }

    @Test("the globe's radius is worldSize / 2π over cos(latitude), GL JS's size rule")
    func radius() {
        #expect(abs(GlobeProjection.radiusPixels(worldSize: 512, latitude: 0) - 512 / (2 * .pi)) < 1e-12)
        #expect(abs(GlobeProjection.radiusPixels(worldSize: 1024, latitude: 60) - 1024 / (2 * .pi) / 0.5) < 1e-9)
        // moving the centre from 0° to 60° keeps the globe's size by zooming out one level
        #expect(abs(GlobeProjection.zoomAdjustment(fromLatitude: 0, toLatitude: 60) + 1) < 1e-12)
    }

    @Test("the globe preset is the sphere to zoom 11 and Mercator from 12 (GL JS 5.24)")
    func preset() {
        #expect(GlobeProjection.presetGlobeness(zoom: 0) == 1)
        #expect(GlobeProjection.presetGlobeness(zoom: 10) == 1)
        #expect(GlobeProjection.presetGlobeness(zoom: 11) == 1)
        #expect(GlobeProjection.presetGlobeness(zoom: 11.5) == 0.5)
        #expect(GlobeProjection.presetGlobeness(zoom: 12) == 0)
        #expect(GlobeProjection.presetGlobeness(zoom: 20) == 0)
    }

    @Test("the camera sees the centre at the view's centre and the limb where the tangent rays touch")
    func camera() {
        // zoom 0 at 0°, 0°, 512 x 512: R = 512 / 2π, camera 1.5 view heights... d = 0.5 / tan(fov / 2) * 512
        let fov = 0.6435011087932844
        let d = 0.5 / tan(fov / 2) * 512
        let r = 512 / (2 * Double.pi)
        let g = GlobeCamera(longitude: 0, latitude: 0, worldSize: 512, bearing: 0, pitch: 0, width: 512, height: 512, distance: d)
        let centre = g.screen(GlobeProjection.spherePoint(longitude: 0, latitude: 0))
        #expect(abs(centre.x - 256) < 1e-9 && abs(centre.y - 256) < 1e-9)
        // 90° E on the equator: at x = R in view space, R + d away from the camera
        let east = g.screen(GlobeProjection.spherePoint(longitude: 90, latitude: 0))
        #expect(abs(east.x - (256 + d * r / (r + d))) < 1e-9 && abs(east.y - 256) < 1e-9)
        // north is up on screen
        #expect(g.screen(GlobeProjection.spherePoint(longitude: 0, latitude: 30)).y < 256)
        // the camera stands 1 + d / R globe radii from the centre; the horizon plane at 1 / that
        #expect(abs(g.cameraPosition.z - (1 + d / r)) < 1e-9)
        #expect(abs(g.horizonDistance - 1 / (1 + d / r)) < 1e-12)
        #expect(!g.isVisible(Vector3(0, 1, 0)))  // the poles are past the limb at zoom 0 over the equator
        #expect(g.isVisible(Vector3(0, 0, 1)))
        #expect(!g.isVisible(Vector3(0, 0, -1)))
        // a ray through a screen point finds the sphere point drawn there
        for (lon, lat) in [(10.0, 20.0), (-40.0, -35.0), (60.0, 5.0)] {
            let s = GlobeProjection.spherePoint(longitude: lon, latitude: lat)
            let p = g.screen(s)
            let back = g.spherePoint(screenX: p.x, y: p.y)!
            #expect((back - s).length < 1e-9)
        }
        // a corner of the view is off the globe
        #expect(g.spherePoint(screenX: 0, y: 0) == nil)
    }

    @Test("bearing and pitch turn the globe as they turn the Mercator plane")
    func bearingAndPitch() {
        let d = 0.5 / tan(0.6435011087932844 / 2) * 400
        let g = GlobeCamera(longitude: 20, latitude: 40, worldSize: 512 * 8, bearing: 90, pitch: 0, width: 600, height: 400, distance: d)
        // bearing 90: north points left
        let north = g.screen(GlobeProjection.spherePoint(longitude: 20, latitude: 41))
        #expect(north.x < 300 && abs(north.y - 200) < 1e-6)
        let p = GlobeCamera(longitude: 20, latitude: 40, worldSize: 512 * 8, bearing: 0, pitch: 60, width: 600, height: 400, distance: d)
        let c = p.screen(GlobeProjection.spherePoint(longitude: 20, latitude: 40))
        #expect(abs(c.x - 300) < 1e-9 && abs(c.y - 200) < 1e-9)
        // pitched: a degree north is drawn closer to the centre than a degree south (farther away)
        let n = p.screen(GlobeProjection.spherePoint(longitude: 20, latitude: 40.5))
        let s = p.screen(GlobeProjection.spherePoint(longitude: 20, latitude: 39.5))
        #expect(200 - n.y < s.y - 200)
    }

    @Test("a roll turns the pitched globe's picture about its centre, the camera where it was (GL JS's rotateZ(roll))")
    func rollTurnsThePicture() {
        let d = 0.5 / tan(0.6435011087932844 / 2) * 400
        let plain = GlobeCamera(longitude: 20, latitude: 40, worldSize: 512 * 8, bearing: 30, pitch: 50, width: 600, height: 400, distance: d)
        let rolled = GlobeCamera(longitude: 20, latitude: 40, worldSize: 512 * 8, bearing: 30, pitch: 50, roll: 25,
                                 width: 600, height: 400, distance: d)
        // the camera where it was: the view-space origin (the rolled view's own transform of its position)
        #expect((rolled.cameraPosition - plain.cameraPosition).length < 1e-12)
        #expect(rolled.view(rolled.cameraPosition).length < 1e-6, "\(rolled.view(rolled.cameraPosition))")
        let r = 25 * Double.pi / 180
        for (longitude, latitude) in [(20.0, 40.0), (22.0, 43.0), (15.0, 38.0), (25.0, 35.0)] {
            let s = GlobeProjection.spherePoint(longitude: longitude, latitude: latitude)
            let a = plain.screen(s), b = rolled.screen(s)
            // screen offsets turn as the flat map's (`Transform.rolled`): y down, so a positive roll turns them anticlockwise
            let dx = a.x - 300, dy = a.y - 200
            #expect(abs(b.x - (300 + dx * cos(r) + dy * sin(r))) < 1e-6, "\(a) -> \(b)")
            #expect(abs(b.y - (200 - dx * sin(r) + dy * cos(r))) < 1e-6, "\(a) -> \(b)")
            // and back: the ray through the turned point meets the same place
            let back = rolled.spherePoint(screenX: b.x, y: b.y)
            #expect(back.map { ($0 - s).length < 1e-9 } == true, "\(String(describing: back)) against \(s)")
        }
    }
}
