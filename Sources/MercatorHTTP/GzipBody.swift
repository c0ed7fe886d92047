import CMercatorZlib
import Foundation

/// Inflates `Content-Encoding: gzip` bodies that URLSession hands over still compressed.
enum GzipBody {
    struct Failure: Error { var reason: String }

    /// Whether `data` starts with the gzip magic number 1f 8b.
    static func isCompressed(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// The inflated bytes, refusing more than `limit`.
    static func inflate(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(reason: "zlib did not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var failure: Failure?
        let input = [UInt8](data)
        input.withUnsafeBufferPointer { inp in
            stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
            stream.avail_in = UInt32(inp.count)
            chunk.withUnsafeMutableBufferPointer { out in
                while true {
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let status = CMercatorZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = out.count - Int(stream.avail_out)
                    if output.count + produced > limit {
                        failure = Failure(reason: "over the \(limit)-byte limit once inflated")
                        return
                    }
                    output.append(out.baseAddress!, count: produced)
                    if status == Z_STREAM_END { return }
                    if status != Z_OK || (produced == 0 && stream.avail_in == 0) {
                        failure = Failure(reason: "corrupt or cut off at byte \(inp.count - Int(stream.avail_in))")
                        return
                    }
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}
