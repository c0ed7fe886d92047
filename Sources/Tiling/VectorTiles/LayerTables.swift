/// A layer message's name, extent, version, key and value tables, and the byte ranges of its
/// features (not yet read): the first pass of both layer decoders.
struct LayerTables {
    var name = ""
    var extent = 4096
    var version = 1
    var keys = [String]()
    var values = [VectorTileValue]()
    /// Each feature message's start and end, one after another.
    var featureBounds = ContiguousArray<Int>()

    /// Reads the layer message in `range` (fields in any order).
    init(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VectorTileError) {
        // A first pass counts the repeated fields (one-byte keys of features, keys and values),
        // so that the tables are allocated once at their final size.
        let (featureTotal, keyTotal, valueTotal) = Self.count(b, range)
        featureBounds.reserveCapacity(2 * featureTotal)
        keys.reserveCapacity(keyTotal)
        values.reserveCapacity(valueTotal)
        var r = ProtobufReader(b, from: range.lowerBound, to: range.upperBound)
        while !r.isAtEnd {
            let at = r.position
            // Fast paths for the one-byte keys of the repeated fields.
            switch b[at] {
            case 0x12:
                r.position += 1
                let f = try r.lengthDelimited()
                featureBounds.append(f.lowerBound)
                featureBounds.append(f.upperBound)
                continue
            case 0x22:
                r.position += 1
                let v = try r.lengthDelimited()
                var vr = ProtobufReader(b, from: v.lowerBound, to: v.upperBound)
                values.append(try VectorTileValue.read(&vr))
                continue
            default: break
            }
            let (field, wire) = try r.key()
            switch field {
            case 1: try ProtobufReader.expect(wire, 2, field: field, at: at); name = try r.string()
            case 2:
                try ProtobufReader.expect(wire, 2, field: field, at: at)
                let f = try r.lengthDelimited()
                featureBounds.append(f.lowerBound)
                featureBounds.append(f.upperBound)
            case 3: try ProtobufReader.expect(wire, 2, field: field, at: at); keys.append(try r.string())
            case 4:
                try ProtobufReader.expect(wire, 2, field: field, at: at)
                let v = try r.lengthDelimited()
                var vr = ProtobufReader(b, from: v.lowerBound, to: v.upperBound)
                values.append(try VectorTileValue.read(&vr))
            case 5: try ProtobufReader.expect(wire, 0, field: field, at: at); extent = Int(truncatingIfNeeded: try r.varint() & 0xffff_ffff)
            case 15: try ProtobufReader.expect(wire, 0, field: field, at: at); version = Int(truncatingIfNeeded: try r.varint() & 0xffff_ffff)
            default: try r.skip(wire: wire, field: field, keyOffset: at)
            }
        }
    }

    /// The number of features, keys and values in the layer message, counting only the fields
    /// with their usual one-byte keys (a capacity hint: the decoding pass checks everything).
    private static func count(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Int, Int, Int) {
        var counts = (0, 0, 0)
        var p = range.lowerBound
        let end = range.upperBound
        while p < end {
            let key = b[p]
            switch key {
            case 0x12: counts.0 += 1
            case 0x1a: counts.1 += 1
            case 0x22: counts.2 += 1
            default:
                // Other fields: the generic reader (stops counting at anything malformed).
                var r = ProtobufReader(b, from: p, to: end)
                guard let (field, wire) = try? r.key(), (try? r.skip(wire: wire, field: field, keyOffset: p)) != nil else { return counts }
                p = r.position
                continue
            }
            // A length-delimited field: one- or two-byte lengths inline.
            guard p + 1 < end else { return counts }
            let l0 = Int(b[p + 1])
            if l0 < 0x80 {
                p += 2 + l0
            } else if p + 2 < end, b[p + 2] < 0x80 {
                p += 3 + (l0 & 0x7f | Int(b[p + 2]) << 7)
            } else {
                var r = ProtobufReader(b, from: p + 1, to: end)
                guard let n = try? r.varint(), n <= UInt64(end - r.position) else { return counts }
                p = r.position + Int(n)
            }
        }
        return counts
    }
}
