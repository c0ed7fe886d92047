import CMercatorZlib

/// gzip (and zlib) inflation through the system zlib, bounded by an output limit.
enum Gzip {
    struct Error: Swift.Error, CustomStringConvertible {
        var description: String
    }

    /// The inflated bytes of gzip or zlib data; throws past `limit` output bytes.
    static func inflate(_ input: [UInt8], limit: Int) throws(Error) -> [UInt8] {
        var stream = z_stream()
        // 32 + MAX_WBITS: detect gzip or zlib headers.
        guard inflateInit2_(&stream, 32 + 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Error(description: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = input
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuf in
            stream.next_in = inBuf.baseAddress
            stream.avail_in = uInt(inBuf.count)
            while true {
                let s: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return CMercatorZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                if output.count + produced > limit { return Z_BUF_ERROR - 100 }
                output.append(contentsOf: chunk[0..<produced])
                if s == Z_STREAM_END { return s }
                if s != Z_OK { return s }
                if stream.avail_in == 0 && produced == 0 { return Z_BUF_ERROR }
            }
        }
        switch status {
        case Z_STREAM_END: return output
        case Z_BUF_ERROR - 100: throw Error(description: "inflates past the \(limit)-byte limit")
        case Z_BUF_ERROR: throw Error(description: "the compressed data is truncated")
        default: throw Error(description: "the compressed data is corrupt (zlib \(status))")
        }
    }
}
