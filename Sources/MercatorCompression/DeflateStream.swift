import CMercatorZlib

/// A deflate stream fed piece by piece (level 1, run-length strategy: the PNG encoders' settings), for
/// output written before all of the input exists. A class: it owns a zlib stream, which must not be copied.
package final class DeflateStream {
    /// How far a call flushes.
    package enum Flush: Sendable {
        /// Keep what zlib holds back for the next call.
        case none
        /// End on a byte boundary (raw pieces joined one after another).
        case sync
        /// End the stream.
        case finish

        var zlib: Int32 {
            switch self {
            case .none: return Z_NO_FLUSH
            case .sync: return Z_SYNC_FLUSH
            case .finish: return Z_FINISH
            }
        }
    }

    private var stream = z_stream()
    private var isOpen = false
    private var chunk: [UInt8] = []

    /// A stream in `format` at `level`, with zlib's run-length strategy when `runLength`.
    package init(level: Int32 = 1, format: Zlib.Format, runLength: Bool = true) {
        isOpen = deflateInit2_(&stream, level, Z_DEFLATED, format.windowBits, 8, runLength ? Z_RLE : Z_DEFAULT_STRATEGY,
                               ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        precondition(isOpen, "zlib deflateInit2 failed")  // only on out-of-memory
    }

    deinit {
        if isOpen { deflateEnd(&stream) }
    }

    /// Deflates `count` bytes at `input`, appending what zlib writes to `output`.
    package func write(_ input: UnsafeMutablePointer<UInt8>, count: Int, flush: Flush, to output: inout [UInt8]) {
        guard isOpen else { return }
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
        stream.next_in = input
        stream.avail_in = uInt(count)
        while true {
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, flush.zlib)
            }
            let produced = chunk.count - Int(stream.avail_out)
            output += chunk[0..<produced]
            if status == Z_STREAM_END { return }
            precondition(status == Z_OK || status == Z_BUF_ERROR, "zlib deflate failed with \(status)")  // only on out-of-memory
            if stream.avail_in == 0 && stream.avail_out > 0 { return }
        }
    }

    /// Deflates `count` bytes at `input` in one call into `capacity` bytes at `output` (sized with
    /// ``Zlib/compressBound(_:)``): the bytes written, or nil when they did not fit or the stream failed.
    package func write(_ input: UnsafeMutablePointer<UInt8>, count: Int, flush: Flush,
                       into output: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        guard isOpen else { return nil }
        stream.next_in = input
        stream.avail_in = uInt(count)
        stream.next_out = output
        stream.avail_out = uInt(capacity)
        let status = deflate(&stream, flush.zlib)
        let done = flush == .finish ? status == Z_STREAM_END : (status == Z_OK && stream.avail_in == 0)
        return done ? capacity - Int(stream.avail_out) : nil
    }

    /// Ends the stream (nothing more can be written).
    package func close() {
        if isOpen {
            deflateEnd(&stream)
            isOpen = false
        }
    }
}
