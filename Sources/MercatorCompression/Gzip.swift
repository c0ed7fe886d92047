/// gzip (RFC 1952) bodies: compressed vector tiles, PMTiles directories, HTTP responses.
package enum Gzip {
    /// Whether `bytes` start with the gzip magic number 1f 8b.
    package static func isCompressed(_ bytes: ContiguousArray<UInt8>) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// The inflated bytes of a gzip stream, refusing output over `limit` bytes.
    package static func inflate(_ input: ContiguousArray<UInt8>, limit: Int) throws(InflateError) -> ContiguousArray<UInt8> {
        do {
            return try input.withUnsafeBufferPointer { (p) throws(InflateError) in try Zlib.inflate(p, format: .gzip, limit: limit) }
        }
    }

    /// `input` compressed as a gzip stream.
    package static func deflate(_ input: ContiguousArray<UInt8>, level: Int32 = 6) -> ContiguousArray<UInt8> {
        ContiguousArray(input.withUnsafeBufferPointer { Zlib.compress($0, level: level, format: .gzip) })
    }
}
