/// A malformed or unsupported MapLibre Tile: what was wrong and the byte offset in the tile where it was found.
package struct MLTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    package enum Kind: Sendable, Hashable {
        /// The data ended inside a value that needs `needed` more bytes.
        case truncated(needed: Int)
        /// A varint ran over 10 bytes, or over 5 where a 32-bit value was expected.
        case varintTooLong
        /// A length or count does not fit what follows (what was counted).
        case countPastEnd(String)
        /// A layer with an empty name (the spec forbids it).
        case emptyLayerName
        /// A column type code the spec does not define.
        case unknownColumnType(UInt32)
        /// A stream type byte the spec does not define.
        case unknownStreamType(UInt8)
        /// An encoding byte with an undefined technique, or a combination the spec does not allow
        /// (logical technique 1, logical technique 2, physical technique).
        case invalidEncoding(UInt8, UInt8, UInt8)
        /// A geometry type other than 0 (Point) to 5 (MultiPolygon).
        case unknownGeometryType(UInt64)
        /// A stream a column needs is missing (which).
        case missingStream(String)
        /// A stream of a type the column cannot hold (which).
        case unexpectedStream(String)
        /// Decoded counts disagree (what).
        case countMismatch(String)
        /// An index (dictionary, vertex, symbol) past the end of what it indexes.
        case indexOutOfRange(String)
        /// Bytes left over at the end of a layer (how many).
        case trailingBytes(Int)
        /// A layer without a geometry column, or with two geometry or id columns.
        case invalidColumns(String)
        /// A stream would decode to more values (the count given) than the tile has left of its
        /// decoded-value limit (``MapLibreTile/maximumDecodedValues`` by default).
        case tooManyValues(Int)
        /// A valid encoding this decoder does not implement (which).
        case unsupported(String)
    }

    /// What was wrong.
    package var kind: Kind
    /// Byte offset in the tile where the problem was found.
    package var offset: Int

    /// Creates an error.
    package init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// What was wrong and where, as one line.
    package var description: String {
        let what: String
        switch kind {
        case .truncated(let n): what = "data ends \(n) byte(s) short"
        case .varintTooLong: what = "varint too long"
        case .countPastEnd(let s): what = "\(s) reaches past the end of the data"
        case .emptyLayerName: what = "empty layer name"
        case .unknownColumnType(let t): what = "unknown column type \(t)"
        case .unknownStreamType(let t): what = "unknown stream type 0x\(String(t, radix: 16))"
        case .invalidEncoding(let l1, let l2, let p): what = "invalid stream encoding (logical \(l1), \(l2), physical \(p))"
        case .unknownGeometryType(let t): what = "unknown geometry type \(t)"
        case .missingStream(let s): what = "missing \(s) stream"
        case .unexpectedStream(let s): what = "unexpected \(s) stream"
        case .countMismatch(let s): what = "count mismatch: \(s)"
        case .indexOutOfRange(let s): what = "\(s) index out of range"
        case .trailingBytes(let n): what = "\(n) byte(s) left over at the end of the layer"
        case .invalidColumns(let s): what = "invalid columns: \(s)"
        case .tooManyValues(let n): what = "a stream decodes to \(n) values, past what the tile may decode to (at most \(MapLibreTile.maximumDecodedValues))"
        case .unsupported(let s): what = "unsupported encoding: \(s)"
        }
        return "MapLibre tile: \(what) (byte \(offset))"
    }
}
