import CMercatorHarfBuzz
package import Foundation

/// Why a font could not be opened or text shaped with HarfBuzz.
package enum TextShapingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// HarfBuzz's shared library (`libharfbuzz.so.0`) was not found at run time.
    case harfBuzzNotInstalled
    /// The font data holds no face at `index` that HarfBuzz can read.
    case invalidFont(index: Int, bytes: Int)
    /// HarfBuzz could not shape the run (out of memory, or a run outside the text).
    case shapingFailed(utf16Offset: Int, length: Int)

    package var description: String {
        switch self {
        case .harfBuzzNotInstalled:
            return "complex-script shaping is not installed: HarfBuzz's shared library (libharfbuzz.so.0, Debian's libharfbuzz0b) was not found"
        case .invalidFont(let index, let bytes):
            return "the font data (\(bytes) bytes) holds no face \(index) that HarfBuzz can read"
        case .shapingFailed(let offset, let length):
            return "HarfBuzz could not shape the \(length) UTF-16 units at offset \(offset)"
        }
    }
}

/// One glyph of a shaped run: the font's glyph id, the UTF-16 offset of its cluster in the text, and
/// its advance and offset in font units (y up, as HarfBuzz gives them).
package struct ShapedGlyph: Sendable, Equatable {
    /// The glyph's index in the font (not a code point).
    package var glyphID: UInt32
    /// The UTF-16 offset of the first character of the cluster this glyph belongs to.
    package var cluster: Int
    /// How far the pen moves after the glyph, in font units.
    package var xAdvance: Int32, yAdvance: Int32
    /// Where the glyph sits relative to the pen, in font units.
    package var xOffset: Int32, yOffset: Int32
}

/// The direction a run is shaped in.
package enum ShapingDirection: Int32, Sendable {
    /// Left to right.
    case leftToRight = 4
    /// Right to left.
    case rightToLeft = 5
}

