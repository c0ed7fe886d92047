import Foundation
import MercatorTestSupport
import Testing
@testable import Tiling
import MercatorCompression
import JSON

/// Malformed tiles throw a located ``VectorTileError``; truncated and bit-flipped real tiles throw
/// or decode, never crash or hang.
@Suite struct VectorTileHostileTests {
    /// A tile holding one layer whose message is `layer`.
    static func tile(layer: ProtobufWriter) -> Data {
        var t = ProtobufWriter()
        t.bytesField(3, layer.bytes)
        return Data(t.bytes)
    }

    /// A layer "l" with key "k", value "v" and one feature with the given tags and geometry.
    static func layer(tags: [UInt64] = [0, 0], geometry: [UInt64]) -> ProtobufWriter {
        var f = ProtobufWriter(), packed = ProtobufWriter(), g = ProtobufWriter()
        for t in tags { packed.varint(t) }
        for c in geometry { g.varint(c) }
        f.bytesField(2, packed.bytes)
        f.varintField(3, 2)
        f.bytesField(4, g.bytes)
        var l = ProtobufWriter()
        l.stringField(1, "l")
        l.bytesField(2, f.bytes)
        l.stringField(3, "k")
        var v = ProtobufWriter()
        v.stringField(1, "v")
        l.bytesField(4, v.bytes)
        return l
    }

    func error(_ body: () throws -> Void) -> VectorTileError? {
        do { try body(); return nil } catch let e as VectorTileError { return e } catch {
            Issue.record("not a VectorTileError: \(error)")
            return nil
        }
    }

    @Test func truncatedVarint() {
        let e = error { _ = try VectorTile(data: Data([0x1a, 0x80])) }
        #expect(e == VectorTileError(.truncatedVarint, offset: 1))
    }

    @Test func varintLongerThanTenBytes() {
        let e = error { _ = try VectorTile(data: Data([0x08] + [UInt8](repeating: 0xff, count: 10) + [0x01])) }
        #expect(e == VectorTileError(.varintTooLong, offset: 1))
    }

    @Test func lengthPastTheEnd() {
        let e = error { _ = try VectorTile(data: Data([0x1a, 0x05, 0x0a, 0x01])) }
        #expect(e == VectorTileError(.lengthPastEnd, offset: 1))
    }

    @Test func unknownWireTypes() {
        #expect(error { _ = try VectorTile(data: Data([0x0f])) } == VectorTileError(.unknownWireType(7), offset: 0))
        #expect(error { _ = try VectorTile(data: Data([0x0e])) } == VectorTileError(.unknownWireType(6), offset: 0))
        #expect(error { _ = try VectorTile(data: Data([0x0c])) } == VectorTileError(.unknownWireType(4), offset: 0))
    }

    @Test func unknownFieldsOfEveryWireTypeAreSkipped() throws {
        var t = ProtobufWriter()
        t.varintField(7, 300)
        t.fixed64Field(8, 1)
        t.stringField(9, "x")
        t.fixed32Field(10, 1)
        t.key(11, 3); t.varintField(1, 5); t.key(12, 3); t.key(12, 4); t.key(11, 4)  // nested groups
        var l = Self.layer(geometry: [9, 2, 2, 10, 4, 4])
        l.fixed32Field(99, 7)
        t.bytesField(3, l.bytes)
        let tile = try VectorTile(data: Data(t.bytes))
        #expect(tile.layerNames == ["l"])
        let f = try #require(try tile.layer(named: "l")).feature(at: 0)
        #expect(try f.geometry() == [[TilePoint(x: 1, y: 1), TilePoint(x: 3, y: 3)]])
        #expect(f.properties == ["k": "v"])
    }

    @Test func commandCountPastTheEnd() throws {
        // LineTo with count 1000 and two parameters.
        let tile = try VectorTile(data: Self.tile(layer: Self.layer(geometry: [9, 2, 2, 1000 << 3 | 2, 4, 4])))
        let f = try #require(try tile.layer(named: "l")).feature(at: 0)
        let e = error { _ = try f.geometry() }
        #expect(e?.kind == .commandCountPastEnd)
        // A lying count near 2^29 must not allocate or loop.
        let lying = try VectorTile(data: Self.tile(layer: Self.layer(geometry: [UInt64(1 << 29 - 1) << 3 | 1, 2, 2])))
        #expect(error { _ = try lying.layer(at: 0).feature(at: 0).geometry() }?.kind == .commandCountPastEnd)
    }

