package import Foundation

/// Assembles PNG images of one size into an animated PNG (APNG): the first image's header, an
/// `acTL` chunk, then per frame an `fcTL` chunk and its image data (`IDAT` for the first, `fdAT`
/// after), every frame replacing the whole canvas.
///
/// The frames are what a map snapshot's `pngData()` gives, e.g. the cameras of a flyTo sampled at a
/// frame rate (`mercator animate --apng`).
package enum AnimatedPNG {
    /// Why frames could not be assembled: no frames, a frame that is not a PNG, or frames of different sizes.
    package struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, in one sentence.
        package var description: String

        /// Creates an error with its sentence.
        package init(description: String) { self.description = description }
    }

    /// The animation of `frames` (PNG files' bytes), each shown `1 / fps` seconds, looping forever.
    package static func assemble(_ frames: [Data], fps: Double) throws -> Data {
        guard let first = frames.first else { throw FormatError(description: "no frames") }
        let header = try chunks(first)
        guard let ihdr = header.first(where: { $0.type == "IHDR" }) else { throw FormatError(description: "frame 1 has no IHDR") }
        let width = ihdr.data.prefix(4), height = ihdr.data.dropFirst(4).prefix(4)
        var out = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        append("IHDR", ihdr.data, to: &out)
        append("acTL", be32(UInt32(frames.count)) + be32(0), to: &out)
        // The delay as a fraction: 1000 / (fps * 1000) seconds, kept in 16 bits.
        var numerator = 1000, denominator = Int((fps * 1000).rounded())
        while denominator > 65535 { numerator /= 2; denominator /= 2 }
        var sequence: UInt32 = 0
        for (i, frame) in frames.enumerated() {
            let parts = i == 0 ? header : try chunks(frame)
            guard let h = parts.first(where: { $0.type == "IHDR" }), h.data == ihdr.data else {
                throw FormatError(description: "frame \(i + 1) differs in size or format from frame 1")
            }
            var control = be32(sequence) + Data(width) + Data(height) + be32(0) + be32(0)
            control += be16(UInt16(max(1, numerator))) + be16(UInt16(max(1, denominator))) + Data([0, 0])
            append("fcTL", control, to: &out)
            sequence += 1
            for idat in parts where idat.type == "IDAT" {
                if i == 0 {
                    append("IDAT", idat.data, to: &out)
                } else {
                    append("fdAT", be32(sequence) + idat.data, to: &out)
                    sequence += 1
                }
            }
        }
        append("IEND", Data(), to: &out)
        return out
    }

    /// A PNG's chunks (type and data), after the signature.
    package static func chunks(_ png: Data) throws -> [(type: String, data: Data)] {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw FormatError(description: "not a PNG")
        }
        var out: [(String, Data)] = []
        var i = 8
        while i + 12 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard i + 12 + length <= bytes.count else { throw FormatError(description: "truncated chunk") }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            out.append((type, Data(bytes[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return out
    }

    private static func append(_ type: String, _ data: Data, to out: inout Data) {
        out += be32(UInt32(data.count))
        let typed = Data(type.utf8) + data
        out += typed
        out += be32(crc32(typed))
    }

    private static func be32(_ v: UInt32) -> Data { Data([UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }
    private static func be16(_ v: UInt16) -> Data { Data([UInt8(v >> 8), UInt8(v & 0xFF)]) }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 PNG chunks carry (over type and data).
    package static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
