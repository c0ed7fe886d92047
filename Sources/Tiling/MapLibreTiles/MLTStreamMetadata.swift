/// The header in front of every MLT stream: what the stream holds (physical stream type and its
/// logical subtype), how it is encoded (two logical techniques and a physical one), how many values
/// it holds and its byte length; RLE streams add their run count and decoded length, Morton streams
/// the bits per coordinate and the coordinate shift.
struct MLTStreamMetadata: Sendable {
    enum StreamType: UInt8, Sendable { case present = 0, data, offset, length }
    /// Data subtypes (`DictionaryType`).
    enum DataKind: UInt8 { case none = 0, single, shared, vertex, morton, fsst }
    /// Offset subtypes.
    enum OffsetKind: UInt8 { case vertex = 0, index, string, key }
    /// Length subtypes.
    enum LengthKind: UInt8 { case varBinary = 0, geometries, parts, rings, triangles, symbol, dictionary }

    enum Logical: UInt8, Sendable { case none = 0, delta, componentwiseDelta, rle, morton, pseudoDecimal }
    enum Physical: UInt8, Sendable { case none = 0, fastPFOR, varint }

    var type: StreamType
    /// The low nibble of the type byte: a `DataKind`, `OffsetKind` or `LengthKind` by `type`.
    var subtype: UInt8
    var logical1: Logical
    var logical2: Logical
    var physical: Physical
    /// Values stored (for RLE streams: run lengths plus run values).
    var valueCount: Int
    var byteLength: Int
    /// RLE: the number of runs and the number of values they expand to.
    var runs = 0
    var rleValueCount = 0
    /// Morton: bits per coordinate and the shift subtracted from each coordinate.
    var mortonBits = 0
    var mortonShift: UInt32 = 0
    /// Offset of the header in the tile.
    var offset: Int

    var isRLE: Bool { logical1 == .rle || (logical1 == .delta && logical2 == .rle) }

    var dataKind: DataKind? { type == .data ? DataKind(rawValue: subtype) : nil }
    var offsetKind: OffsetKind? { type == .offset ? OffsetKind(rawValue: subtype) : nil }
    var lengthKind: LengthKind? { type == .length ? LengthKind(rawValue: subtype) : nil }

    /// Reads a header. Boolean streams (present streams, boolean columns) carry no RLE counts: their
    /// runs cover `ceil(valueCount / 8)` bytes.
    static func read(_ r: inout MLTReader, boolean: Bool = false) throws(MLTError) -> MLTStreamMetadata {
        let at = r.position
        let typeByte = try r.byte()
        guard let type = StreamType(rawValue: typeByte >> 4) else { throw MLTError(.unknownStreamType(typeByte), offset: at) }
        let subtype = typeByte & 0x0f
        let valid: Bool
        switch type {
        case .present: valid = true
        case .data: valid = DataKind(rawValue: subtype) != nil
        case .offset: valid = OffsetKind(rawValue: subtype) != nil
        case .length: valid = LengthKind(rawValue: subtype) != nil
        }
        guard valid else { throw MLTError(.unknownStreamType(typeByte), offset: at) }
        let e = try r.byte()
        let l1 = e >> 5, l2 = (e >> 2) & 7, p = e & 3
        guard let logical1 = Logical(rawValue: l1), let logical2 = Logical(rawValue: l2), let physical = Physical(rawValue: p) else {
            throw MLTError(.invalidEncoding(l1, l2, p), offset: at + 1)
        }
        let valueCount = Int(try r.varint32())
        let byteLength = Int(try r.varint32())
        var m = MLTStreamMetadata(type: type, subtype: subtype, logical1: logical1, logical2: logical2, physical: physical,
                                  valueCount: valueCount, byteLength: byteLength, offset: at)
        switch (logical1, logical2) {
        case (.none, .none), (.delta, .none), (.componentwiseDelta, .none), (.pseudoDecimal, .none):
            break
        case (.rle, .none), (.delta, .rle):
            if boolean {
                m.runs = (valueCount + 7) / 8
                m.rleValueCount = byteLength
            } else {
                m.runs = Int(try r.varint32())
                m.rleValueCount = Int(try r.varint32())
            }
        case (.morton, .none), (.morton, .delta), (.morton, .rle):
            m.mortonBits = Int(try r.varint32())
            m.mortonShift = try r.varint32()
            guard m.mortonBits <= 16 else { throw MLTError(.invalidEncoding(l1, l2, p), offset: at + 1) }
        default:
            throw MLTError(.invalidEncoding(l1, l2, p), offset: at + 1)
        }
        return m
    }

    /// The stream's payload: `byteLength` bytes after the header.
    func payload(_ r: inout MLTReader) throws(MLTError) -> Range<Int> {
        try r.take(byteLength, "stream byte length")
    }
}
