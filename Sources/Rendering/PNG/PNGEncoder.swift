import MercatorCompression
import Dispatch
import Foundation

/// Writes 8-bit RGBA PNG files (filter "none", zlib-compressed through the system zlib).
package enum PNGEncoder {
    /// The PNG bytes of an image (straight alpha, colour type 6, bit depth 8).
    package static func encode(_ image: RGBAImage, compressionLevel: Int32 = 1) -> [UInt8] {
        let w = image.width, h = image.height
        let stride = 4 * w
        var raw = [UInt8](repeating: 0, count: (stride + 1) * h)
        raw.withUnsafeMutableBufferPointer { dst in
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0..<h {
                    dst[y * (stride + 1)] = 0  // filter type: none
                    if stride > 0 {
                        (dst.baseAddress! + y * (stride + 1) + 1)
                            .update(from: src.baseAddress! + y * stride, count: stride)
                    }
                }
            }
        }
        return file(width: w, height: h, idat: Zlib.compress(raw, level: compressionLevel))
    }

    /// A whole PNG file (8-bit RGBA) around its zlib-compressed scanlines.
    static func file(width: Int, height: Int, idat: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(idat.count + 64)
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]
        appendChunk(&out, type: "IHDR", data: ihdr)
        appendChunk(&out, type: "IDAT", data: idat)
        appendChunk(&out, type: "IEND", data: [])
        return out
    }

    /// A chunk: length, type, data and the CRC of type and data (computed without copying `data`).
    static func appendChunk(_ out: inout [UInt8], type: String, data: [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        var crc = typeBytes.withUnsafeBufferPointer { Zlib.crc32($0) }
        crc = data.withUnsafeBufferPointer { Zlib.crc32($0, continuing: crc) }
        out.appendBigEndian(crc)
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ v: UInt32) {
        append(UInt8(v >> 24)); append(UInt8((v >> 16) & 0xFF)); append(UInt8((v >> 8) & 0xFF)); append(UInt8(v & 0xFF))
    }
}

/// Reusable buffers for encoding many PNGs of similar size without fresh allocations.
package struct PNGScratch: Sendable {
    var raw: [UInt8] = []
    var deflated: [UInt8] = []

    /// Creates empty buffers (they grow on first use).
    package init() {}

    /// The bytes the buffers hold.
    package var byteCount: Int { raw.count + deflated.count }
}

extension PNGEncoder {
    /// Encodes a premultiplied canvas directly (un-premultiplying into the scanline buffer), reusing
    /// `scratch` between calls. Large images are converted and compressed in parallel bands
    /// (``RunLengthDeflate``), joined into one zlib stream with sync flushes as pigz does.
    package static func encode(_ canvas: Canvas, scratch: inout PNGScratch) -> [UInt8] {
        let w = canvas.width, h = canvas.height
        let stride = 4 * w + 1
        let rawCount = stride * h
        if scratch.raw.count < rawCount { scratch.raw = [UInt8](repeating: 0, count: rawCount) }
        let parts = h >= 128 ? min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)) : 1
        var bands: [(rows: Range<Int>, outOffset: Int, capacity: Int)] = []
        var outOffset = 0
        for k in 0..<parts {
            let rows = (h * k / parts)..<(h * (k + 1) / parts)
            let capacity = RunLengthDeflate.bound(rows.count * stride)
            bands.append((rows, outOffset, capacity))
            outOffset += capacity
        }
        if scratch.deflated.count < outOffset { scratch.deflated = [UInt8](repeating: 0, count: outOffset) }
        var produced = [Int](repeating: -1, count: parts)
        var checksums = [UInt32](repeating: 1, count: parts)
        canvas.pixels.withUnsafeBufferPointer { src in
            scratch.raw.withUnsafeMutableBufferPointer { raw in
                scratch.deflated.withUnsafeMutableBufferPointer { out in
                    produced.withUnsafeMutableBufferPointer { producedBuf in
                        checksums.withUnsafeMutableBufferPointer { checksumBuf in
                            let job = BandJob(src: src.baseAddress!, raw: raw.baseAddress!, out: out.baseAddress!,
                                              produced: producedBuf.baseAddress!, checksums: checksumBuf.baseAddress!,
                                              width: w, stride: stride, bands: bands)
                            if parts == 1 {
                                job.run(0)
                            } else {
                                DispatchQueue.concurrentPerform(iterations: parts) { job.run($0) }
                            }
                        }
                    }
                }
            }
        }
        var idat: [UInt8]
        if produced.allSatisfy({ $0 >= 0 }) {
            idat = [0x78, 0x01]  // zlib header: deflate, 32K window, fastest
            idat.reserveCapacity(produced.reduce(0, +) + 6)
            var adler = checksums[0]
            for k in 0..<parts {
                idat += scratch.deflated[bands[k].outOffset..<(bands[k].outOffset + produced[k])]
                if k > 0 {
                    adler = Zlib.adler32Combine(adler, checksums[k], secondLength: bands[k].rows.count * stride)
                }
            }
            idat.appendBigEndian(adler)
        } else {
            idat = Zlib.compress(Array(scratch.raw[0..<rawCount]), level: 1)
        }
        return file(width: w, height: h, idat: idat)
    }
}

