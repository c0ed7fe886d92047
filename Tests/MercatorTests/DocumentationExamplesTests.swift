import Foundation
import Mercator
import Testing

/// The code of the `Mercator.docc` articles, compiled and run, so the documentation cannot rot:
/// each test holds one article's snippets as written there, followed by checks of what they claim.
@Suite struct DocumentationExamplesTests {
    static let citiesData = Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":1,"properties":{"name":"Toronto","population":2794356},"geometry":{"type":"Point","coordinates":[-79.38,43.65]}}]}"#.utf8)

    @Test func workingWithGeoJSON() throws {
        let data = Self.citiesData
        // Converting GeoJSON data into shape objects
        let shape = try ShapeDecoding.shape(from: data)
        let collection = shape as! ShapeCollectionFeature
        let city = collection.features[0] as! PointFeature
        print(city.coordinate.latitude, city.attribute(forKey: "name") ?? .null)   // 43.65 "Toronto"
        #expect(city.coordinate.latitude == 43.65)
        #expect(city.attribute(forKey: "name") == "Toronto")

        // Adding GeoJSON to the map
        let style = Style()
        try style.addSource(.shape(identifier: "cities", data: try JSONValue(parsing: data)))
        try style.addLayer(CircleStyleLayer(identifier: "city-dots", source: "cities").layer)

        // Extracting GeoJSON data from the map
        let map = Map(style: style, camera: MapCamera(center: city.coordinate, zoom: 10), size: MapSize(width: 256, height: 256))
        let hits = try map.visibleFeatures(at: Point(x: 128, y: 128))
        let text = String(decoding: hits[0].feature.geoJSONData(), as: UTF8.self)
        #expect(text.contains("Toronto"))
    }

    @Test func predicatesAndExpressions() throws {
        let predicate = try FormatPredicate(format: "population > 1000000 AND name IN {'Toronto', 'Montréal'}")
        let feature = GeoJSONFeature(geometry: .point(Position(-79.38, 43.65)),
                                     properties: ["name": "Toronto", "population": 2794356])
        let matches = try predicate.evaluate(feature)   // true
        let json = try predicate.jsonValue()   // the same test as a style-spec filter expression
        #expect(matches)
        #expect(try FeatureFilter(json).evaluate(feature))

        let radius = try Expression.parse(["interpolate", ["linear"], ["get", "mag"], 0, 2, 10, 20])
        let quake = GeoJSONFeature(geometry: .point(Position(0, 0)), properties: ["mag": 5])
        let value = try radius.evaluateOrThrow(EvaluationContext(zoom: 5, feature: FeatureView(quake)))   // .number(11)
        #expect(value == .number(11))

        let style = Style()
        try style.addSource(.shape(identifier: "cities", data: try JSONValue(parsing: Self.citiesData)))
        try style.addLayer(CircleStyleLayer(identifier: "city-dots", source: "cities").layer)
        try style.updateLayer(CircleStyleLayer.self, identifier: "city-dots") {
            $0.circleRadius = .expression(["get", "size"])
        }
        try style.setValue(format: "population / 100000", forProperty: "circle-radius", ofLayer: "city-dots")
        #expect(style.layers.count == 1)
    }

    @Test func styleAuthoring() throws {
        let style = try Style(parsing: """
        {"version": 8, "sources": {}, "layers": [{"id": "background", "type": "background",
         "paint": {"background-color": "#f8f4f0"}}]}
        """)
        try style.addSource(.shape(identifier: "route", data: ["type": "LineString", "coordinates": [[-79.4, 43.6], [-79.3, 43.7]]]))
        var line = LineStyleLayer(identifier: "route-line", source: "route")
        line.lineWidth = .constant(4)
        line.lineColor = .constant(Color(css: "#3b82f6")!)
        try style.addLayer(line.layer)

        let map = Map(style: style, camera: MapCamera(center: LocationCoordinate2D(latitude: 43.65, longitude: -79.35), zoom: 10),
                      size: MapSize(width: 320, height: 240))
        let png: Data = try map.snapshot().pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(style.layers.map(\.identifier) == ["background", "route-line"])
    }

    @Test func offlineStorage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let databasePath = folder.appendingPathComponent("offline.db").path

        let database = try OfflineDatabase(path: databasePath)
        let definition = OfflineRegionDefinition(styleURL: "https://demotiles.maplibre.org/style.json",
                                                 area: .bounds(west: -79.5, south: 43.6, east: -79.3, north: 43.7),
                                                 minimumZoom: 0, maximumZoom: 10)
        let region = try database.createRegion(definition, metadata: OfflineRegion.metadata(name: "Toronto"))
        let names = try database.regions().map(\.name)   // ["Toronto"]
        #expect(names == ["Toronto"])
        #expect(region.definition == definition)

        let fetcher = StorageFetcher(database: database, offlineOnly: true)
        let offlineMap = Map(style: Style(), fetcher: fetcher)
        #expect(offlineMap.style.layers.isEmpty)
    }

    @Test func gestures() throws {
        let map = Map(style: Style(), camera: MapCamera(center: LocationCoordinate2D(latitude: 43.65, longitude: -79.38), zoom: 12),
                      size: MapSize(width: 400, height: 300))
        var gestures = MapGestures(map: map)
        let start = map.camera.center
        try gestures.handle(TouchEvent(.began, [Point(x: 100, y: 100)], at: 0))
        try gestures.handle(TouchEvent(.moved, [Point(x: 140, y: 100)], at: 0.05))
        let output = try gestures.handle(TouchEvent(.ended, [Point(x: 140, y: 100)], at: 0.1))
        #expect(output.gesture == .pan)
        #expect(map.camera.center.longitude < start.longitude)
    }

    @Test func theGlobe() throws {
        let style = try Style(parsing: """
            {"version": 8, "projection": {"type": "globe"},
             "sources": {}, "layers": [{"id": "sea", "type": "background", "paint": {"background-color": "#2a7ab0"}}]}
            """)
        let map = Map(style: style, camera: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 10), zoom: 1.5),
                      size: MapSize(width: 512, height: 512))
        #expect(map.projectionGlobeness == 1)
        let png = try map.snapshot().pngData()
        #expect(!png.isEmpty)
        try map.setProjection(.verticalPerspective)
        try map.setProjection(StyleProjection(type: ["interpolate", ["linear"], ["zoom"], 4, "vertical-perspective", 5, "mercator"]))
        #expect(map.projectionGlobeness == 1)
        try map.setProjection(nil)
        #expect(map.projectionGlobeness == 0)
        #expect(map.projection == nil)
    }

    @Test func indoorVenues() throws {
        let bundleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/harbourfront-galleria.zip")
        let venue = try Venue.open(contentsOf: bundleURL)
        let floor = venue.defaultFloor!
        let floorMap = try Map(venue: venue, floor: floor, options: VenueStyleOptions(look: .styled, width: 400, height: 300, glyphs: nil))
        let png = try floorMap.snapshot().pngData()
        #expect(png.count > 1000)
        #expect(floorMap.size == MapSize(width: 400, height: 300))
    }
}
