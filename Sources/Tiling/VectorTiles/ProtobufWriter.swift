/// Protocol-buffer wire writing into a growing byte array (vector tiles, glyph PBFs).
package struct ProtobufWriter {
    package init() {}

    package var bytes = ContiguousArray<UInt8>()

    @inline(__always)
    package mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inline(__always)
    package mutating func key(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }

    package mutating func varintField(_ field: Int, _ v: UInt64) {
        key(field, 0)
        varint(v)
    }

    package mutating func bytesField<C: Collection>(_ field: Int, _ payload: C) where C.Element == UInt8 {
        key(field, 2)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    package mutating func stringField(_ field: Int, _ s: String) {
        var s = s
        s.withUTF8 { bytesField(field, $0) }
    }

    package mutating func fixed32Field(_ field: Int, _ v: UInt32) {
        key(field, 5)
        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) }
    }

    package mutating func fixed64Field(_ field: Int, _ v: UInt64) {
        key(field, 1)
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }
}

/// Zigzag-encodes a signed value.
@inline(__always)
package func zigzagEncode(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
