import Foundation
import Mercator
import MercatorTestSupport
import Testing

@Suite("Map rendering")
struct MapRenderingTests {
    @Test("camera fitting shows the whole box")
    func fitting() throws {
        let camera = try MapCamera.fitting(bounds: BoundingBox(west: -10, south: -5, east: 10, north: 5), in: MapSize(width: 400, height: 300))
        #expect(abs(camera.center.longitude) < 1e-9 && abs(camera.center.latitude) < 1e-9)
        // 20 degrees of longitude span 400 points: 512 * 2^z * 20/360 = 400.
        #expect(abs(camera.zoom - log2(400 / (512 * 20.0 / 360))) < 1e-9)
        let across = try MapCamera.fitting(bounds: BoundingBox(west: 170, south: -5, east: -170, north: 5), in: MapSize(width: 400, height: 300))
        #expect(abs(abs(across.center.longitude) - 180) < 1e-9)
    }

    @Test("GeoJSON with the default style draws its data; sizes beyond the limit are refused")
    func defaultStyle() throws {
        let object = try GeoJSONObject(parsing: #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]]]}"#)
        let style = try Style(document: StyleDocument(json: DefaultStyle.json(for: object)))
        let size = MapSize(width: 64, height: 64)
        let map = Map(style: style, camera: try .fitting(bounds: try #require(object.features.first?.geometry?.bounds), in: size,
                                                         padding: EdgePadding(all: 20)), size: size)
        let image = try map.snapshot().image
        let center = (32 * 64 + 32) * 4
        // The middle is the polygon's fill (blue over the light background), not the background.
        #expect(image.pixels[center + 2] > image.pixels[center])
        map.size = MapSize(width: 100_000, height: 100_000)
        let error = #expect(throws: LimitExceeded.self) { _ = try map.snapshot() }
        #expect(error?.limit == .outputPixels)
    }

    @Test("an unreadable source is drawn empty and reported")
    func sourceErrors() throws {
        let style: JSONValue = ["version": 8, "sources": ["x": ["type": "geojson", "data": "missing-file.geojson"]],
                                "layers": [["id": "c", "type": "circle", "source": "x"]]]
        let map = Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 32, height: 32),
                      styleDirectory: FileManager.default.temporaryDirectory)
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.count == 1)
        #expect(snapshot.sourceErrors.first?.source == "x")
    }

    @Test("every floor of the sample venue renders", .needsShared)
    func venueFloors() throws {
        let url = try #require(SharedFixtures.url("venues/harbourfront-galleria.zip"))
        let venue = try Venue.open(contentsOf: url)
        for floor in venue.floors {
            let map = try Map(venue: venue, floor: floor, options: VenueStyleOptions(look: .seed, width: 128, height: 96))
            let image = try map.snapshot().image
            #expect(image.width == 128 && image.height == 96)
            // Not a blank image: more than one colour.
            var colours = Set<UInt32>()
            for i in stride(from: 0, to: image.pixels.count, by: 4) {
                colours.insert(UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]))
            }
            #expect(colours.count > 3)
        }
    }
}