/// A font face opened for shaping with HarfBuzz (loaded at run time): turns text into positioned glyph
/// ids, with the font's ligatures, reordering and mark positioning (Indic, Khmer, Myanmar, Arabic…).
///
/// A shaping font is immutable once made, so it is safe to shape with from several threads.
package final class HarfBuzzFont: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    /// The face's units per em (advances and offsets are in these units).
    package let unitsPerEm: Int

    /// Whether HarfBuzz is installed here.
    package static var isAvailable: Bool { mercator_harfbuzz_available() == 1 }

    /// HarfBuzz's version, or `nil` when it is not installed.
    package static var version: String? {
        isAvailable ? String(cString: mercator_harfbuzz_version()) : nil
    }

    /// The pixels per em advances and offsets are scaled to (in 1/64 pixel), or nil for font units.
    package let pixelsPerEm: Int?

    /// Opens face `index` of a TrueType/OpenType font file's bytes (copied).
    package init(fontData: Data, index: Int = 0) throws(TextShapingError) {
        (handle, unitsPerEm) = try Self.open(fontData, index: index, pixelsPerEm: nil)
        pixelsPerEm = nil
    }

    /// Opens face `index` of a font file's bytes (copied), scaled to `pixelsPerEm` pixels in 26.6 fixed
    /// point (advances and offsets in 1/64 pixel, as MapLibre Native reads them from HarfBuzz over a
    /// FreeType face sized to 24 px), or to its units per em when nil.
    package init(fontData: Data, index: Int = 0, pixelsPerEm: Int?) throws(TextShapingError) {
        (handle, unitsPerEm) = try Self.open(fontData, index: index, pixelsPerEm: pixelsPerEm)
        self.pixelsPerEm = pixelsPerEm
    }

    /// HarfBuzz's font for the bytes, and the face's units per em.
    private static func open(_ fontData: Data, index: Int, pixelsPerEm: Int?) throws(TextShapingError) -> (UnsafeMutableRawPointer, Int) {
        guard isAvailable else { throw .harfBuzzNotInstalled }
        var upem: Int32 = 0
        let made = fontData.withUnsafeBytes { raw -> UnsafeMutableRawPointer? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return mercator_hb_font_create_scaled(base, raw.count, UInt32(clamping: index), UInt32(clamping: pixelsPerEm ?? 0), &upem)
        }
        guard let made else { throw .invalidFont(index: index, bytes: fontData.count) }
        guard upem > 0 else {
            mercator_hb_font_destroy(made)
            throw .invalidFont(index: index, bytes: fontData.count)
        }
        return (made, Int(upem))
    }

    deinit { mercator_hb_font_destroy(handle) }

    /// Shapes `text` (the whole string, or the UTF-16 `range` of it with the rest as context).
    ///
    /// - Parameters:
    ///   - script: an ISO 15924 code ("Deva", "Khmr", "Arab"…), or `nil` to let HarfBuzz guess it.
    ///   - direction: the run's direction, or `nil` for the script's own.
    ///   - language: a BCP 47 tag ("hi", "km"), or `nil`.
    package func shape(_ text: String, range: Range<Int>? = nil, script: String? = nil,
                      direction: ShapingDirection? = nil, language: String? = nil) throws(TextShapingError) -> [ShapedGlyph] {
        let units = Array(text.utf16)
        let run = range ?? 0..<units.count
        guard run.lowerBound >= 0, run.upperBound <= units.count else {
            throw .shapingFailed(utf16Offset: run.lowerBound, length: run.count)
        }
        let tag = script.map(Self.scriptTag) ?? 0
        var capacity = max(16, run.count + run.count / 2)
        while true {
            var glyphs = [mercator_hb_glyph](repeating: mercator_hb_glyph(), count: capacity)
            let n = units.withUnsafeBufferPointer { u in
                glyphs.withUnsafeMutableBufferPointer { g in
                    if let language {
                        return mercator_hb_shape(handle, u.baseAddress, Int32(u.count), Int32(run.lowerBound), Int32(run.count),
                                                 tag, direction?.rawValue ?? 0, language, g.baseAddress, Int32(capacity))
                    }
                    return mercator_hb_shape(handle, u.baseAddress, Int32(u.count), Int32(run.lowerBound), Int32(run.count),
                                             tag, direction?.rawValue ?? 0, nil, g.baseAddress, Int32(capacity))
                }
            }
            guard n >= 0 else { throw .shapingFailed(utf16Offset: run.lowerBound, length: run.count) }
            if Int(n) <= capacity {
                return glyphs[0..<Int(n)].map {
                    ShapedGlyph(glyphID: $0.glyph, cluster: Int($0.cluster), xAdvance: $0.x_advance, yAdvance: $0.y_advance,
                                xOffset: $0.x_offset, yOffset: $0.y_offset)
                }
            }
            capacity = Int(n)
        }
    }

    /// Shapes `count` UTF-16 units of `text` from `start` (the rest is context) with a packed ISO 15924
    /// `script` tag (0: guessed), appending the glyphs to `out` (kept between calls: no allocation once
    /// it is large enough). Returns false when HarfBuzz fails.
    func shape(_ text: UnsafeBufferPointer<UInt16>, start: Int, count: Int, script: UInt32,
                       direction: ShapingDirection?, into out: inout [mercator_hb_glyph]) -> Bool {
        guard start >= 0, count >= 0, start + count <= text.count, let base = text.baseAddress else { return false }
        var capacity = max(16, count + count / 2)
        while true {
            // grown in place: a buffer kept between calls keeps its capacity
            if out.count < capacity { out.append(contentsOf: repeatElement(mercator_hb_glyph(), count: capacity - out.count)) }
            let n = out.withUnsafeMutableBufferPointer { g in
                mercator_hb_shape(handle, base, Int32(text.count), Int32(start), Int32(count), script,
                                  direction?.rawValue ?? 0, nil, g.baseAddress, Int32(g.count))
            }
            guard n >= 0 else { return false }
            if Int(n) <= out.count {
                out.removeSubrange(Int(n)...)
                return true
            }
            capacity = Int(n)
        }
    }

    /// The Unicode script of `scalar` from HarfBuzz's data, packed as ``scriptTag(_:)`` packs it
    /// (`Zinh` for non-spacing marks, which take their base's script); 0 when HarfBuzz is missing.
    package static func script(of scalar: UInt32) -> UInt32 { mercator_hb_script(scalar) }

    /// Whether a packed ISO 15924 script tag is written right to left (Arabic, Hebrew, Syriac, Thaana…).
    package static func isRightToLeft(script: UInt32) -> Bool { mercator_hb_script_is_right_to_left(script) == 1 }

    /// HarfBuzz's packing of a four-letter ISO 15924 code (`HB_TAG`), e.g. "Arab" -> 0x41726162.
    package static func scriptTag(_ code: String) -> UInt32 {
        var bytes = Array(code.utf8.prefix(4))
        while bytes.count < 4 { bytes.append(0x20) }
        if bytes[0] >= 0x61, bytes[0] <= 0x7A { bytes[0] -= 0x20 }  // the first letter upper case, the rest lower
        for i in 1..<4 where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] += 0x20 }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
