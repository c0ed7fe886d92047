import MercatorCompression
/// Why PNG bytes could not be decoded.
package enum PNGDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first 8 bytes are not the PNG signature.
    case notPNG
    /// The data ends inside a chunk (at byte `offset`).
    case truncated(offset: Int)
    /// A chunk's CRC does not match (chunk type and byte offset).
    case badChecksum(chunk: String, offset: Int)
    /// The IHDR chunk is missing or malformed.
    case badHeader(String)
    /// A colour type / bit depth / interlace combination this decoder does not read.
    case unsupported(String)
    /// The image data does not inflate to the expected size, or a scanline filter is unknown.
    case corruptData(String)
    /// The image is larger than the decoder accepts.
    case tooLarge(width: Int, height: Int)

    /// A message a user can act on.
    package var description: String {
        switch self {
        case .notPNG: return "not a PNG file (bad signature)"
        case .truncated(let o): return "PNG data truncated at byte \(o)"
        case let .badChecksum(c, o): return "CRC mismatch in \(c) chunk at byte \(o)"
        case .badHeader(let m): return "bad PNG header: \(m)"
        case .unsupported(let m): return "unsupported PNG: \(m)"
        case .corruptData(let m): return "corrupt PNG image data: \(m)"
        case let .tooLarge(w, h): return "PNG too large: \(w)x\(h)"
        }
    }
}

/// Reads non-interlaced 8-bit PNGs (grey, grey+alpha, RGB, RGBA, palette with tRNS) into RGBA.
package enum PNGDecoder {
    /// Decodes PNG bytes to a straight-alpha RGBA image.
    package static func decode(_ bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var offset = 8
        var width = 0, height = 0, colorType = -1, depth = 8
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var idat: [UInt8] = []
        var sawEnd = false
        func be32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        while offset < bytes.count && !sawEnd {
            guard offset + 12 <= bytes.count else { throw .truncated(offset: offset) }
            let length = be32(offset)
            guard length <= bytes.count - offset - 12 else { throw .truncated(offset: offset) }
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let crc = UInt32(be32(offset + 8 + length))
            guard Zlib.crc32(typeBytes + data) == crc else { throw .badChecksum(chunk: type, offset: offset) }
            switch type {
            case "IHDR":
                guard data.count == 13 else { throw .badHeader("IHDR has \(data.count) bytes, expected 13") }
                width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
                depth = Int(data[8])
                colorType = Int(data[9])
                guard width > 0, height > 0 else { throw .badHeader("zero width or height") }
                guard width <= 32768, height <= 32768, width * height <= 1 << 28 else {
                    throw .tooLarge(width: width, height: height)
                }
                guard [0, 2, 3, 4, 6].contains(colorType) else { throw .badHeader("colour type \(colorType)") }
                // 1, 2 and 4 bits per sample for grey and palette images (small sprites use them), 8 for all
                let lowDepth = (colorType == 0 || colorType == 3) && [1, 2, 4].contains(depth)
                guard depth == 8 || lowDepth else { throw .unsupported("bit depth \(depth) for colour type \(colorType)") }
                guard data[10] == 0, data[11] == 0 else { throw .badHeader("unknown compression or filter method") }
                guard data[12] == 0 else { throw .unsupported("interlaced images") }
            case "PLTE": palette = data
            case "tRNS": transparency = data
            case "IDAT": idat += data
            case "IEND": sawEnd = true
            default: break
            }
            offset += 12 + length
        }
        guard colorType >= 0 else { throw .badHeader("missing IHDR") }
        guard !idat.isEmpty else { throw .corruptData("no IDAT chunk") }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4
        let stride = (width * channels * depth + 7) / 8
        guard let raw = Zlib.decompress(idat, expected: (stride + 1) * height) else {
            throw .corruptData("image data does not inflate to \((stride + 1) * height) bytes")
        }
        var unfiltered = try unfilter(raw, stride: stride, height: height, bpp: max(1, channels * depth / 8))
        if depth < 8 { unfiltered = unpack(unfiltered, stride: stride, width: width, height: height, depth: depth) }
        // grey samples scale to 0...255 (tRNS names the unscaled value)
        let greyScale = depth < 8 && colorType == 0 ? 255 / ((1 << depth) - 1) : 1
        if colorType == 3 && palette.isEmpty { throw .corruptData("palette image without PLTE") }
        var out = [UInt8](repeating: 255, count: 4 * width * height)
        for i in 0..<(width * height) {
            let o = 4 * i
            switch colorType {
            case 0:
                let sample = unfiltered[i]
                let g = UInt8(Int(sample) * greyScale)
                out[o] = g; out[o + 1] = g; out[o + 2] = g
                if transparency.count >= 2, UInt8(transparency[1]) == sample, transparency[0] == 0 { out[o + 3] = 0 }
            case 2:
                let s = 3 * i
                out[o] = unfiltered[s]; out[o + 1] = unfiltered[s + 1]; out[o + 2] = unfiltered[s + 2]
                if transparency.count >= 6, transparency[1] == out[o], transparency[3] == out[o + 1],
                   transparency[5] == out[o + 2] { out[o + 3] = 0 }
            case 3:
                let index = Int(unfiltered[i])
                guard 3 * index + 2 < palette.count else { throw .corruptData("palette index \(index) out of range") }
                out[o] = palette[3 * index]; out[o + 1] = palette[3 * index + 1]; out[o + 2] = palette[3 * index + 2]
                out[o + 3] = index < transparency.count ? transparency[index] : 255
            case 4:
                let g = unfiltered[2 * i]
                out[o] = g; out[o + 1] = g; out[o + 2] = g; out[o + 3] = unfiltered[2 * i + 1]
            default:
                let s = 4 * i
                out[o] = unfiltered[s]; out[o + 1] = unfiltered[s + 1]
                out[o + 2] = unfiltered[s + 2]; out[o + 3] = unfiltered[s + 3]
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Samples of fewer than 8 bits (packed from the high bits of each byte) one per byte.
    static func unpack(_ packed: [UInt8], stride: Int, width: Int, height: Int, depth: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        let perByte = 8 / depth, mask = (1 << depth) - 1
        for y in 0..<height {
            for x in 0..<width {
                let byte = Int(packed[y * stride + x / perByte])
                let shift = 8 - depth * (x % perByte + 1)
                out[y * width + x] = UInt8((byte >> shift) & mask)
            }
        }
        return out
    }

    /// Reverses PNG scanline filters (none, sub, up, average, Paeth).
    static func unfilter(_ raw: [UInt8], stride: Int, height: Int, bpp: Int) throws(PNGDecodingError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let src = y * (stride + 1) + 1
            let row = y * stride
            let prev = row - stride
            for x in 0..<stride {
                let v = raw[src + x]
                let a = x >= bpp ? Int(out[row + x - bpp]) : 0
                let b = y > 0 ? Int(out[prev + x]) : 0
                let c = (x >= bpp && y > 0) ? Int(out[prev + x - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                default: throw .corruptData("unknown filter type \(filter) on row \(y)")
                }
                out[row + x] = UInt8(truncatingIfNeeded: Int(v) + predictor)
            }
        }
        return out
    }
}
