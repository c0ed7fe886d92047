import MercatorCompression

/// A PNG encoder fed rows of a premultiplied float canvas a band at a time, so that an image is
/// encoded without holding all of its pixels: each band's rows are converted (un-premultiplied, Sub
/// filter, as ``PNGEncoder/encode(_:scratch:)`` converts them) and deflated into one zlib stream.
/// A class: it owns a zlib stream, which must not be copied.
final class PNGStreamEncoder {
    let width: Int
    let height: Int
    private(set) var rowsWritten = 0
    /// zlib wrapper, 32K window, level 1, run-length strategy: the settings of the banded encoder.
    private var stream: DeflateStream? = DeflateStream(level: 1, format: .zlib)
    /// The compressed stream so far (the IDAT payload).
    private var idat: [UInt8] = []
    /// One band's filtered scanlines, reused.
    private var raw: [UInt8] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
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
        let flush: DeflateStream.Flush = rowsWritten >= height ? .finish : .none
        raw.withUnsafeMutableBufferPointer { d in stream?.write(d.baseAddress!, count: count, flush: flush, to: &idat) }
    }

    /// The PNG file, once every row was appended (missing rows are written transparent).
    func finish() -> [UInt8] {
        if rowsWritten < height {
            let missing = [Float](repeating: 0, count: 4 * width)
            missing.withUnsafeBufferPointer { p in
                while rowsWritten < height { append(p.baseAddress!, rows: 1) }
            }
        }
        stream?.close()
        stream = nil
        defer { idat = [] }
        return PNGEncoder.file(width: width, height: height, idat: idat)
    }
}
