import Foundation

/// Glyph PBFs for a font stack: each font's `{start}-{end}.pbf` read from the fonts folder and
/// combined, the first font of the stack giving a code point its glyph (as tileserver-gl does).
enum GlyphStacks {
    /// The combined PBF of `stack` (fonts separated by commas) for `range` (`0-255`).
    /// - Throws: ``ServerError`` 400 for malformed names or ranges, 404 when no font of the stack exists.
    static func pbf(stack: String, range: String, fonts: URL) throws(ServerError) -> Data {
        let bounds = range.split(separator: "-").compactMap { Int($0) }
        guard bounds.count == 2, range.allSatisfy({ $0.isNumber || $0 == "-" }), bounds[0] % 256 == 0, bounds[1] == bounds[0] + 255,
              bounds[0] <= 65280 else {
            throw .badRequest("glyph range must be START-END, 256 code points starting at a multiple of 256 (found \(range))")
        }
        let names = stack.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, names.count <= 8 else { throw .badRequest("a font stack names 1 to 8 fonts (found \(names.count))") }
        var glyphs: [UInt32: ArraySlice<UInt8>] = [:]
        var order: [UInt32] = []
        var found = false
        for name in names {
            guard isSafeName(name) else { throw .badRequest("font name \"\(name)\" is not allowed") }
            let file = fonts.appendingPathComponent(name, isDirectory: true).appendingPathComponent("\(range).pbf")
            guard let data = try? Data(contentsOf: file) else { continue }
            found = true
            for glyph in glyphMessages(in: [UInt8](data)) where glyphs[glyph.id] == nil {
                glyphs[glyph.id] = glyph.bytes
                order.append(glyph.id)
            }
        }
        guard found else { throw .notFound("no font of the stack \"\(stack)\" is served") }
        var stackMessage: [UInt8] = []
        appendField(1, bytes: Array(names.joined(separator: ", ").utf8), to: &stackMessage)
        appendField(2, bytes: Array(range.utf8), to: &stackMessage)
        for id in order.sorted() { appendField(3, bytes: Array(glyphs[id]!), to: &stackMessage) }
        var out: [UInt8] = []
        appendField(1, bytes: stackMessage, to: &out)
        return Data(out)
    }

    /// A font folder name without path separators, parent references or control characters.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }

    /// The glyph messages of a glyph PBF, with their code points.
    static func glyphMessages(in bytes: [UInt8]) -> [(id: UInt32, bytes: ArraySlice<UInt8>)] {
        var out: [(UInt32, ArraySlice<UInt8>)] = []
        for (field, stack) in fields(bytes[...]) where field == 1 {
            for (f, glyph) in fields(stack) where f == 3 {
                var id: UInt32 = 0
                var i = glyph.startIndex
                while i < glyph.endIndex {
                    guard let key = varint(glyph, &i) else { break }
                    if key == 8, let v = varint(glyph, &i) { id = UInt32(truncatingIfNeeded: v); break }
                    if !skip(glyph, &i, wireType: Int(key & 7)) { break }
                }
                out.append((id, glyph))
            }
        }
        return out
    }

    /// The length-delimited fields of a message (other wire types skipped).
    private static func fields(_ bytes: ArraySlice<UInt8>) -> [(Int, ArraySlice<UInt8>)] {
        var out: [(Int, ArraySlice<UInt8>)] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let key = varint(bytes, &i) else { break }
            if key & 7 == 2 {
                guard let n = varint(bytes, &i), n <= UInt64(bytes.endIndex - i) else { break }
                out.append((Int(key >> 3), bytes[i..<(i + Int(n))]))
                i += Int(n)
            } else if !skip(bytes, &i, wireType: Int(key & 7)) {
                break
            }
        }
        return out
    }

    private static func skip(_ bytes: ArraySlice<UInt8>, _ i: inout Int, wireType: Int) -> Bool {
        switch wireType {
        case 0: return varint(bytes, &i) != nil
        case 1: i += 8; return i <= bytes.endIndex
        case 5: i += 4; return i <= bytes.endIndex
        case 2:
            guard let n = varint(bytes, &i), n <= UInt64(bytes.endIndex - i) else { return false }
            i += Int(n)
            return true
        default: return false
        }
    }

    private static func varint(_ bytes: ArraySlice<UInt8>, _ i: inout Int) -> UInt64? {
        var v: UInt64 = 0, shift: UInt64 = 0
        while i < bytes.endIndex, shift < 64 {
            let b = bytes[i]
            i += 1
            v |= UInt64(b & 0x7f) << shift
            if b & 0x80 == 0 { return v }
            shift += 7
        }
        return nil
    }

    private static func appendField(_ field: Int, bytes: [UInt8], to out: inout [UInt8]) {
        appendVarint(UInt64(field << 3 | 2), to: &out)
        appendVarint(UInt64(bytes.count), to: &out)
        out += bytes
    }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }
}
