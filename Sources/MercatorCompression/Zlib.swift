import CMercatorZlib

/// Why compressed bytes did not inflate.
package enum InflateError: Error, Sendable, Hashable {
    /// Not a stream of the expected format, or corrupt: zlib stopped at byte `offset` of the input.
    case corrupt(offset: Int)
    /// The output would pass `limit` bytes (at input byte `offset`).
    case tooLarge(limit: Int, offset: Int)
}

/// The package's one zlib wrapper (over the system zlib, `CMercatorZlib`): deflate and inflate in the zlib
/// (RFC 1950), gzip (RFC 1952) and raw formats, checksums, and a streaming deflater
/// (``DeflateStream``). PNG, gzip tiles, PMTiles directories, offline-database bodies and HTTP bodies
/// all go through it.
package enum Zlib {
    /// The framing around deflate data.
    package enum Format: Sendable {
        /// RFC 1950 (PNG's IDAT, MapLibre's offline database).
        case zlib
        /// RFC 1952 (gzip tiles and HTTP bodies).
        case gzip
        /// No framing (banded PNG encoding joins raw pieces under one zlib header).
        case raw

        var windowBits: Int32 {
            switch self {
            case .zlib: return MAX_WBITS
            case .gzip: return 16 + MAX_WBITS
            case .raw: return -MAX_WBITS
            }
        }
    }

    /// The most bytes deflating `count` bytes can take (zlib's `compressBound`, plus a gzip header's room).
    package static func compressBound(_ count: Int) -> Int { Int(CMercatorZlib.compressBound(uLong(count))) + 32 }

    /// `input` deflated at `level` (0-9) in `format`. Fails only when zlib cannot allocate.
    package static func compress(_ input: UnsafeBufferPointer<UInt8>, level: Int32, format: Format = .zlib) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(&stream, level, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib deflateInit2 failed with \(status)")  // only on out-of-memory
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let written = output.withUnsafeMutableBufferPointer { out -> Int in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            let result = deflate(&stream, Z_FINISH)
            precondition(result == Z_STREAM_END, "zlib deflate failed with \(result)")
            return out.count - Int(stream.avail_out)
        }
        output.removeLast(output.count - written)
        return output
    }

    /// `data` deflated at `level` in `format`.
    package static func compress(_ data: [UInt8], level: Int32, format: Format = .zlib) -> [UInt8] {
        data.withUnsafeBufferPointer { compress($0, level: level, format: format) }
    }

    /// Inflates `input` (`format`, or either zlib or gzip with `.zlib` when `autodetect`), refusing output
    /// past `limit` bytes.
    package static func inflate(_ input: UnsafeBufferPointer<UInt8>, format: Format, limit: Int) throws(InflateError) -> ContiguousArray<UInt8> {
        var stream = z_stream()
        guard inflateInit2_(&stream, format.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt(offset: 0)
        }
        defer { inflateEnd(&stream) }
        var output = ContiguousArray<UInt8>()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        while true {
            let status = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CMercatorZlib.inflate(&stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            let offset = input.count - Int(stream.avail_in)
            if output.count + produced > limit { throw .tooLarge(limit: limit, offset: offset) }
            output.append(contentsOf: chunk[0..<produced])
            if status == Z_STREAM_END { return output }
            if status != Z_OK || (produced == 0 && stream.avail_in == 0) { throw .corrupt(offset: offset) }
        }
    }

    /// Inflates a zlib stream of exactly `expected` bytes (a PNG's scanlines); nil for corrupt or short data.
    package static func decompress(_ data: [UInt8], expected: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(expected, 1))
        var stream = z_stream()
        var ok = true
        var produced = 0
        data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                    ok = false
                    return
                }
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                let status = CMercatorZlib.inflate(&stream, Z_FINISH)
                produced = dst.count - Int(stream.avail_out)
                if status != Z_STREAM_END && !(status == Z_BUF_ERROR && produced == expected) { ok = false }
                inflateEnd(&stream)
            }
        }
        guard ok, produced == expected else { return nil }
        return out
    }

    /// CRC-32 (PNG chunks, gzip), continuing from `crc`.
    package static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        UInt32(truncatingIfNeeded: CMercatorZlib.crc32(uLong(crc), bytes.baseAddress, uInt(bytes.count)))
    }

    /// CRC-32 of `data`.
    package static func crc32(_ data: [UInt8]) -> UInt32 {
        data.withUnsafeBufferPointer { crc32($0) }
    }

    /// Adler-32 (the zlib format's checksum) of `count` bytes at `start`.
    package static func adler32(_ start: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: CMercatorZlib.adler32(1, start, uInt(count)))
    }

    /// The Adler-32 of two pieces joined, from each piece's checksum and the second's length.
    package static func adler32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }
}
