/// Protocol-buffer wire reading over a borrowed byte buffer: varints, zigzag, fixed-size and
/// length-delimited fields, and skipping fields of any wire type. Offsets are positions in the buffer.
package struct ProtobufReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var position: Int
    package let end: Int

    @inline(__always)
    package init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        self.bytes = bytes
        position = start
        self.end = end
    }

    @inline(__always) package var isAtEnd: Bool { position >= end }

    /// A varint; throws on truncation or more than 10 bytes.
    @inline(__always)
    package mutating func varint() throws(VectorTileError) -> UInt64 {
        if position < end {
            let b = bytes[position]
            if b < 0x80 { position += 1; return UInt64(b) }
            if position + 1 < end {
                let b1 = bytes[position + 1]
                if b1 < 0x80 { position += 2; return UInt64(b & 0x7f) | UInt64(b1) << 7 }
                if position + 2 < end {
                    let b2 = bytes[position + 2]
                    if b2 < 0x80 { position += 3; return UInt64(b & 0x7f) | UInt64(b1 & 0x7f) << 7 | UInt64(b2) << 14 }
                }
            }
        }
        return try varintSlow()
    }

    @inline(never)
    mutating func varintSlow() throws(VectorTileError) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        // Whole varint in the buffer: unrolled, no end checks per byte.
        if end - position >= 10 {
            let p = bytes.baseAddress! + position
            var b = UInt64(p[0]); result = b & 0x7f; if b < 0x80 { position += 1; return result }
            b = UInt64(p[1]); result |= (b & 0x7f) << 7; if b < 0x80 { position += 2; return result }
            b = UInt64(p[2]); result |= (b & 0x7f) << 14; if b < 0x80 { position += 3; return result }
            b = UInt64(p[3]); result |= (b & 0x7f) << 21; if b < 0x80 { position += 4; return result }
            b = UInt64(p[4]); result |= (b & 0x7f) << 28; if b < 0x80 { position += 5; return result }
            b = UInt64(p[5]); result |= (b & 0x7f) << 35; if b < 0x80 { position += 6; return result }
            b = UInt64(p[6]); result |= (b & 0x7f) << 42; if b < 0x80 { position += 7; return result }
            b = UInt64(p[7]); result |= (b & 0x7f) << 49; if b < 0x80 { position += 8; return result }
            b = UInt64(p[8]); result |= (b & 0x7f) << 56; if b < 0x80 { position += 9; return result }
            b = UInt64(p[9]); result |= (b & 0x7f) << 63; if b < 0x80 { position += 10; return result }
            throw VectorTileError(.varintTooLong, offset: start)
        }
        while true {
            guard position < end else { throw VectorTileError(.truncatedVarint, offset: start) }
            let b = bytes[position]
            position += 1
            result |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return result }
            shift += 7
            if shift >= 70 { throw VectorTileError(.varintTooLong, offset: start) }
        }
    }

    /// A field key as (field number, wire type).
    @inline(__always)
    package mutating func key() throws(VectorTileError) -> (field: Int, wire: Int) {
        let start = position
        let k = try varint()
        let field = k >> 3
        guard field != 0, field <= UInt64(Int32.max) else { throw VectorTileError(.invalidFieldNumber, offset: start) }
        return (Int(field), Int(k & 7))
    }

    /// The bounds of a length-delimited field's payload (the reader moves past it).
    @inline(__always)
    package mutating func lengthDelimited() throws(VectorTileError) -> Range<Int> {
        let start = position
        let n = try varint()
        guard n <= UInt64(end - position) else { throw VectorTileError(.lengthPastEnd, offset: start) }
        let from = position
        position += Int(n)
        return from..<position
    }

    package mutating func fixed32() throws(VectorTileError) -> UInt32 {
        guard end - position >= 4 else { throw VectorTileError(.lengthPastEnd, offset: position) }
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[position + i]) << (8 * UInt32(i)) }
        position += 4
        return v
    }

    package mutating func fixed64() throws(VectorTileError) -> UInt64 {
        guard end - position >= 8 else { throw VectorTileError(.lengthPastEnd, offset: position) }
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return v
    }

    /// A UTF-8 string field (invalid sequences replaced).
    package mutating func string() throws(VectorTileError) -> String {
        let r = try lengthDelimited()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
    }

    /// Skips the payload of a field of wire type `wire` whose key started at `keyOffset`.
    package mutating func skip(wire: Int, field: Int, keyOffset: Int) throws(VectorTileError) {
        switch wire {
        case 0: _ = try varint()
        case 1: guard end - position >= 8 else { throw VectorTileError(.lengthPastEnd, offset: position) }; position += 8
        case 2: _ = try lengthDelimited()
        case 5: guard end - position >= 4 else { throw VectorTileError(.lengthPastEnd, offset: position) }; position += 4
        case 3: try skipGroup(field: field, keyOffset: keyOffset)
        default: throw VectorTileError(.unknownWireType(wire), offset: keyOffset)
        }
    }

    /// Skips a (deprecated) group up to its matching end-group key.
    private mutating func skipGroup(field: Int, keyOffset: Int) throws(VectorTileError) {
        var open = [field]
        while let top = open.last {
            guard position < end else { throw VectorTileError(.lengthPastEnd, offset: keyOffset) }
            let at = position
            let (f, w) = try key()
            switch w {
            case 3:
                guard open.count < 64 else { throw VectorTileError(.nestingTooDeep, offset: at) }
                open.append(f)
            case 4:
                guard f == top else { throw VectorTileError(.unknownWireType(4), offset: at) }
                open.removeLast()
            default: try skip(wire: w, field: f, keyOffset: at)
            }
        }
    }

    /// Checks a known field's wire type.
    @inline(__always)
    static func expect(_ wire: Int, _ expected: Int, field: Int, at offset: Int) throws(VectorTileError) {
        if wire != expected { throw VectorTileError(.wrongWireType(field: field, wireType: wire), offset: offset) }
    }
}

/// Zigzag-decodes a protocol-buffer `sint` value.
@inline(__always)
func zigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1))) }

/// Zigzag-decodes a 32-bit `sint` (geometry parameters; higher bits are dropped).
@inline(__always)
package func zigzag32(_ v: UInt64) -> Int32 {
    let u = UInt32(truncatingIfNeeded: v)
    return Int32(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
}

/// Runs `body` on the bytes, with its typed error carried through.
@inline(__always)
func withBytes<R>(_ bytes: ContiguousArray<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(VectorTileError) -> R) throws(VectorTileError) -> R {
    let r: Result<R, VectorTileError> = bytes.withUnsafeBufferPointer { buffer in
        do throws(VectorTileError) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try r.get()
}
