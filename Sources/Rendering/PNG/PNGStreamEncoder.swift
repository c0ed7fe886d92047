import CMercatorZlib

/// A PNG encoder fed rows of a premultiplied float canvas a band at a time, so that an image is
/// encoded without holding all of its pixels: each band's rows are converted (un-premultiplied, Sub
/// filter, as ``PNGEncoder/encode(_:scratch:)`` converts them) and deflated into one zlib stream.
/// A class: it owns a zlib stream, which must not be copied.
final class PNGStreamEncoder {
    let width: Int
    let height: Int
    private(set) var rowsWritten = 0
    private var stream = z_stream()
    private var isOpen = false
    /// The compressed stream so far (the IDAT payload).
    private var idat: [UInt8] = []
    /// One band's filtered scanlines, reused.
    private var raw: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    deinit {
        if isOpen { deflateEnd(&stream) }
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        // zlib wrapper, 32K window, level 1, run-length strategy: the settings of the banded encoder.
        isOpen = deflateInit2_(&stream, 1, Z_DEFLATED, 15, 8, Z_RLE, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    /// Appends `rows` rows of `4 * width` premultiplied floats starting at `pixels`.
    func append(_ pixels: UnsafePointer<Float>, rows: Int) {
        let stride = 4 * width + 1
        if raw.count < stride * rows { raw = [UInt8](repeating: 0, count: stride * rows) }
        let w = width
        raw.withUnsafeMutableBufferPointer { d in
            for y in 0..<rows { PNGEncoder.convertRow(pixels + 4 * y * w, to: d.baseAddress! + y * stride, width: w) }
        }
        rowsWritten += rows
        let count = stride * rows
        raw.withUnsafeMutableBufferPointer { d in deflateAll(d.baseAddress!, count: count, flush: rowsWritten >= height ? Z_FINISH : Z_NO_FLUSH) }
    }

    private func deflateAll(_ input: UnsafeMutablePointer<UInt8>, count: Int, flush: Int32) {
        guard isOpen else { return }
        stream.next_in = input
        stream.avail_in = uInt(count)
        while true {
            let status: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, flush)
            }
            let produced = chunk.count - Int(stream.avail_out)
            idat += chunk[0..<produced]
            if status == Z_STREAM_END { return }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                preconditionFailure("zlib deflate failed with \(status)")  // only on out-of-memory
            }
            if stream.avail_in == 0 && stream.avail_out > 0 { return }
        }
    }

    /// The PNG file, once every row was appended (missing rows are written transparent).
    func finish() -> [UInt8] {
        if rowsWritten < height {
            let missing = [Float](repeating: 0, count: 4 * width)
            missing.withUnsafeBufferPointer { p in
                while rowsWritten < height { append(p.baseAddress!, rows: 1) }
            }
        }
        if isOpen {
            deflateEnd(&stream)
            isOpen = false
        }
        defer { idat = [] }
        return PNGEncoder.file(width: width, height: height, idat: idat)
    }
}
