import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// The columnar decode (`VectorTile.columns(at:)`) gives, feature by feature, what the lazy
/// decoder gives; and a malformed layer is refused with the lazy decoder's error.
struct VectorTileColumnsTests {
    /// Compares every feature of every layer of `data` between the two decoders; returns the count.
    static func compare(_ data: Data, _ name: String) throws -> Int {
        let tile = try VectorTile(data: data)
        var compared = 0
        for l in 0..<tile.layerCount {
            let layer = try tile.layer(at: l), columns = try tile.columns(at: l)
            #expect(columns.name == layer.name && columns.extent == layer.extent && columns.version == layer.version)
            #expect(columns.keys == layer.keys && columns.values == layer.values)
            #expect(columns.count == layer.count, "\(name) \(layer.name)")
            var points = 0
            for (i, c) in zip(0..<layer.count, columns) {
                let f = try layer.feature(at: i)
                #expect(c.index == i)
                #expect(c.id == f.id && c.rawType == f.rawType && c.identifier == f.identifier)
                let rings = try f.geometry()
                #expect(c.geometry() == rings, "\(name) \(layer.name) #\(i)")
                #expect(c.rings.count == rings.count)
                points += rings.reduce(0) { $0 + $1.count }
                var g = VectorTileGeometry()
                try f.decodeGeometry(into: &g)
                #expect(c.flatGeometry == g, "\(name) \(layer.name) #\(i)")
                #expect(c.properties == f.properties, "\(name) \(layer.name) #\(i)")
                #expect(c.propertyCount == f.tagCount)
                var visited = [(String, VectorTileValue)]()
                f.forEachProperty { visited.append(($0, $1)) }
                #expect(visited.map(\.0) == (0..<c.propertyCount).map { c.property(at: $0).key })
                #expect(visited.map(\.1) == (0..<c.propertyCount).map { c.property(at: $0).value })
                for (k, _) in visited { #expect(c.value(forKey: k)?.jsonValue == f.properties[k]) }
                #expect(try c.geoJSONFeature(x: 3, y: 5, z: 4) == f.geoJSONFeature(x: 3, y: 5, z: 4))
                compared += 1
            }
            #expect(columns.pointCount == points)
        }
        return compared
    }

    @Test(.needsShared) func everySuiteTileDecodesAsTheLazyDecoder() throws {
        let tiles = VectorTileTestSupport.conformanceTiles()
        var compared = 0
        for (name, url) in tiles {
            let data = try Data(contentsOf: url)
            guard VectorTileTestSupport.looksLikeMVT(data) else { continue }
            compared += try Self.compare(data, name)
        }
        if !tiles.isEmpty { #expect(compared > 1000) }
    }

    @Test(.needsShared) func encodedSharedDataDecodesAsTheLazyDecoder() throws {
        let url = try #require(SharedFixtures.url("data/ne_50m_admin_0_countries.geojson"))
        let features = try GeoJSONObject(parsing: Data(contentsOf: url)).features
        let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(maxZoom: 2, indexMaxZoom: 0, tolerance: 3, extent: 4096, buffer: 64))
        let tile = try #require(index.tile(TileID(z: 0, x: 0, y: 0)))
        var e = VectorTileEncoder()
        e.addLayer(named: "countries", tile: tile)
        #expect(try Self.compare(Data(e.encoded()), "countries") == tile.count)
    }

    @Test func valueForKeyTakesTheLastOfARepeatedKey() throws {
        var l = ProtobufWriter()
        l.stringField(1, "l")
        var f = ProtobufWriter(), packed = ProtobufWriter()
        for t: UInt64 in [0, 0, 1, 1, 0, 1] { packed.varint(t) }
        f.bytesField(2, packed.bytes)
        f.varintField(3, 1)
        l.bytesField(2, f.bytes)
        l.stringField(3, "a")
        l.stringField(3, "b")
        for s in ["x", "y"] {
            var v = ProtobufWriter()
            v.stringField(1, s)
            l.bytesField(4, v.bytes)
        }
        let c = try #require(try VectorTile(data: VectorTileHostileTests.tile(layer: l)).columns(named: "l"))[0]
        #expect(c.propertyCount == 3)
        #expect(c.value(forKey: "a") == .string("y"))
        #expect(c.value(forKey: "b") == .string("y"))
        #expect(c.value(forKey: "c") == nil)
        #expect(c.properties == ["a": .string("y"), "b": .string("y")])
        #expect(c.rings.isEmpty && c.geometry().isEmpty && c.id == nil)
    }

    @Test func aMalformedFeatureFailsTheLayerWithItsOffset() throws {
        // Value index 5 of a one-value table, and a geometry command count past the end.
        for layer in [VectorTileHostileTests.layer(tags: [0, 5], geometry: [9, 2, 2]),
                      VectorTileHostileTests.layer(geometry: [9 + 8, 2, 2])] {
            let tile = try VectorTile(data: VectorTileHostileTests.tile(layer: layer))
            var lazy: VectorTileError?
            do { _ = try tile.layer(at: 0).feature(at: 0).geometry() } catch { lazy = error }
            #expect(throws: lazy!) { _ = try tile.columns(at: 0) }
        }
    }

    @Test(.needsShared) func everyTruncationIsAnErrorOrADecode() throws {
        // A real layer cut at every byte: the two decoders agree on whether it reads.
        let url = try #require(SharedFixtures.url("conformance/render-tests/tiles/14-8802-5374.mvt"))
        let tile = try VectorTile(data: Data(contentsOf: url))
        let layer = try #require(tile.layerNames.firstIndex(of: "poi_label"))
        let whole = try tile.columns(at: layer)
        #expect(whole.count > 10)
        let bytes = ContiguousArray(tile.bytes[tile.layerRanges[layer]])
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
            var t = ProtobufWriter()
            t.bytesField(3, ContiguousArray(bytes[0..<cut]))
            guard let cutTile = try? VectorTile(data: Data(t.bytes)) else { continue }
            let columns = try? cutTile.columns(at: 0)
            let lazy = try? VectorTileTestSupport.decodeAll(Data(t.bytes))
            #expect((columns == nil) == (lazy == nil), "cut at \(cut)")
        }
    }
}
