import Foundation
import Mercator
import Testing

/// A GeoJSON source drawn from tiles of varying zoom (past 60 degrees of pitch on a flat map, from a covering zoom of 5
/// on the globe, as GL JS draws it) keeps each feature whole in every tile it reaches and draws it clipped to the tile:
/// a query asks only the tiles it reaches (GL JS's `tilesIn`), so a polygon spanning many tiles is found once (one
/// without an identifier too: those with one are merged by it).
@Suite struct TiledGeoJSONQueryTests {
    static func map(projection: String, camera: MapCamera) throws -> Map {
        let style: JSONValue = [
            "version": 8, "projection": ["type": .string(projection)], "sky": ["atmosphere-blend": 0.0],
            "sources": ["land": ["type": "geojson", "data": ["type": "Feature", "properties": ["name": "block"],
                                                             "geometry": ["type": "Polygon", "coordinates": [[[0, 35], [25, 35], [25, 55], [0, 55], [0, 35]]]]]]],
            "layers": [["id": "land", "type": "fill", "source": "land", "paint": ["fill-color": "#c08040"]]],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: 512, height: 384))
    }

    @Test("a polygon drawn from many tiles is found once under a point, flat past 60 degrees and on the globe", arguments: ["mercator", "globe"])
    func foundOnce(projection: String) throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 45, longitude: 10), zoom: 6.3, pitch: 70)
        let map = try Self.map(projection: projection, camera: camera)
        for point in [Point(x: 256, y: 300), Point(x: 100, y: 250), Point(x: 400, y: 200)] {
            let hits = try map.visibleFeatures(at: point)
            #expect(hits.count == 1, "\(projection) \(point): \(hits.count) hits")
            #expect(hits.first?.feature.attribute(forKey: "name") == "block")
        }
    }
}
