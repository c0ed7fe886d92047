package import Foundation
import Tiling

/// Writes glyph PBFs in the `glyphs.proto` layout MapLibre reads (one font stack, one
/// 256-code-point range), field for field as node-fontnik and `make_glyphs.py` write them.
package enum GlyphPBFEncoder {
    /// The PBF of `glyphs` (ascending by code point) as font stack `fontStack`, range `range`
    /// (named `start-end`, e.g. `0-255`).
    package static func encode(_ glyphs: [Glyph], fontStack: String, range: Int) -> Data {
        let messages = glyphs.sorted(by: { $0.codePoint < $1.codePoint }).map { glyph in
            var record = ProtobufWriter()
            record.varintField(1, UInt64(glyph.codePoint))
            if glyph.width > 0, glyph.height > 0 { record.bytesField(2, glyph.bitmap) }
            record.varintField(3, UInt64(max(0, glyph.width)))
            record.varintField(4, UInt64(max(0, glyph.height)))
            record.varintField(5, zigzagEncode(Int64(glyph.left)))
            record.varintField(6, zigzagEncode(Int64(glyph.top)))
            record.varintField(7, UInt64(max(0, glyph.advance)))
            return record.bytes[...]
        }
        return encode(messages: messages, fontStack: fontStack, rangeName: "\(range * 256)-\(range * 256 + 255)")
    }

    /// The PBF of glyph messages already encoded (``GlyphPBF/glyphMessages(in:)``, in the order given) as font
    /// stack `fontStack`, range `rangeName` (`0-255`): a glyph server's combined font stack.
    package static func encode(messages: [ArraySlice<UInt8>], fontStack: String, rangeName: String) -> Data {
        var stack = ProtobufWriter()
        stack.stringField(1, fontStack)
        stack.stringField(2, rangeName)
        for message in messages { stack.bytesField(3, message) }
        var out = ProtobufWriter()
        out.bytesField(1, stack.bytes)
        return Data(out.bytes)
    }
}
