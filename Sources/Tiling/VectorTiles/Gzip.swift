import CMercatorZlib

/// gzip inflation and deflation through the system zlib: compressed vector tiles, PMTiles directories.
package enum Gzip {
    /// Whether `bytes` start with the gzip magic number 1f 8b.
    package static func isCompressed(_ bytes: ContiguousArray<UInt8>) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// The inflated bytes of a gzip stream, refusing output over `limit` bytes.
    package static func inflate(_ input: ContiguousArray<UInt8>, limit: Int) throws(VectorTileError) -> ContiguousArray<UInt8> {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw VectorTileError(.corruptGzip, offset: 0)
        }
        defer { inflateEnd(&stream) }
        var output = ContiguousArray<UInt8>()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        var failure: VectorTileError?
        input.withUnsafeBufferPointer { inp in
            stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
            stream.avail_in = UInt32(inp.count)
            chunk.withUnsafeMutableBufferPointer { out in
                while true {
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CMercatorZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = out.count - Int(stream.avail_out)
                    if output.count + produced > limit {
                        failure = VectorTileError(.inflatedSizeLimit(limit), offset: inp.count - Int(stream.avail_in))
                        return
                    }
                    output.append(contentsOf: out[0..<produced])
                    if status == Z_STREAM_END { return }
                    if status != Z_OK || (produced == 0 && stream.avail_in == 0) {
                        failure = VectorTileError(.corruptGzip, offset: inp.count - Int(stream.avail_in))
                        return
                    }
                }
            }
        }
        if let failure { throw failure }
        return output
    }

    /// `input` compressed as a gzip stream.
    package static func deflate(_ input: ContiguousArray<UInt8>, level: Int32 = 6) -> ContiguousArray<UInt8> {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return input }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, UInt(input.count))) + 32
        var output = ContiguousArray<UInt8>(repeating: 0, count: bound)
        var written = 0
        input.withUnsafeBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = UInt32(inp.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                _ = CMercatorZlib.deflate(&stream, Z_FINISH)
                written = out.count - Int(stream.avail_out)
            }
        }
        output.removeLast(output.count - written)
        return output
    }
}
