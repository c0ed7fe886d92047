import Foundation
import MercatorTestSupport
import Testing
@testable import Tiling

/// Malformed MapLibre Tiles: truncated, corrupted, or with counts that do not fit the data, give an
/// ``MLTError`` with a byte offset, never a crash, a hang or a huge allocation.
@Suite struct MapLibreTileHostileTests {
    typealias W = MLTTestWriter

    static func smallFixture() throws -> [UInt8] {
        let url = try #require(SharedFixtures.url("conformance/render-tests/tiles/counties-7-37-48.mlt"))
        return [UInt8](try Data(contentsOf: url))
    }

    static func error(_ bytes: [UInt8]) -> MLTError? {
        do {
            _ = try MapLibreTile(bytes: ContiguousArray(bytes))
            return nil
        } catch {
            return error
        }
    }

    @Test(.needsShared) func truncatedAtEveryByteThrows() throws {
        let bytes = try Self.smallFixture()
        #expect(Self.error(bytes) == nil)
        for n in 1..<bytes.count {
            let e = Self.error(Array(bytes[0..<n]))
            #expect(e != nil, "prefix of \(n) bytes decoded")
            if let e { #expect(e.offset >= 0 && e.offset <= n) }
        }
    }

    /// The layer cut short with its length prefix rewritten to match, so that every column and stream
    /// reader meets the end of the data.
    @Test(.needsShared) func layerBodyTruncatedAtEveryByteThrows() throws {
        let bytes = try Self.smallFixture()
        var r = MLTReader(ContiguousArray(bytes))
        let length = Int(try r.varint32())
        let bodyStart = r.position
        try #require(bodyStart + length == bytes.count)
        for n in 0..<length {
            var w = W()
            w.varint(UInt64(n))
            let e = Self.error(w.bytes + bytes[bodyStart..<(bodyStart + n)])
            #expect(e != nil, "layer body of \(n) bytes decoded")
        }
    }

    /// Every byte of the tile's first kilobyte set to a few values: decoding throws or succeeds, and
    /// a success has consistent geometry.
    @Test(.needsShared) func corruptedBytesNeverCrash() throws {
        let bytes = try Self.smallFixture()
        var failures = 0
        for i in 0..<min(bytes.count, 1024) {
            for v: UInt8 in [0x00, 0x01, 0x7f, 0x80, 0xff] where bytes[i] != v {
                var b = bytes
                b[i] = v
                do {
                    let tile = try MapLibreTile(bytes: ContiguousArray(b))
                    for f in tile.layers.flatMap(\.features) {
                        #expect(f.geometry.ringOffsets.last.map { Int($0) } == f.geometry.pointCount)
                    }
                } catch {
                    failures += 1
                }
            }
        }
        #expect(failures > 0)
    }

    /// Random bytes of the smaller fixtures overwritten (a deterministic sequence): an error or a
    /// consistent tile, never a trap or a hang.
    @Test(.needsShared) func randomlyCorruptedFixturesNeverCrash() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests/tiles"))
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".mlt") }.sorted()
        var rng = SplitMix64(seed: 13)
        var tried = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(name)))
            guard bytes.count < 60_000 else { continue }
            for _ in 0..<40 {
                var b = bytes
                for _ in 0..<(1 + rng.int(4)) { b[rng.int(b.count)] = UInt8(truncatingIfNeeded: rng.next()) }
                tried += 1
                guard let tile = try? MapLibreTile(bytes: ContiguousArray(b)) else { continue }
                for f in tile.layers.flatMap(\.features) {
                    #expect(f.geometry.ringOffsets.last.map { Int($0) } == f.geometry.pointCount)
                }
            }
        }
        #expect(tried >= 300)
    }

    /// One geometry column of one point with a broken stream in front of it.
    static func pointLayer(types: (inout W) -> Void) -> [UInt8] {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(2)
        types(&body)
        body.ints(W.data, 3, [2, 2], logical1: W.componentwiseDelta)
        return W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes)
    }

    @Test func rleRunsPastTheLimitAreRefused() {
        let bytes = Self.pointLayer { $0.ints(W.data, 0, [1 << 30, 0], logical1: W.rle, rle: (1, 1 << 30)) }
        #expect(Self.error(bytes)?.kind == .tooManyValues(1 << 30))
    }

    /// Streams each within the limit but together past it: refused before the last is expanded.
    @Test func theDecodedValueLimitIsPerTile() throws {
        var meta = W(), body = W()
        meta.column(4)
        for i in 0..<3 { meta.column(18, "c\(i)") }
        body.points([(0, 0)])
        for _ in 0..<3 { body.ints(W.data, 0, [400, 7], logical1: W.rle, rle: (1, 400)) }
        let bytes = ContiguousArray(W.tile(columnCount: 4, columns: meta.bytes, body: body.bytes))
        // 1 geometry type + 2 coordinates + 3 x 400: past 1000 at the third column.
        #expect(throws: MLTError(.tooManyValues(400), offset: 56)) { try MapLibreTile(bytes: bytes, decodedValueLimit: 1000) } // the third stream header
        // Under a larger limit the streams expand, and their 400 values for 1 feature are the error.
        guard case .countMismatch? = Self.error(Array(bytes))?.kind else { Issue.record("no count mismatch"); return }
    }

    @Test func rleRunsThatDoNotAddUpAreRefused() {
        let bytes = Self.pointLayer { $0.ints(W.data, 0, [2, 0], logical1: W.rle, rle: (1, 1)) }
        guard case .countMismatch = Self.error(bytes)?.kind else { Issue.record("no count mismatch"); return }
    }

    @Test func moreVarintsThanBytesAreRefused() {
        let bytes = Self.pointLayer { $0.stream(W.data, 0, count: 1000, payload: [0]) }
        let e = Self.error(bytes)
        #expect(e?.kind == .countPastEnd("varint value count"))
        #expect(e?.offset == 13) // the stream header: after the layer length, tag, name, extent, column and stream counts
    }

    @Test func streamLongerThanTheLayerIsRefused() {
        let bytes = Self.pointLayer { $0.stream(W.data, 0, count: 1, payload: [0]) ; $0.bytes[$0.bytes.count - 2] = 0x7f }
        #expect(Self.error(bytes)?.kind == .countPastEnd("stream byte length"))
    }

    @Test func geometryLengthsPastTheVerticesAreRefused() {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(3)
        body.ints(W.data, 0, [1])
        body.ints(W.length, 2, [1_000_000])
        body.ints(W.data, 3, [2, 2, 2, 2], logical1: W.componentwiseDelta)
        guard case .countMismatch = Self.error(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))?.kind else {
            Issue.record("no count mismatch")
            return
        }
    }

    @Test func missingTopologyStreamIsRefused() {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(2)
        body.ints(W.data, 0, [2]) // a polygon, without parts or rings
        body.ints(W.data, 3, [2, 2, 2, 2], logical1: W.componentwiseDelta)
        #expect(Self.error(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))?.kind == .missingStream("parts"))
    }

    @Test func vertexDictionaryIndexOutOfRangeIsRefused() {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(3)
        body.ints(W.data, 0, [0])
        body.ints(W.offset, 0, [5])
        body.ints(W.data, 3, [2, 2], logical1: W.componentwiseDelta)
        #expect(Self.error(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))?.kind == .indexOutOfRange("vertex dictionary"))
    }

    @Test func stringDictionaryIndexOutOfRangeIsRefused() {
        var meta = W(), body = W()
        meta.column(4); meta.column(28, "s")
        body.points([(0, 0)])
        body.varint(3)
        body.ints(W.length, 6, [1])
        body.ints(W.offset, 2, [3])
        body.stream(W.data, 1, payload: [65])
        #expect(Self.error(W.tile(columnCount: 2, columns: meta.bytes, body: body.bytes))?.kind == .indexOutOfRange("string dictionary"))
    }

    @Test func fsstSymbolOutOfRangeIsRefused() {
        var meta = W(), body = W()
        meta.column(4); meta.column(28, "s")
        body.points([(0, 0)])
        body.varint(4)
        body.ints(W.length, 5, [1])
        body.stream(W.data, 5, payload: [65])
        body.ints(W.length, 6, [1])
        body.stream(W.data, 1, payload: [7])
        #expect(Self.error(W.tile(columnCount: 2, columns: meta.bytes, body: body.bytes))?.kind == .indexOutOfRange("FSST symbol"))
    }

    @Test func valueCountsMustMatchTheFeatures() {
        var meta = W(), body = W()
        meta.column(4); meta.column(16, "i")
        body.points([(0, 0), (1, 1)])
        body.ints(W.data, 0, [2])
        guard case .countMismatch = Self.error(W.tile(columnCount: 2, columns: meta.bytes, body: body.bytes))?.kind else {
            Issue.record("no count mismatch")
            return
        }
    }

    @Test func badMetadataIsRefused() {
        var body = W()
        body.points([(0, 0)])
        var geometry = W()
        geometry.column(4)
        #expect(Self.error(W.tile(name: "", columnCount: 1, columns: geometry.bytes, body: body.bytes))?.kind == .emptyLayerName)
        #expect(Self.error(W.tile(columnCount: 1, columns: [7], body: body.bytes))?.kind == .unknownColumnType(7))
        #expect(Self.error(W.tile(columnCount: 2, columns: geometry.bytes + geometry.bytes, body: body.bytes + body.bytes))?.kind
                == .invalidColumns("a layer needs exactly one geometry column"))
        #expect(Self.error(W.tile(columnCount: 1, columns: geometry.bytes, body: body.bytes + [0]))?.kind == .trailingBytes(1))
        #expect(Self.error(W.tile(columnCount: 1_000_000, columns: geometry.bytes, body: body.bytes))?.kind == .countPastEnd("column count"))
        // A stream type 0x4_ and a Morton code of 17 bits per coordinate.
        #expect(Self.error(Self.pointLayer { $0.bytes += [0x40, 0x02, 1, 1, 0] })?.kind == .unknownStreamType(0x40))
        #expect(Self.error(Self.pointLayer { $0.ints(W.data, 4, [0], logical1: W.morton, morton: (17, 0)) })?.kind == .invalidEncoding(4, 0, 2))
    }

    @Test func errorsNameTheirOffset() {
        let e = MLTError(.trailingBytes(3), offset: 42)
        #expect(e.description == "MapLibre tile: 3 byte(s) left over at the end of the layer (byte 42)")
    }
}
