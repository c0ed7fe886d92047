import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// The decoder's three read paths agree: `geometry()` rings vs `decodeGeometry(into:)` flat storage
/// (reused across features), and `properties` vs `forEachProperty`; a malformed feature fails alone.
@Suite(.needsShared)
struct VectorTileDecodePathsTests {
    @Test func flatGeometryAndVisitedPropertiesMatchTheObjects() throws {
        let tiles = VectorTileTestSupport.conformanceTiles()
        var compared = 0
        for (name, url) in tiles {
            let data = try Data(contentsOf: url)
            guard VectorTileTestSupport.looksLikeMVT(data) else { continue }
            let tile = try VectorTile(data: data)
            var g = VectorTileGeometry()
            for layer in try tile.layers() {
                for i in 0..<layer.count {
                    let f = try layer.feature(at: i)
                    try f.decodeGeometry(into: &g)
                    let rings = try f.geometry()
                    #expect(g.rings == rings, "\(name) \(layer.name) #\(i)")
                    #expect(g.ringOffsets.count == rings.count + 1)
                    var visited = JSONObject()
                    var pairs = 0
                    f.forEachProperty { k, v in visited[k] = v.jsonValue; pairs += 1 }
                    #expect(visited == f.properties, "\(name) \(layer.name) #\(i)")
                    #expect(pairs == f.tagCount)
                    compared += 1
                }
            }
        }
        if !tiles.isEmpty { #expect(compared > 1000) }
    }

    @Test func emptyGeometryLeavesOneOffset() throws {
        let tile = try VectorTile(data: VectorTileHostileTests.tile(layer: VectorTileHostileTests.layer(geometry: [])))
        var g = VectorTileGeometry()
        try tile.layer(at: 0).feature(at: 0).decodeGeometry(into: &g)
        #expect(g.ringCount == 0 && g.pointCount == 0 && g.ringOffsets == [0])
    }

    @Test func aMalformedFeatureFailsAloneAndKeepsItsIndex() throws {
        func feature(tags: [UInt64], id: UInt64) -> ContiguousArray<UInt8> {
            var f = ProtobufWriter(), packed = ProtobufWriter(), g = ProtobufWriter()
            for t in tags { packed.varint(t) }
            for c: UInt64 in [9, 2, 2] { g.varint(c) }
            f.varintField(1, id)
            f.bytesField(2, packed.bytes)
            f.varintField(3, 1)
            f.bytesField(4, g.bytes)
            return f.bytes
        }
        var l = ProtobufWriter()
        l.stringField(1, "l")
        l.bytesField(2, feature(tags: [0, 0], id: 7))
        l.bytesField(2, feature(tags: [0, 5], id: 8))  // value 5 does not exist
        l.bytesField(2, feature(tags: [0, 0], id: 300_000_000_000))
        l.stringField(3, "k")
        var v = ProtobufWriter()
        v.stringField(1, "v")
        l.bytesField(4, v.bytes)
        let layer = try VectorTile(data: VectorTileHostileTests.tile(layer: l)).layer(at: 0)
        #expect(layer.count == 3)
        #expect(try layer.feature(at: 0).id == 7)
        #expect(try layer.feature(at: 0).properties["k"] == .string("v"))
        #expect(throws: VectorTileError.self) { _ = try layer.feature(at: 1) }
        #expect(try layer.feature(at: 2).id == 300_000_000_000)
        #expect(try layer.feature(at: 2).geometry() == [[TilePoint(x: 1, y: 1)]])
    }
}