/// One band of rows to convert and compress; each band writes only its own memory.
private struct BandJob: @unchecked Sendable {
    let src: UnsafePointer<Float>
    let raw: UnsafeMutablePointer<UInt8>
    let out: UnsafeMutablePointer<UInt8>
    let produced: UnsafeMutablePointer<Int>
    let checksums: UnsafeMutablePointer<UInt32>
    let width: Int
    let stride: Int
    let bands: [(rows: Range<Int>, outOffset: Int, capacity: Int)]

    func run(_ k: Int) {
        let band = bands[k]
        for y in band.rows { convertRow(y) }
        let start = raw + band.rows.lowerBound * stride
        let count = band.rows.count * stride
        checksums[k] = Zlib.adler32(start, count: count)
        // Raw deflate (no zlib wrapper): the bands are concatenated under one header.
        let last = k == bands.count - 1
        if let written = RunLengthDeflate.compress(start, count: count, final: last, into: out + band.outOffset,
                                                   capacity: band.capacity) {
            produced[k] = written
        }
    }

    private func convertRow(_ y: Int) {
        PNGEncoder.convertRow(src + 4 * y * width, to: raw + y * stride, width: width)
    }
}

extension PNGEncoder {
    /// Writes filter byte 1 (Sub) and the un-premultiplied 8-bit pixels of one row of `width`
    /// premultiplied float pixels, each byte minus the same byte of the pixel to its left: runs of one
    /// colour become runs of zeros, which the run-length deflate strategy compresses quickly and well.
    /// `d` receives `4 * width + 1` bytes.
    static func convertRow(_ s: UnsafePointer<Float>, to d: UnsafeMutablePointer<UInt8>, width: Int) {
        d[0] = 1
        let source = UnsafeRawPointer(s)
        let row = UnsafeMutableRawPointer(d + 1)
        // The pixel to the left, as bits (a transparent black pixel before the first: its bytes are the
        // filter's zero left neighbour), and its bytes packed little-endian.
        var lastLow: UInt64 = 0, lastHigh: UInt64 = 0
        var left: UInt32 = 0
        var x = 0
        while x < width {
            let offset = x &* 16
            let low = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let high = source.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
            if low == lastLow && high == lastHigh {
                // Same pixel as the one to the left (same bits): its Sub-filtered bytes are all zero.
                row.storeBytes(of: 0, toByteOffset: x &* 4, as: UInt32.self)
                x &+= 1
                continue
            }
            lastLow = low
            lastHigh = high
            let i = x &* 4
            let a = s[i &+ 3]
            let bytes: (UInt8, UInt8, UInt8, UInt8)
            if a >= 0.9999 {
                bytes = (UInt8(min(255, max(0, s[i] * 255 + 0.5))), UInt8(min(255, max(0, s[i &+ 1] * 255 + 0.5))),
                         UInt8(min(255, max(0, s[i &+ 2] * 255 + 0.5))), 255)
            } else if a <= 0.5 / 255 {
                bytes = (0, 0, 0, 0)
            } else {
                let k = 255 / a
                bytes = (UInt8(min(255, max(0, s[i] * k + 0.5))), UInt8(min(255, max(0, s[i &+ 1] * k + 0.5))),
                         UInt8(min(255, max(0, s[i &+ 2] * k + 0.5))), UInt8(a * 255 + 0.5))
            }
            let packed = UInt32(bytes.0) | UInt32(bytes.1) << 8 | UInt32(bytes.2) << 16 | UInt32(bytes.3) << 24
            // bytewise packed - left, each byte wrapping on its own
            let high7: UInt32 = 0x8080_8080
            let difference = ((packed | high7) &- (left & ~high7)) ^ ((packed ^ ~left) & high7)
            row.storeBytes(of: difference.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            left = packed
            x &+= 1
        }
    }
}
