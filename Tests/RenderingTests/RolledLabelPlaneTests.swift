import Foundation
import GeoJSON
import Testing
@testable import Rendering

/// A label pitched with the map and turned with the viewport in a rolled view: GL JS lays its axes along the plane
/// directions the screen's horizontal and vertical come from (`getGlCoordMatrix`'s `vecEast`, `vecSouth`).
@Suite("Rolled label plane")
struct RolledLabelPlaneTests {
    static func transform(bearing: Double, pitch: Double, roll: Double) -> Transform {
        Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 15, bearing: bearing,
                                    pitch: pitch, roll: roll),
                  width: 256, height: 256)
    }

    @Test("the label's x axis stays level on the screen and its y axis upright", arguments: [
        (0.0, 75.0, 45.0), (40.0, 60.0, -30.0), (0.0, 50.0, 15.0), (-20.0, 70.0, 60.0),
    ])
    func levelOnScreen(bearing: Double, pitch: Double, roll: Double) {
        let t = Self.transform(bearing: bearing, pitch: pitch, roll: roll)
        let centre = t.screen(plane: Point(x: 0, y: 0))
        // a short step from the centre along each axis, seen on the screen
        let east = t.screen(plane: QuadProjection.viewportAligned(Point(x: 0.01, y: 0), t)) - centre
        let south = t.screen(plane: QuadProjection.viewportAligned(Point(x: 0, y: 0.01), t)) - centre
        #expect(abs(east.y) < 1e-6 && east.x > 0, "\(east)")
        #expect(abs(south.x) < 1e-6 && south.y > 0, "\(south)")
    }

    @Test("without a roll the axes are the plane's")
    func unrolled() {
        let t = Self.transform(bearing: 30, pitch: 60, roll: 0)
        #expect(QuadProjection.viewportAligned(Point(x: 3, y: -2), t) == Point(x: 3, y: -2))
    }
}
