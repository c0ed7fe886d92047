@testable import Tiling

/// Writes small MapLibre Tiles by hand for the decoder tests: varints, strings, stream headers and
/// layers. Values are given already encoded (zigzag, deltas, runs…) as the tests spell them out.
struct MLTTestWriter {
    var bytes = [UInt8]()

    mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func string(_ s: String) {
        varint(UInt64(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }

    /// Stream types (high nibble of the type byte).
    static let present: UInt8 = 0, data: UInt8 = 1, offset: UInt8 = 2, length: UInt8 = 3
    /// Logical techniques.
    static let none: UInt8 = 0, delta: UInt8 = 1, componentwiseDelta: UInt8 = 2, rle: UInt8 = 3, morton: UInt8 = 4
    /// Physical techniques.
    static let plain: UInt8 = 0, varintCoded: UInt8 = 2

    /// A stream header and payload. `count` defaults to the number of `values`; RLE streams give
    /// `runs` and `total`, Morton streams `bits` and `shift`.
    mutating func stream(_ type: UInt8, _ subtype: UInt8, logical1: UInt8 = 0, logical2: UInt8 = 0, physical: UInt8 = 2,
                         count: Int? = nil, payload: [UInt8], rle: (runs: Int, total: Int)? = nil, morton: (bits: Int, shift: Int)? = nil) {
        bytes.append(type << 4 | subtype)
        bytes.append(logical1 << 5 | logical2 << 2 | physical)
        varint(UInt64(count ?? payload.count))
        varint(UInt64(payload.count))
        if let rle {
            varint(UInt64(rle.runs))
            varint(UInt64(rle.total))
        }
        if let morton {
            varint(UInt64(morton.bits))
            varint(UInt64(morton.shift))
        }
        bytes.append(contentsOf: payload)
    }

    /// A varint-coded integer stream of `values`.
    mutating func ints(_ type: UInt8, _ subtype: UInt8, _ values: [UInt64], logical1: UInt8 = 0, logical2: UInt8 = 0,
                       rle: (runs: Int, total: Int)? = nil, morton: (bits: Int, shift: Int)? = nil) {
        var p = MLTTestWriter()
        for v in values { p.varint(v) }
        stream(type, subtype, logical1: logical1, logical2: logical2, count: values.count, payload: p.bytes, rle: rle, morton: morton)
    }

    /// A boolean stream (present bitmap or boolean column): ORC byte-RLE literals of the packed bits.
    mutating func booleans(_ type: UInt8, _ bits: [Bool]) {
        var packed = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (i, b) in bits.enumerated() where b { packed[i / 8] |= 1 << UInt8(i % 8) }
        stream(type, 0, logical1: Self.rle, physical: Self.plain, count: bits.count, payload: [UInt8(256 - packed.count)] + packed)
    }

    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }

    /// A tile of one layer: `name`, `extent`, column metadata (`columns`: already written) and the
    /// column streams (`body`).
    static func tile(name: String = "layer", extent: Int = 4096, columnCount: Int, columns: [UInt8], body: [UInt8]) -> [UInt8] {
        var layer = MLTTestWriter()
        layer.varint(1)
        layer.string(name)
        layer.varint(UInt64(extent))
        layer.varint(UInt64(columnCount))
        layer.bytes += columns + body
        var tile = MLTTestWriter()
        tile.varint(UInt64(layer.bytes.count))
        tile.bytes += layer.bytes
        return tile.bytes
    }

    /// Column metadata: a type code, then the name from code 10 up.
    mutating func column(_ code: UInt64, _ name: String = "") {
        varint(code)
        if code >= 10 { string(name) }
    }

    /// A geometry column of points at `xy` (componentwise delta, zigzag), one per feature.
    mutating func points(_ xy: [(Int64, Int64)]) {
        varint(2)
        ints(Self.data, 0, xy.map { _ in 0 })
        var values = [UInt64]()
        var px: Int64 = 0, py: Int64 = 0
        for (x, y) in xy {
            values += [Self.zigzag(x - px), Self.zigzag(y - py)]
            px = x
            py = y
        }
        ints(Self.data, 3, values, logical1: Self.componentwiseDelta)
    }
}
