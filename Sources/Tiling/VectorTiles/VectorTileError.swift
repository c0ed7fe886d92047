import MercatorCompression

/// A malformed vector tile: what was wrong and the byte offset (in the inflated tile) where it was found.
package struct VectorTileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    package enum Kind: Sendable, Hashable {
        /// The data ended inside a varint.
        case truncatedVarint
        /// A varint ran over 10 bytes.
        case varintTooLong
        /// A length-delimited field, or a fixed-size one, reaches past the end of its message.
        case lengthPastEnd
        /// A field with wire type 6 or 7, or a group end without its start.
        case unknownWireType(Int)
        /// A field number 0.
        case invalidFieldNumber
        /// A known field with the wrong wire type (field, wire type).
        case wrongWireType(field: Int, wireType: Int)
        /// A geometry command count needs more parameters than the geometry holds.
        case commandCountPastEnd
        /// A geometry command other than MoveTo (1), LineTo (2) and ClosePath (7).
        case unknownCommand(Int)
        /// A feature's tags are odd in number or point past the layer's keys or values.
        case tagOutOfRange
        /// Groups nested deeper than the reader follows.
        case nestingTooDeep
        /// The gzip stream is corrupt or truncated.
        case corruptGzip
        /// The inflated tile would exceed the size limit (the limit).
        case inflatedSizeLimit(Int)
    }

    /// What was wrong.
    package var kind: Kind
    /// Byte offset where the problem was found.
    package var offset: Int

    /// Creates an error.
    package init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    package var description: String {
        let what: String
        switch kind {
        case .truncatedVarint: what = "truncated varint"
        case .varintTooLong: what = "varint longer than 10 bytes"
        case .lengthPastEnd: what = "length past the end of the message"
        case .unknownWireType(let w): what = "unknown wire type \(w)"
        case .invalidFieldNumber: what = "field number 0"
        case .wrongWireType(let f, let w): what = "field \(f) has wire type \(w)"
        case .commandCountPastEnd: what = "geometry command count past the end of the geometry"
        case .unknownCommand(let c): what = "unknown geometry command \(c)"
        case .tagOutOfRange: what = "feature tags out of range of the layer's keys and values"
        case .nestingTooDeep: what = "groups nested too deep"
        case .corruptGzip: what = "corrupt gzip data"
        case .inflatedSizeLimit(let n): what = "inflated tile larger than \(n) bytes"
        }
        return "vector tile: \(what) (byte \(offset))"
    }
}

extension VectorTileError {
    /// A gzip tile that did not inflate, as the tile decoders report it.
    init(_ error: InflateError) {
        switch error {
        case .corrupt(let offset): self.init(.corruptGzip, offset: offset)
        case .tooLarge(let limit, let offset): self.init(.inflatedSizeLimit(limit), offset: offset)
        }
    }
}
