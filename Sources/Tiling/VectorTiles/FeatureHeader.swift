/// What opening a feature reads: its id, type and the byte ranges of its packed tags and geometry.
/// A layer reads every feature's header in its one pass over the layer message, so opening a
/// feature is a table lookup.
struct FeatureHeader: Sendable {
    var id: UInt64 = 0
    var hasID = false
    var rawType = 0
    var tags = 0..<0
    var geometry = 0..<0

    init() {}

    /// Reads the feature message in `range`, checking that every tag names an existing key and value.
    @inline(__always)
    init(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, keyCount: UInt64, valueCount: UInt64) throws(VectorTileError) {
        try self.init(b, range)
        if !tags.isEmpty { try Self.checkTags(b, tags, keyCount: keyCount, valueCount: valueCount) }
    }

    /// Reads the feature message in `range`; its tags are not checked.
    @inline(__always)
    init(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VectorTileError) {
        var r = ProtobufReader(b, from: range.lowerBound, to: range.upperBound)
        while !r.isAtEnd {
            let at = r.position
            // Known fields have one-byte keys: 0x08 id, 0x12 tags, 0x18 type, 0x22 geometry.
            switch b[at] {
            case 0x08: r.position += 1; id = try r.varint(); hasID = true
            case 0x12: r.position += 1; tags = try r.lengthDelimited()
            case 0x18: r.position += 1; rawType = Int(truncatingIfNeeded: try r.varint() & 0xff_ffff)
            case 0x22: r.position += 1; geometry = try r.lengthDelimited()
            default:
                let (field, wire) = try r.key()
                switch field {
                case 1: try ProtobufReader.expect(wire, 0, field: field, at: at); id = try r.varint(); hasID = true
                case 2: try ProtobufReader.expect(wire, 2, field: field, at: at); tags = try r.lengthDelimited()
                case 3: try ProtobufReader.expect(wire, 0, field: field, at: at); rawType = Int(truncatingIfNeeded: try r.varint() & 0xff_ffff)
                case 4: try ProtobufReader.expect(wire, 2, field: field, at: at); geometry = try r.lengthDelimited()
                default: try r.skip(wire: wire, field: field, keyOffset: at)
                }
            }
        }
    }

    /// Checks packed (key, value) index pairs against the layer's table sizes.
    @inline(__always)
    static func checkTags(_ b: UnsafeBufferPointer<UInt8>, _ tags: Range<Int>, keyCount: UInt64, valueCount: UInt64) throws(VectorTileError) {
        var t = ProtobufReader(b, from: tags.lowerBound, to: tags.upperBound)
        while !t.isAtEnd {
            let k = t.position
            guard try t.varint() < keyCount else { throw VectorTileError(.tagOutOfRange, offset: k) }
            let v = t.position
            guard !t.isAtEnd, try t.varint() < valueCount else { throw VectorTileError(.tagOutOfRange, offset: v) }
        }
    }
}
