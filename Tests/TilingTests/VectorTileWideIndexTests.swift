import Foundation
import GeoJSON
import Testing
@testable import Tiling

/// The varint reader's inline (one to three bytes) and unrolled (four to ten bytes) paths, and tag
/// indices of every width going through the layer's tables (counting pass, tag checks, properties).
struct VectorTileWideIndexTests {
    /// One varint read from the start of `bytes`, and where the reader stopped.
    static func readVarint(_ bytes: ContiguousArray<UInt8>) -> (Result<UInt64, VectorTileError>, Int) {
        bytes.withUnsafeBufferPointer { b in
            var r = ProtobufReader(b, from: 0, to: b.count)
            do throws(VectorTileError) {
                let v = try r.varint()
                return (.success(v), r.position)
            } catch {
                return (.failure(error), r.position)
            }
        }
    }

    @Test func varintsOfEveryLengthReadBackAndTruncationsFail() {
        var values: [UInt64] = [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, UInt64.max]
        for bits in stride(from: 21, to: 64, by: 7) { values += [(1 << UInt64(bits)) - 1, 1 << UInt64(bits)] }
        for v in values {
            var w = ProtobufWriter()
            w.varint(v)
            let encoded = w.bytes
            // Alone (the end checks of the short paths) and followed by padding (the unrolled path).
            for padding in [0, 12] {
                let (value, position) = Self.readVarint(encoded + ContiguousArray(repeating: 0, count: padding))
                #expect(value == .success(v))
                #expect(position == encoded.count)
            }
            for cut in 0..<encoded.count {
                #expect(Self.readVarint(ContiguousArray(encoded.prefix(cut))).0 == .failure(VectorTileError(.truncatedVarint, offset: 0)))
            }
        }
        for padding in [0, 12] {
            let (value, _) = Self.readVarint(ContiguousArray(repeating: 0xff, count: 10) + [0x01] + ContiguousArray(repeating: 0, count: padding))
            #expect(value == .failure(VectorTileError(.varintTooLong, offset: 0)))
        }
    }

    /// A layer with `keyCount` keys `k0…` and `valueCount` values (`uint` i), and features tagged
    /// with the given (key, value) index pairs.
    static func layer(keyCount: Int, valueCount: Int, features: [[(Int, Int)]]) -> Data {
        var l = ProtobufWriter()
        l.stringField(1, "wide")
        for tags in features {
            var f = ProtobufWriter(), packed = ProtobufWriter(), g = ProtobufWriter()
            for (k, v) in tags { packed.varint(UInt64(k)); packed.varint(UInt64(v)) }
            for c: UInt64 in [9, 2, 2] { g.varint(c) }
            f.bytesField(2, packed.bytes)
            f.varintField(3, 1)
            f.bytesField(4, g.bytes)
            l.bytesField(2, f.bytes)
        }
        for k in 0..<keyCount { l.stringField(3, "k\(k)") }
        for v in 0..<valueCount {
            var value = ProtobufWriter()
            value.varintField(5, UInt64(v))
            l.bytesField(4, value.bytes)
        }
        return VectorTileHostileTests.tile(layer: l)
    }

    @Test func tagIndicesOfOneTwoAndThreeBytesResolve() throws {
        let valueCount = 20_000
        let features: [[(Int, Int)]] = [[(0, 5)], [(1, 300), (0, 127)], [(129, 19_999), (2, 16_384), (3, 128)], []]
        let layer = try #require(try VectorTile(data: Self.layer(keyCount: 130, valueCount: valueCount, features: features)).layer(named: "wide"))
        #expect(layer.count == features.count)
        #expect(layer.keys.count == 130)
        #expect(layer.values.count == valueCount)
        for (i, tags) in features.enumerated() {
            let f = try layer.feature(at: i)
            let expected = JSONObject(tags.map { ("k\($0.0)", JSONValue.int(Int64($0.1))) })
            #expect(f.properties == expected)
            var visited = [(String, VectorTileValue)]()
            f.forEachProperty { visited.append(($0, $1)) }
            #expect(visited.map(\.0) == tags.map { "k\($0.0)" })
            #expect(visited.map(\.1) == tags.map { .uint(UInt64($0.1)) })
            #expect(try f.geometry() == [[TilePoint(x: 1, y: 1)]])
        }
    }

    @Test func aTagPastTheTablesFailsItsFeatureAtAnyWidth() throws {
        for bad in [(130, 0), (0, 20_000), (0, 2_000_000), (16_384, 0)] {
            let data = Self.layer(keyCount: 130, valueCount: 20_000, features: [[(1, 1)], [(0, 0), bad]])
            let layer = try #require(try VectorTile(data: data).layer(named: "wide"))
            #expect(try layer.feature(at: 0).properties == ["k1": .int(1)])
            #expect(throws: VectorTileError.self) { _ = try layer.feature(at: 1) }
        }
    }
}
