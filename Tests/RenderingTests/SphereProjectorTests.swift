import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// The painters' inlined projection must give the globe view's own numbers exactly: the pictures stay the same to
/// the bit whichever path a point takes.
@Suite struct SphereProjectorTests {
    @Test("SphereProjector gives GlobeView.project's screen position and horizon side to the bit")
    func matchesTheGlobeView() throws {
        let cameras = [MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.36, bearing: 72),
                       MapCamera(center: LocationCoordinate2D(latitude: -70, longitude: 170), zoom: 0.5, bearing: 200, pitch: 60),
                       MapCamera(center: LocationCoordinate2D(latitude: 45, longitude: -100), zoom: 8, pitch: 30)]
        var rng = SystemRandomNumberGenerator()
        for camera in cameras {
            var t = Transform(camera: camera, width: 800, height: 600)
            t.globeness = 1
            let g = try #require(t.globe)
            let projector = SphereProjector(g.camera)
            for _ in 0..<2000 {
                let x = Double.random(in: -0.5...1.5, using: &rng), y = Double.random(in: 0.001...0.999, using: &rng)
                let s = g.spherePoint(worldX: x, y: y)
                let own = g.project(sphere: s, worldX: x, y: y)
                let inlined = projector.project(s)
                let sameX = own.x.bitPattern == inlined.x.bitPattern, sameY = own.y.bitPattern == inlined.y.bitPattern
                let sameSide = own.side.bitPattern == inlined.side.bitPattern
                #expect(sameX && sameY && sameSide, "\(camera) at (\(x), \(y))")
            }
        }
    }
}
