import GeoJSON
import Testing
@testable import Rendering

/// The framebuffer a view is drawn onto: MapLibre Native's headless frontend cuts the CSS size times
/// the pixel ratio (in single precision) to whole pixels, and projects the CSS layout onto them.
@Suite struct FramebufferTests {
    @Test("the side is the CSS side times the ratio in single precision, cut to whole pixels")
    func side() {
        #expect(Transform.framebufferSide(64, pixelRatio: 1.1) == 70)
        #expect(Transform.framebufferSide(512, pixelRatio: 2) == 1024)
        #expect(Transform.framebufferSide(101, pixelRatio: 1.5) == 151)
        // 90 x 1.3 is 116.99999... in single precision, 117.00000... in double: Native draws 116 pixels
        #expect(Transform.framebufferSide(90, pixelRatio: 1.3) == 116)
        #expect(Transform.framebufferSide(1, pixelRatio: 0.5) == 0)
    }

    @Test("at a fractional ratio the view scales by the framebuffer's width over the CSS width, about its centre")
    func projection() {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 2)
        let t = Transform(camera: camera, width: 64, height: 64, pixelRatio: 1.1)
        #expect(t.width == 70 && t.height == 70)
        #expect(t.pixelRatio == 70.0 / 64)
        #expect(t.worldSize == 512 * 4 * 70 / 64)
        // the centre is the framebuffer's (35, 35), and a CSS point maps back to itself
        let centre = t.screen(plane: t.plane(LocationCoordinate2D(latitude: 0, longitude: 0)))
        #expect(centre.x == 35 && centre.y == 35)
        let c = t.coordinate(at: Point(x: 10, y: 20))
        let back = t.screenPoint(for: c!)
        #expect(abs(back.x - 10) < 1e-9 && abs(back.y - 20) < 1e-9)
        // a whole product changes nothing
        let whole = Transform(camera: camera, width: 100, height: 60, pixelRatio: 2)
        #expect(whole.pixelRatio == 2 && whole.width == 200 && whole.height == 120)
    }
}