    @Test func unknownCommand() throws {
        let tile = try VectorTile(data: Self.tile(layer: Self.layer(geometry: [9, 2, 2, 1 << 3 | 3])))
        let e = error { _ = try tile.layer(at: 0).feature(at: 0).geometry() }
        #expect(e?.kind == .unknownCommand(3))
    }

    @Test func tagsOutOfRange() throws {
        for tags: [UInt64] in [[1, 0], [0, 1], [0]] {
            let tile = try VectorTile(data: Self.tile(layer: Self.layer(tags: tags, geometry: [9, 2, 2])))
            let e = error { _ = try tile.layer(at: 0).feature(at: 0) }
            #expect(e?.kind == .tagOutOfRange, "\(tags)")
        }
    }

    @Test func aLayerNotAskedForIsNeverDecoded() throws {
        var t = ProtobufWriter()
        t.bytesField(3, Self.layer(geometry: [9, 2, 2]).bytes)
        var bad = ProtobufWriter()
        bad.stringField(1, "bad")
        bad.bytesField(2, [0x08])  // a feature whose id varint is missing
        t.bytesField(3, bad.bytes)
        let tile = try VectorTile(data: Data(t.bytes))
        #expect(tile.layerNames == ["l", "bad"])
        #expect(try tile.layer(named: "l")?.count == 1)
        let layer = try #require(try tile.layer(named: "bad"))
        #expect(error { _ = try layer.feature(at: 0) }?.kind == .truncatedVarint)
    }

    @Test func gzipIsInflatedWithALimit() throws {
        let raw = Self.tile(layer: Self.layer(geometry: [9, 2, 2]))
        let gz = Data(Gzip.deflate(ContiguousArray(raw)))
        #expect(gz[0] == 0x1f && gz[1] == 0x8b)
        #expect(try VectorTile(data: gz).bytes == ContiguousArray(raw))
        #expect(error { _ = try VectorTile(data: gz, inflatedSizeLimit: 4) }?.kind == .inflatedSizeLimit(4))
        #expect(error { _ = try VectorTile(data: gz.prefix(gz.count - 6)) }?.kind == .corruptGzip)
        #expect(error { _ = try VectorTile(data: Data([0x1f, 0x8b, 0, 0])) }?.kind == .corruptGzip)
    }

    @Test(.needsShared) func truncatedAndBitFlippedRealTilesNeverCrash() throws {
        let files = VectorTileTestSupport.conformanceTiles().filter { ["14-8802-5374.mvt", "counties-7-37-48.mvt", "2-1-1.mvt", "extent-1024.mvt"].contains($0.0) }
        try #require(!files.isEmpty, "the four real tiles are not under ../shared/conformance/render-tests/tiles")
        var rng = SplitMix64(seed: 0x5eed)
        var threw = 0, decoded = 0
        for (_, url) in files {
            let data = try Data(contentsOf: url)
            var variants = [Data]()
            for _ in 0..<40 { variants.append(data.prefix(rng.int(data.count))) }
            for _ in 0..<60 {
                var d = data
                for _ in 0..<(1 + rng.int(4)) {
                    let i = rng.int(d.count)
                    d[i] ^= UInt8(1 << rng.int(8))
                }
                variants.append(d)
            }
            // A gzip copy, truncated and corrupted.
            let gz = Data(Gzip.deflate(ContiguousArray(data)))
            variants.append(gz.prefix(gz.count / 2))
            var g2 = gz; g2[g2.count / 2] ^= 0x55; variants.append(g2)
            for v in variants {
                do throws(VectorTileError) { try VectorTileTestSupport.decodeAll(v); decoded += 1 } catch { threw += 1 }
            }
        }
        #expect(threw > 0)
        #expect(threw + decoded == files.count * 102)
    }
}
