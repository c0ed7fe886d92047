import Foundation
import GeoJSON
import Mercator
import MercatorTestSupport
import Testing

/// Issue 40: a box reaching a pole fits the Mercator world (latitudes clamped to ±`WebMercator.maximumLatitude`,
/// atan(sinh(π)), as GL JS's `project` clamps them to its 85.0511287798, 7e-12° less), not a picture filled with Antarctica.
@Suite("Fitted cameras clamp latitudes to the Mercator square")
struct CameraPoleClampTests {
    static let limit = WebMercator.maximumLatitude

    @Test("A box past the Mercator latitudes fits as the box clamped to them")
    func clampedBox() throws {
        let size = MapSize(width: 800, height: 600)
        let polar = try MapCamera.fitting(bounds: BoundingBox(west: -180, south: -89.99, east: 180, north: 83.6), in: size)
        let clamped = try MapCamera.fitting(bounds: BoundingBox(west: -180, south: -Self.limit, east: 180, north: 83.6), in: size)
        #expect(polar.zoom == clamped.zoom)
        #expect(polar.center == clamped.center)
        // The world is 512 points wide at zoom 0: 800 points of room fit it at zoom > 0, centred near the equator.
        #expect(polar.zoom > 0)
        #expect(abs(polar.center.latitude) < 10)
        let poles = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: -90, east: 10, north: 90), in: size)
        #expect(poles.center.latitude.magnitude < 1e-9)
        #expect(poles.zoom.isFinite)
        // Boxes inside the square are unchanged (the GL JS figures of CameraFitTests still hold).
        let inside = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: 40, east: 10, north: 50), in: size,
                                           padding: EdgePadding(all: 20))
        #expect(abs(inside.zoom - 4.73978060977326) < 1e-9)
    }

    @Test("A pitched fit of a polar box is finite and clamped the same way")
    func pitched() throws {
        let size = MapSize(width: 800, height: 600)
        let polar = try MapCamera.fitting(bounds: BoundingBox(west: -30, south: -89.99, east: 30, north: 89.99), in: size, pitch: 40)
        let clamped = try MapCamera.fitting(bounds: BoundingBox(west: -30, south: -Self.limit, east: 30, north: Self.limit), in: size, pitch: 40)
        #expect(abs(polar.zoom - clamped.zoom) < 1e-12)
        #expect(abs(polar.center.latitude - clamped.center.latitude) < 1e-9)
    }

    @Test("Natural Earth's countries fit the world (mercator render countries.geojson)",
          .needsShared)
    func naturalEarthCountries() throws {
        let url = try #require(SharedFixtures.root()).appendingPathComponent("data/ne_50m_admin_0_countries.geojson")
        let object = try GeoJSONObject(parsing: Data(contentsOf: url))
        let bounds = try #require(GeoJSONSummary(object).bounds)
        #expect(bounds.south < -89)  // Antarctica reaches the pole
        let size = MapSize(width: 1024, height: 768)
        let map = try Map(geoJSON: object, size: size)
        #expect(abs(map.camera.center.latitude) < 15)
        #expect(map.camera.zoom > 0.5 && map.camera.zoom < 1.5)
    }
}
