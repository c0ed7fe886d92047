import Foundation
import Mercator
import Testing

@Suite("Map feature querying")
struct MapQueryTests {
    /// A map of 256x256 points at zoom 1 centred on 0,0 with a polygon, a line and two points.
    static func makeMap() throws -> Map {
        let style: JSONValue = [
            "version": 8,
            "sources": ["data": ["type": "geojson", "data": ["type": "FeatureCollection", "features": [
                ["type": "Feature", "id": 1, "properties": ["kind": "park"],
                 "geometry": ["type": "Polygon", "coordinates": [[[-40, -20], [40, -20], [40, 20], [-40, 20], [-40, -20]], [[-5, -5], [5, -5], [5, 5], [-5, 5], [-5, -5]]]]],
                ["type": "Feature", "id": 2, "properties": ["kind": "road"],
                 "geometry": ["type": "LineString", "coordinates": [[-60, -30], [60, -30]]]],
                ["type": "Feature", "id": "a", "properties": ["kind": "cafe", "rank": 1],
                 "geometry": ["type": "Point", "coordinates": [20, 10]]],
                ["type": "Feature", "id": "b", "properties": ["kind": "shop", "rank": 2],
                 "geometry": ["type": "Point", "coordinates": [-20, 10]]],
            ]]]],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                ["id": "parks", "type": "fill", "source": "data", "filter": ["==", ["geometry-type"], "Polygon"], "paint": ["fill-color": "green"]],
                ["id": "roads", "type": "line", "source": "data", "filter": ["==", ["geometry-type"], "LineString"], "paint": ["line-width": 10]],
                ["id": "pois", "type": "circle", "source": "data", "filter": ["==", ["geometry-type"], "Point"],
                 "paint": ["circle-radius": 6, "circle-stroke-width": 2]],
            ],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 1), size: MapSize(width: 256, height: 256))
    }

    /// The screen point of a coordinate in `makeMap`'s view (zoom 1: 1024-point world).
    static func screen(_ lon: Double, _ lat: Double) -> Point {
        let world = 512.0 * 2
        let x = (lon + 180) / 360 * world
        let l = lat * .pi / 180
        let y = (1 - log(tan(l) + 1 / cos(l)) / .pi) / 2 * world
        return Point(x: x - world / 2 + 128, y: y - world / 2 + 128)
    }

    @Test("a point query finds the topmost features drawn there, with identifiers and attributes")
    func pointQueries() throws {
        let map = try Self.makeMap()
        // On the cafe circle, which sits inside the park: circle first, then the park.
        let onCafe = try map.visibleFeatures(at: Self.screen(20, 10))
        #expect(onCafe.map(\.layerIdentifier) == ["pois", "parks"])
        #expect(onCafe.first?.feature.identifier == .string("a"))
        #expect(onCafe.first?.feature.attribute(forKey: "kind") == "cafe")
        #expect(onCafe.first?.feature is PointFeature)
        // Off screen: nothing, even where a feature would be.
        #expect(try map.visibleFeatures(at: Point(x: -50, y: 128)).isEmpty)
        // In the park's hole: nothing.
        #expect(try map.visibleFeatures(at: Self.screen(0, 0)).isEmpty)
        // Within half the road's width of its centre line, not beyond.
        let road = Self.screen(0, -30)
        #expect(try map.visibleFeatures(at: Point(x: road.x, y: road.y + 4)).map(\.layerIdentifier) == ["roads"])
        #expect(try map.visibleFeatures(at: Point(x: road.x, y: road.y + 7)).isEmpty)
        // The circle's stroke counts: radius 6 + stroke 2.
        let cafe = Self.screen(20, 10)
        #expect(try map.visibleFeatures(at: Point(x: cafe.x + 7.5, y: cafe.y), styleLayerIdentifiers: ["pois"]).count == 1)
        #expect(try map.visibleFeatures(at: Point(x: cafe.x + 8.5, y: cafe.y), styleLayerIdentifiers: ["pois"]).isEmpty)
    }

    @Test("rectangle queries, layer lists and predicates")
    func rectQueries() throws {
        let map = try Self.makeMap()
        let all = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 256, height: 256))
        #expect(Set(all.map(\.layerIdentifier)) == ["pois", "parks", "roads"])
        #expect(all.count == 4)
        let onlyPois = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 256, height: 256), styleLayerIdentifiers: ["pois"])
        #expect(onlyPois.count == 2)
        let ranked = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 256, height: 256), predicate: [">", ["get", "rank"], 1])
        #expect(ranked.map { $0.feature.identifier } == [.string("b")])
        #expect(throws: MapQueryError.self) { _ = try map.visibleFeatures(at: Point(x: 0, y: 0), predicate: ["nonsense-op"]) }
    }

    @Test("a shape source's features matching a predicate, drawn or not")
    func sourceFeatures() throws {
        let map = try Self.makeMap()
        #expect(try map.features(inShapeSource: "data").count == 4)
        #expect(try map.features(inShapeSource: "data", matching: ["==", ["get", "kind"], "road"]).count == 1)
        #expect(throws: MapQueryError.self) { _ = try map.features(inShapeSource: "nope") }
    }
}
