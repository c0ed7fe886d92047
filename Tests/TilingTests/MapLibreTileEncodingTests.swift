import Foundation
import GeoJSON
import Testing
@testable import Tiling

/// The encodings the spec lists, on hand-written tiles: every scalar type, plain / dictionary /
/// FSST / shared-dictionary strings, RLE and delta-RLE integers, fixed-width integers, nullable
/// columns, the full geometry topology, and plain and Morton vertex dictionaries.
@Suite struct MapLibreTileEncodingTests {
    typealias W = MLTTestWriter

    static func decode(_ bytes: [UInt8]) throws -> MapLibreTileLayer {
        let tile = try MapLibreTile(bytes: ContiguousArray(bytes))
        try #require(tile.layers.count == 1)
        return tile.layers[0]
    }

    static func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }

    @Test func scalarColumns() throws {
        var meta = W(), body = W()
        meta.column(0); meta.column(4); meta.column(11, "flag"); meta.column(16, "i"); meta.column(22, "u")
        meta.column(21, "l"); meta.column(24, "f"); meta.column(26, "d"); meta.column(28, "s")
        // ids 5, 6, 7 delta-coded
        body.ints(W.data, 0, [10, 2, 2], logical1: W.delta)
        body.points([(1, 2), (3, 4), (-5, 6)])
        body.booleans(W.present, [true, false, true])
        body.booleans(W.data, [true, false])
        body.ints(W.data, 0, [1, 0, 140_000]) // -1, 0, 70000 zigzag
        body.ints(W.data, 0, [1, UInt64.max, 3])
        body.booleans(W.present, [false, true, true])
        body.ints(W.data, 0, [W.zigzag(-(1 << 40)), W.zigzag(9)])
        body.stream(W.data, 0, physical: W.plain, count: 3, payload: [0.5, -2, 1e10].flatMap { Self.le(Float($0).bitPattern) })
        body.stream(W.data, 0, physical: W.plain, count: 3, payload: [0.1, -3.25, 1e300].flatMap { Self.le(Double($0).bitPattern) })
        body.varint(2)
        body.ints(W.length, 0, [1, 0, 3])
        body.stream(W.data, 0, payload: Array("axyz".utf8))
        let layer = try Self.decode(W.tile(columnCount: 9, columns: meta.bytes, body: body.bytes))
        #expect(layer.features.map(\.id) == [5, 6, 7])
        #expect(layer.features.map { $0.geometry.coordinates } == [[1, 2], [3, 4], [-5, 6]])
        let p = layer.features.map(\.properties)
        #expect(p[0] == ["flag": .bool(true), "i": .int(-1), "u": .int(1), "f": .double(0.5), "d": .double(0.1), "s": .string("a")])
        #expect(p[1] == ["i": .int(0), "u": .uint(UInt64.max), "l": .int(-(1 << 40)), "f": .double(-2), "d": .double(-3.25), "s": .string("")])
        #expect(p[2] == ["flag": .bool(false), "i": .int(70_000), "u": .int(3), "l": .int(9), "f": .double(Double(Float(1e10))),
                         "d": .double(1e300), "s": .string("xyz")])
    }

    @Test func stringColumns() throws {
        var meta = W(), body = W()
        meta.column(4); meta.column(29, "k"); meta.column(28, "fs")
        meta.column(30, "name"); meta.varint(2); meta.column(29, ":en"); meta.column(28, ":de")
        body.points([(0, 0), (1, 1), (2, 2), (3, 3)])
        // Dictionary, nullable: present, lengths, offsets, data.
        body.varint(4)
        body.booleans(W.present, [true, true, false, true])
        body.ints(W.length, 6, [3, 3])
        body.ints(W.offset, 2, [1, 0, 1])
        body.stream(W.data, 1, payload: Array("foobar".utf8))
        // FSST dictionary: symbol lengths, symbol table, value lengths, corpus, offsets.
        body.varint(5)
        body.ints(W.length, 5, [2, 3])
        body.stream(W.data, 5, payload: Array("abxyz".utf8))
        body.ints(W.length, 6, [5, 3])
        body.stream(W.data, 1, payload: [0, 1, 0, 255, UInt8(ascii: "!")])
        body.ints(W.offset, 2, [0, 1, 1, 0])
        // Shared dictionary: lengths, data, then per field its stream count, present, indices.
        body.varint(5)
        body.ints(W.length, 6, [3, 4])
        body.stream(W.data, 2, payload: Array("OneZwei".utf8))
        body.varint(2)
        body.booleans(W.present, [true, false, true, true])
        body.ints(W.offset, 2, [0, 0, 0])
        body.varint(1)
        body.ints(W.offset, 2, [1, 1, 1, 1])
        let layer = try Self.decode(W.tile(columnCount: 4, columns: meta.bytes, body: body.bytes))
        let p = layer.features.map(\.properties)
        #expect(p[0] == ["k": .string("bar"), "fs": .string("abxyz"), "name:en": .string("One"), "name:de": .string("Zwei")])
        #expect(p[1] == ["k": .string("foo"), "fs": .string("ab!"), "name:de": .string("Zwei")])
        #expect(p[2] == ["fs": .string("ab!"), "name:en": .string("One"), "name:de": .string("Zwei")])
        #expect(p[3] == ["k": .string("bar"), "fs": .string("abxyz"), "name:en": .string("One"), "name:de": .string("Zwei")])
    }

    @Test func aStringColumnWithoutStreamsIsAllNull() throws {
        var meta = W(), body = W()
        meta.column(4); meta.column(29, "absent"); meta.column(28, "s")
        body.points([(0, 0), (1, 1)])
        body.varint(0)
        body.varint(2)
        body.ints(W.length, 0, [1, 1])
        body.stream(W.data, 0, payload: Array("ab".utf8))
        let layer = try Self.decode(W.tile(columnCount: 3, columns: meta.bytes, body: body.bytes))
        #expect(layer.features.map(\.properties) == [["s": .string("a")], ["s": .string("b")]])
    }

    @Test func integerEncodings() throws {
        var meta = W(), body = W()
        meta.column(1); meta.column(4); meta.column(18, "r"); meta.column(16, "sr"); meta.column(16, "fixed"); meta.column(20, "dr")
        // Nullable id, delta-RLE: ids 100, 101 on features 0 and 2.
        body.booleans(W.present, [true, false, true])
        body.ints(W.data, 0, [1, 1, 200, 2], logical1: W.delta, logical2: W.rle, rle: (2, 2))
        body.points([(0, 0), (1, 1), (2, 2)])
        body.ints(W.data, 0, [3, 7], logical1: W.rle, rle: (1, 3))
        body.ints(W.data, 0, [2, 1, 3, 10], logical1: W.rle, rle: (2, 3))
        body.stream(W.data, 0, physical: W.plain, count: 3, payload: [W.zigzag(-7), 4, W.zigzag(1 << 30)].flatMap { Self.le(UInt32($0)) })
        // int64 delta-RLE: 5, 5+2^40, 5+2*2^40
        body.ints(W.data, 0, [1, 2, 10, W.zigzag(1 << 40)], logical1: W.delta, logical2: W.rle, rle: (2, 3))
        let layer = try Self.decode(W.tile(columnCount: 6, columns: meta.bytes, body: body.bytes))
        #expect(layer.features.map(\.id) == [100, nil, 101])
        #expect(layer.features.map { $0.properties["r"] } == [.int(7), .int(7), .int(7)])
        #expect(layer.features.map { $0.properties["sr"] } == [.int(-2), .int(-2), .int(5)])
        #expect(layer.features.map { $0.properties["fixed"] } == [.int(-7), .int(2), .int(1 << 30)])
        let big: Int64 = 1 << 40
        let expected: [JSONValue?] = [.int(5), .int(5 + big), .int(5 + 2 * big)]
        #expect(layer.features.map { $0.properties["dr"] } == expected)
    }

    @Test func geometryTopology() throws {
        var meta = W(), body = W()
        meta.column(4)
        let vertices: [(Int64, Int64)] = [(0, 0), (10, 0),
                                           (0, 0), (10, 0), (10, 10), (0, 10), (2, 2), (3, 2), (3, 3),
                                           (1, 1), (2, 2),
                                           (0, 0), (1, 1), (2, 2), (3, 3),
                                           (0, 0), (5, 0), (5, 5), (6, 6), (9, 6), (9, 9),
                                           (7, 7)]
        body.varint(5)
        body.ints(W.data, 0, [1, 2, 3, 4, 5, 0])
        body.ints(W.length, 1, [2, 2, 2])
        body.ints(W.length, 2, [2, 1, 1])
        body.ints(W.length, 3, [2, 4, 3, 2, 2, 3, 3])
        var deltas = [UInt64](), px: Int64 = 0, py: Int64 = 0
        for (x, y) in vertices { deltas += [W.zigzag(x - px), W.zigzag(y - py)]; px = x; py = y }
        body.ints(W.data, 3, deltas, logical1: W.componentwiseDelta)
        let layer = try Self.decode(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))
        let f = layer.features
        #expect(f.map(\.type) == [.lineString, .polygon, .point, .lineString, .polygon, .point])
        func pts(_ p: [(Int32, Int32)]) -> [TilePoint] { p.map { TilePoint(x: $0.0, y: $0.1) } }
        #expect(f[0].geometry.rings == [pts([(0, 0), (10, 0)])])
        #expect(f[1].geometry.rings == [pts([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]), pts([(2, 2), (3, 2), (3, 3), (2, 2)])])
        #expect(f[1].polygonRingCounts == [2])
        #expect(f[2].geometry.rings == [pts([(1, 1)]), pts([(2, 2)])])
        #expect(f[3].geometry.rings == [pts([(0, 0), (1, 1)]), pts([(2, 2), (3, 3)])])
        #expect(f[4].polygonRingCounts == [1, 1])
        #expect(f[4].geometry.rings == [pts([(0, 0), (5, 0), (5, 5), (0, 0)]), pts([(6, 6), (9, 6), (9, 9), (6, 6)])])
        #expect(f[5].geometry.rings == [pts([(7, 7)])])
        let geo = layer.geoJSONFeatures(x: 0, y: 0, z: 0).map(\.geometry)
        guard case .lineString = geo[0], case .polygon(let polygon) = geo[1], case .multiPoint = geo[2],
              case .multiLineString = geo[3], case .multiPolygon(let multi) = geo[4], case .point = geo[5] else {
            Issue.record("GeoJSON types: \(geo)")
            return
        }
        #expect(polygon.count == 2)
        #expect(multi.count == 2)
    }

    @Test func linesWithoutPolygonsTakeTheirLengthsFromParts() throws {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(4)
        body.ints(W.data, 0, [1, 4])
        body.ints(W.length, 1, [2])
        body.ints(W.length, 2, [2, 1, 2])
        body.ints(W.data, 3, [0, 0, 2, 2, 2, 2, 2, 2, 2, 2], logical1: W.componentwiseDelta)
        let layer = try Self.decode(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))
        #expect(layer.features.map { $0.geometry.ringOffsets } == [[0, 2], [0, 1, 3]])
        #expect(layer.features[1].geometry.coordinates == [2, 2, 3, 3, 4, 4])
    }

    @Test(arguments: [false, true])
    func mortonVertexDictionary(delta: Bool) throws {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(3)
        body.ints(W.data, 0, [0, 0, 0])
        body.ints(W.offset, 0, [1, 0, 1])
        // (1, 2) -> 9, (3, 0) -> 5 with 2 bits per coordinate; a shift of 1 moves both by -1.
        let codes: [UInt64] = delta ? [9, UInt64(UInt32(5) &- 9)] : [9, 5]
        body.ints(W.data, 4, codes, logical1: W.morton, logical2: delta ? W.delta : W.none, morton: (2, 1))
        let layer = try Self.decode(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))
        #expect(layer.features.map { $0.geometry.coordinates } == [[2, -1], [0, 1], [2, -1]])
    }

    @Test func plainVertexDictionary() throws {
        var meta = W(), body = W()
        meta.column(4)
        body.varint(4)
        body.ints(W.data, 0, [1])
        body.ints(W.length, 2, [3])
        body.ints(W.offset, 0, [0, 1, 0])
        body.ints(W.data, 3, [W.zigzag(5), W.zigzag(6), W.zigzag(-1), W.zigzag(1)], logical1: W.componentwiseDelta)
        let layer = try Self.decode(W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes))
        #expect(layer.features[0].geometry.coordinates == [5, 6, 4, 7, 5, 6])
    }

    @Test func layersWithOtherTagsAreSkipped() throws {
        var meta = W(), body = W()
        meta.column(4)
        body.points([(1, 1)])
        let good = W.tile(columnCount: 1, columns: meta.bytes, body: body.bytes)
        let other: [UInt8] = [3, 2, 0xaa, 0xbb] // length 3, tag 2, two bytes of an unknown layer kind
        let tile = try MapLibreTile(bytes: ContiguousArray(other + good + other))
        #expect(tile.layerNames == ["layer"])
    }
}
