import Foundation
import Mercator
import Testing

/// MapLibre Native's line query (`RenderLineLayer::queryIntersectsFeature`): the line moved by its
/// `line-offset` (evaluated per feature), stroked half its width either side; in a pitched view the
/// query box is laid on the map and the width is in map units.
@Suite("Line queries as MapLibre Native answers them")
struct LineQueryRuleTests {
    /// A horizontal line across a 256x256 view at zoom 4, offset by its feature's `offset` property.
    static func makeMap(pitch: Double = 0) throws -> Map {
        let style: JSONValue = [
            "version": 8,
            "sources": ["data": ["type": "geojson", "data": ["type": "FeatureCollection", "features": [
                ["type": "Feature", "id": 1, "properties": ["offset": 12],
                 "geometry": ["type": "LineString", "coordinates": [[-20, 0], [20, 0]]]],
            ]]]],
            "layers": [
                ["id": "road", "type": "line", "source": "data",
                 "paint": ["line-width": 4, "line-offset": ["get", "offset"]]],
            ],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 4, pitch: pitch),
                   size: MapSize(width: 256, height: 256))
    }

    @Test("a line-offset from a property moves the line: its side is hit, the other is not")
    func offsetFromProperty() throws {
        let map = try Self.makeMap()
        // the line runs through the centre (y 128); offset 12 moves it 12 points down (right of east)
        #expect(try map.visibleFeatures(at: Point(x: 100, y: 140)).count == 1)
        #expect(try map.visibleFeatures(at: Point(x: 100, y: 128)).isEmpty)
        #expect(try map.visibleFeatures(at: Point(x: 100, y: 116)).isEmpty)
    }

    @Test("under tilt the width is in map units: a line seen obliquely is thinner on the screen")
    func widthUnderTilt() throws {
        let map = try Self.makeMap(pitch: 60)
        // the offset line lies 12 points below the centre in the map plane; on the screen (MapLibre's
        // camera distance for a 256-point-high view) it lies here
        let distance = 0.5 / tan(0.6435011087932844 / 2) * 256
        let pitch = 60.0 * .pi / 180
        let lineY = 128 + distance * 12 * cos(pitch) / (distance - 12 * sin(pitch))
        // half a point below it on the screen is about one point in the map plane: within the 2-point
        // half width; a point and a half is about three in the plane: outside, though within 2 on the screen
        #expect(try map.visibleFeatures(at: Point(x: 128, y: lineY + 0.5)).count == 1)
        #expect(try map.visibleFeatures(at: Point(x: 128, y: lineY + 1.5)).isEmpty)
    }
}
