import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// geojson-vt tiles cut from shared/data, encoded to MVT and decoded again, keep their geometry,
/// identifiers and properties exactly.
@Suite(.needsShared) struct VectorTileRoundTripTests {
    static let datasets: [(String, [TileID])] = [
        ("geojsonvt_us-states.geojson", [TileID(z: 0, x: 0, y: 0), TileID(z: 3, x: 1, y: 3), TileID(z: 4, x: 3, y: 6), TileID(z: 6, x: 16, y: 24)]),
        ("ne_50m_admin_0_countries.geojson", [TileID(z: 0, x: 0, y: 0), TileID(z: 2, x: 2, y: 1), TileID(z: 5, x: 16, y: 10)]),
        ("ne_10m_rivers_lake_centerlines.geojson", [TileID(z: 1, x: 0, y: 0), TileID(z: 4, x: 8, y: 5)]),
        ("ne_10m_populated_places_simple.geojson", [TileID(z: 0, x: 0, y: 0), TileID(z: 3, x: 4, y: 2)]),
    ]

    /// Properties as the encoder keeps them: nulls dropped, numbers compared as doubles, arrays and
    /// objects as their JSON text.
    static func expectedProperties(_ p: JSONObject?) -> JSONValue {
        var out = JSONObject()
        for (k, v) in p ?? JSONObject() {
            switch v {
            case .null: continue
            case .array, .object: out[k] = .string(v.serialized())
            default: out[k] = TestSupport.normalized(v)
            }
        }
        return .object(out)
    }

    static func expectedIdentifier(_ id: FeatureIdentifier?) -> FeatureIdentifier? {
        switch id {
        case .int(let i)? where i >= 0: return .int(i)
        case .uint(let u)? where u <= UInt64(Int64.max): return .int(Int64(u))
        case .uint(let u)?: return .uint(u)
        default: return nil
        }
    }

    @Test(arguments: datasets.map(\.0))
    func roundTrip(_ file: String) throws {
        let features = try TestSupport.sharedFeatures(file)
        let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(maxZoom: 8, indexMaxZoom: 2, extent: 4096))
        let ids = try #require(Self.datasets.first { $0.0 == file }).1
        var compared = 0
        for id in ids {
            guard let tile = index.tile(id), !tile.isEmpty else { continue }
            for gzip in [false, true] {
                let data = tile.vectorTileData(layerName: "source", gzip: gzip)
                let decoded = try VectorTile(data: data)
                #expect(decoded.layerNames == ["source"])
                let layer = try #require(try decoded.layer(named: "source"))
                #expect(layer.extent == 4096 && layer.version == 2)
                try #require(layer.count == tile.count, "\(file) \(id)")
                for i in 0..<tile.count {
                    let original = tile[i]
                    let back = try #require(try layer.feature(at: i).tileFeature())
                    #expect(back.type == original.type)
                    // MVT rings are closed by ClosePath: an open geojson-vt ring comes back closed.
                    let rings = original.type != .polygon ? original.geometry : original.geometry.map { r in
                        r.count > 1 && r.first != r.last ? r + [r[0]] : r
                    }
                    #expect(back.geometry == rings, "\(file) \(id) feature \(i)")
                    #expect(back.identifier == Self.expectedIdentifier(original.identifier))
                    #expect(TestSupport.normalized(.object(back.properties ?? [:])) == Self.expectedProperties(original.properties))
                    compared += 1
                }
                // Keys and values are stored once each.
                #expect(Set(layer.keys).count == layer.keys.count)
                #expect(Set(layer.values).count == layer.values.count)
            }
        }
        #expect(compared > 0)
    }

    @Test func polygonExteriorsAreClockwiseOnScreen() throws {
        let features = try TestSupport.sharedFeatures("ne_50m_admin_0_countries.geojson")
        let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(maxZoom: 4, extent: 4096))
        let tile = try #require(index.tile(TileID(z: 0, x: 0, y: 0)))
        let layer = try VectorTile(data: tile.vectorTileData()).layer(at: 0)
        var g = VectorTileGeometry()
        for i in 0..<layer.count {
            try layer.feature(at: i).decodeGeometry(into: &g)
            guard g.ringCount > 0, g.signedArea(ofRing: 0) != 0 else { continue }
            #expect(g.signedArea(ofRing: 0) > 0)
        }
    }

    @Test func rescalesToTheRequestedExtent() throws {
        let features = try TestSupport.features(#"{"type":"Feature","id":7,"properties":{"a":1},"geometry":{"type":"LineString","coordinates":[[-90,45],[90,-45]]}}"#)
        let tiles = try ShapeSourceTiles(features: features, options: ShapeSourceOptions())
        let tile = try #require(tiles.tile(TileID(z: 0, x: 0, y: 0)))
        #expect(tile.extent == 8192)
        let layer = try VectorTile(data: tile.vectorTileData(extent: 4096)).layer(at: 0)
        let back = try #require(try layer.feature(at: 0).tileFeature())
        #expect(back.geometry[0].map(\.x) == tile[0].geometry[0].map { $0.x / 2 })
        #expect(back.identifier == .int(7))
        #expect(back.properties == ["a": .int(1)])
    }
}
