import Foundation
import Mercator
import Testing

/// The package's one camera fitting (`MapCamera.fitting`, which the venue camera's `.fitOutline` and
/// `Map(geoJSON:size:)` use), and `Map.isStyleDocument`: the CLI's style-or-GeoJSON loading, in the library.
@Suite struct CameraFittingTests {
    @Test func fitsABoxInsidePadding() throws {
        let box = BoundingBox(west: -1, south: -1, east: 1, north: 1)
        let fit = try MapCamera.fitting(bounds: box, in: MapSize(width: 532, height: 532), padding: EdgePadding(all: 10))
        #expect(abs(fit.center.longitude) < 1e-9 && abs(fit.center.latitude) < 1e-9)
        // 2 degrees of longitude span 512 px: world = 512 * 180 px.
        #expect(abs(fit.zoom - log2(180)) < 1e-3)
        #expect(throws: CameraFitError.self) { try MapCamera.fitting(bounds: box, in: MapSize(width: 20, height: 20), padding: EdgePadding(all: 11)) }
    }

    @Test func venueOutlineFramingUsesTheSameFitting() throws {
        let bundleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/harbourfront-galleria.zip")
        let venue = try Venue.open(contentsOf: bundleURL)
        let floor = try #require(venue.defaultFloor)
        let bounds = try #require(floor.bounds)
        let venueCamera = venue.camera(for: floor, framing: .fitOutline(padding: 20), width: 800, height: 600)
        let mapCamera = try MapCamera.fitting(bounds: bounds, in: MapSize(width: 800, height: 600), padding: EdgePadding(all: 20), maximumZoom: 24)
        #expect(abs(venueCamera.zoom - mapCamera.zoom) < 1e-12)
        #expect(abs(venueCamera.center.longitude - mapCamera.center.longitude) < 1e-12)
        #expect(abs(venueCamera.center.latitude - mapCamera.center.latitude) < 1e-12)
    }

    @Test func tellsStylesFromGeoJSON() throws {
        #expect(Map.isStyleDocument(["version": 8, "sources": [:], "layers": []]))
        #expect(!Map.isStyleDocument(["type": "Point", "coordinates": [0, 0]]))
    }

    @Test func fitsTheDataWithTheDefaultStyle() throws {
        let object = try GeoJSONObject(parsing: #"{"type":"LineString","coordinates":[[-10,-5],[10,5]]}"#)
        let size = MapSize(width: 400, height: 300)
        let map = try Map(geoJSON: object, size: size)
        let expected = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: -5, east: 10, north: 5), in: size,
                                             padding: EdgePadding(all: 20), maximumZoom: 20)
        #expect(map.camera == expected)
        #expect(abs(map.camera.center.longitude) < 1e-9)
        #expect(!map.style.layers.isEmpty)
        #expect(try map.snapshot().pngData().count > 100)
    }

    @Test func emptyDataShowsTheWorld() throws {
        let map = try Map(geoJSON: try GeoJSONObject(parsing: #"{"type":"FeatureCollection","features":[]}"#), size: MapSize(width: 64, height: 64))
        #expect(map.camera == MapCamera())
    }
}
