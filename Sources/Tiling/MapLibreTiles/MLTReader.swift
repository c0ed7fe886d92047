/// A bounds-checked cursor over a tile's bytes: every read checks the bytes remaining before its end.
struct MLTReader {
    let bytes: ContiguousArray<UInt8>
    var position: Int
    let end: Int
    /// Values the tile may still decode to (all streams together): see ``MapLibreTile/maximumDecodedValues``.
    var remainingValues: Int

    init(_ bytes: ContiguousArray<UInt8>, from: Int = 0, to: Int? = nil, budget: Int = MapLibreTile.maximumDecodedValues) {
        self.bytes = bytes
        position = from
        end = to ?? bytes.count
        remainingValues = budget
    }

    /// Takes `count` values from the tile's budget before they are decoded.
    mutating func charge(_ count: Int, at: Int) throws(MLTError) {
        guard count >= 0, count <= remainingValues else { throw MLTError(.tooManyValues(count), offset: at) }
        remainingValues -= count
    }

    var isAtEnd: Bool { position >= end }
    var remaining: Int { end - position }

    mutating func byte() throws(MLTError) -> UInt8 {
        guard position < end else { throw MLTError(.truncated(needed: 1), offset: position) }
        defer { position += 1 }
        return bytes[position]
    }

    /// A varint of up to 64 bits.
    mutating func varint() throws(MLTError) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw MLTError(.truncated(needed: 1), offset: position) }
            let b = bytes[position]
            position += 1
            if shift == 63, b > 1 { throw MLTError(.varintTooLong, offset: start) }
            result |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return result }
            shift += 7
            if shift > 63 { throw MLTError(.varintTooLong, offset: start) }
        }
    }

    /// A varint that must fit 32 bits.
    mutating func varint32() throws(MLTError) -> UInt32 {
        let start = position
        let v = try varint()
        guard v <= UInt64(UInt32.max) else { throw MLTError(.varintTooLong, offset: start) }
        return UInt32(v)
    }

    /// A 32-bit varint as a count, checked against the bytes left when each counted item takes at least
    /// `minimumBytes` bytes.
    mutating func count(_ what: String, minimumBytes: Int = 0) throws(MLTError) -> Int {
        let start = position
        let n = Int(try varint32())
        if minimumBytes > 0, n > remaining / minimumBytes { throw MLTError(.countPastEnd(what), offset: start) }
        return n
    }

    /// The next `count` bytes as a range, skipping them.
    mutating func take(_ count: Int, _ what: String) throws(MLTError) -> Range<Int> {
        guard count >= 0, count <= remaining else { throw MLTError(.countPastEnd(what), offset: position) }
        defer { position += count }
        return position..<(position + count)
    }

    /// A length-prefixed UTF-8 string.
    mutating func string() throws(MLTError) -> String {
        let n = try count("string length")
        let r = try take(n, "string")
        // Invalid UTF-8 becomes U+FFFD, as the MVT decoder reads strings.
        return String(decoding: bytes[r], as: UTF8.self)
    }
}
