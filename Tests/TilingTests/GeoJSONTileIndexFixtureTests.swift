import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// geojson-vt's own expected tiles (test/fixtures) reproduced exactly.
@Suite struct GeoJSONTileIndexFixtureTests {
    /// geojson-vt's test-full genTiles: every tile the index holds, keyed `z<z>-<x>-<y>`.
    func generatedTiles(_ index: GeoJSONTileIndex) -> JSONValue {
        var out = JSONObject()
        for id in index.tileIDs {
            let tile = index.tile(id)
            out["z\(id.z)-\(id.x)-\(id.y)"] = .array((tile?.features ?? []).map(TestSupport.vtJSON))
        }
        return .object(out)
    }

    @Test func datelineTiles() throws {
        let features = try TestSupport.features(GeoJSONVTFixtures.dateline)
        let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(indexMaxZoom: 0, indexMaxPoints: 10000))
        let expected = TestSupport.normalized(try JSONValue(parsing: GeoJSONVTFixtures.datelineTiles))
        #expect(generatedTiles(index) == expected)
    }

    @Test func datelineLineMetricsTiles() throws {
        let features = try TestSupport.features(GeoJSONVTFixtures.dateline)
        let index = try GeoJSONTileIndex(
            features: features, options: GeoJSONTileOptions(indexMaxZoom: 0, indexMaxPoints: 10000, lineMetrics: true))
        let expected = TestSupport.normalized(try JSONValue(parsing: GeoJSONVTFixtures.datelineMetricsTiles))
        let actual = generatedTiles(index)
        #expect(actual == expected)
    }

    /// feature.json -> feature-tiles.json: a Feature with an identifier and nested properties.
    @Test func featureTiles() throws {
        let features = try TestSupport.features("""
            {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[100.0,0.0],[101.0,0.0],[101.0,1.0],[100.0,1.0],[100.0,0.0]]]},
             "properties":{"prop0":"value0","prop1":{"this":"that"}},"id":0}
            """)
        let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(indexMaxZoom: 0, indexMaxPoints: 10000))
        let expected = try JSONValue(parsing: #"""
            {"z0-0-0":[{"geometry":[[[3186,2048],[3186,2037],[3197,2037],[3197,2048],[3186,2048]]],"type":3,
             "tags":{"prop0":"value0","prop1":{"this":"that"}},"id":0}]}
            """#)
        var actual = JSONObject()
        for id in index.tileIDs { actual["z\(id.z)-\(id.x)-\(id.y)"] = index.tile(id)?.vtJSON }
        #expect(JSONValue.object(actual) == expected)
    }

    /// collection.json: a bare GeometryCollection. The line matches collection-tiles.json; the
    /// fixture's MultiPoint ([3186,4096],[3197,0]) records an old geojson-vt bug, so the points are
    /// checked against their plain projection instead.
    @Test func geometryCollection() throws {
        let object = try GeoJSONObject(parsing: """
            {"type":"GeometryCollection","geometries":[{"type":"MultiPoint","coordinates":[[100.0,0.0],[101.0,1.0]]},
             {"type":"LineString","coordinates":[[101.0,0.0],[102.0,1.0]]}]}
            """)
        let index = try GeoJSONTileIndex(object, options: GeoJSONTileOptions(indexMaxZoom: 0, indexMaxPoints: 10000))
        let tile = try #require(index.tile(z: 0, x: 0, y: 0))
        #expect(tile.features.map(\.geometry) == [
            [[TilePoint(x: 3186, y: 2048), TilePoint(x: 3197, y: 2037)]],
            [[TilePoint(x: 3197, y: 2048), TilePoint(x: 3209, y: 2037)]],
        ])
        #expect(tile.features.map(\.type) == [.point, .lineString])
    }

    @Test(.needsShared) func usStatesTileZ7() throws {
        let index = try GeoJSONTileIndex(features: try TestSupport.sharedFeatures("geojsonvt_us-states.geojson"))
        let tile = try #require(index.tile(z: 7, x: 37, y: 48))
        let expected = TestSupport.normalized(try JSONValue(parsing: GeoJSONVTFixtures.usStatesZ7x37y48))
        #expect(JSONValue.array(tile.features.map(TestSupport.vtJSON)) == expected)

        // the clipped square of Pennsylvania, with its identifier
        let square = try #require(index.tile(z: 9, x: 148, y: 192))
        #expect(square.features == [TileFeature(
            type: .polygon,
            geometry: [[TilePoint(x: -64, y: 4160), TilePoint(x: -64, y: -64), TilePoint(x: 4160, y: -64),
                        TilePoint(x: 4160, y: 4160), TilePoint(x: -64, y: 4160)]],
            identifier: "42", properties: ["name": "Pennsylvania", "density": 284.3])])
        #expect(index.tile(z: 11, x: 800, y: 400) == nil)
        #expect(index.tile(z: -5, x: 123, y: 400) == nil)
        #expect(index.tile(z: 25, x: 200, y: 200) == nil)
        #expect(index.tileCount == 37)
    }

    @Test func unbufferedTileEdges() throws {
        let vertical = try GeoJSONTileIndex(
            features: [GeoJSONFeature(geometry: .lineString(PositionList([Position(0, 90), Position(0, -90)])), properties: nil)],
            options: GeoJSONTileOptions(buffer: 0))
        #expect(vertical.tile(z: 2, x: 1, y: 1) == nil)
        #expect(vertical.tile(z: 2, x: 2, y: 1)?.features == [TileFeature(type: .lineString, geometry: [[TilePoint(x: 0, y: 0), TilePoint(x: 0, y: 4096)]])])

        let lat = 66.51326044311188
        let horizontal = try GeoJSONTileIndex(
            features: [GeoJSONFeature(geometry: .lineString(PositionList([Position(-90, lat), Position(90, lat)])), properties: nil)],
            options: GeoJSONTileOptions(buffer: 0))
        #expect(horizontal.tile(z: 2, x: 1, y: 0)?.features == [TileFeature(type: .lineString, geometry: [[TilePoint(x: 0, y: 4096), TilePoint(x: 4096, y: 4096)]])])
        #expect(horizontal.tile(z: 2, x: 1, y: 1)?.features == [])
    }

    @Test func polygonClippedOnBoundary() throws {
        let ring = PositionList([
            Position(42.1875, 57.32652122521708), Position(47.8125, 57.32652122521708), Position(47.8125, 54.16243396806781),
            Position(42.1875, 54.16243396806781), Position(42.1875, 57.32652122521708),
        ])
        let index = try GeoJSONTileIndex(features: [GeoJSONFeature(geometry: .polygon([ring]), properties: nil)], options: GeoJSONTileOptions(buffer: 1024))
        #expect(index.tile(z: 5, x: 19, y: 9)?.features == [TileFeature(type: .polygon, geometry: [[
            TilePoint(x: 3072, y: 3072), TilePoint(x: 5120, y: 3072), TilePoint(x: 5120, y: 5120),
            TilePoint(x: 3072, y: 5120), TilePoint(x: 3072, y: 3072),
        ]])])
    }
}
