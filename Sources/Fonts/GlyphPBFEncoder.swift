import Foundation
import Rendering

/// Writes glyph PBFs in the `glyphs.proto` layout MapLibre reads (one font stack, one
/// 256-code-point range), field for field as node-fontnik and `make_glyphs.py` write them.
public enum GlyphPBFEncoder {
    /// The PBF of `glyphs` (ascending by code point) as font stack `fontStack`, range `range`
    /// (named `start-end`, e.g. `0-255`).
    public static func encode(_ glyphs: [Glyph], fontStack: String, range: Int) -> Data {
        var stack = [UInt8]()
        bytes(1, Array(fontStack.utf8), into: &stack)
        bytes(2, Array("\(range * 256)-\(range * 256 + 255)".utf8), into: &stack)
        for glyph in glyphs.sorted(by: { $0.codePoint < $1.codePoint }) {
            var record = [UInt8]()
            unsigned(1, UInt64(glyph.codePoint), into: &record)
            if glyph.width > 0, glyph.height > 0 { bytes(2, glyph.bitmap, into: &record) }
            unsigned(3, UInt64(max(0, glyph.width)), into: &record)
            unsigned(4, UInt64(max(0, glyph.height)), into: &record)
            signed(5, glyph.left, into: &record)
            signed(6, glyph.top, into: &record)
            unsigned(7, UInt64(max(0, glyph.advance)), into: &record)
            bytes(3, record, into: &stack)
        }
        var out = [UInt8]()
        bytes(1, stack, into: &out)
        return Data(out)
    }

    private static func varint(_ value: UInt64, into out: inout [UInt8]) {
        var n = value
        while n >= 0x80 {
            out.append(UInt8(n & 0x7F) | 0x80)
            n >>= 7
        }
        out.append(UInt8(n))
    }

    private static func unsigned(_ field: UInt64, _ value: UInt64, into out: inout [UInt8]) {
        varint(field << 3, into: &out)
        varint(value, into: &out)
    }

    private static func signed(_ field: UInt64, _ value: Int, into out: inout [UInt8]) {
        let v = Int64(value)
        unsigned(field, UInt64(bitPattern: (v << 1) ^ (v >> 63)), into: &out)
    }

    private static func bytes(_ field: UInt64, _ value: [UInt8], into out: inout [UInt8]) {
        varint(field << 3 | 2, into: &out)
        varint(UInt64(value.count), into: &out)
        out.append(contentsOf: value)
    }
}
