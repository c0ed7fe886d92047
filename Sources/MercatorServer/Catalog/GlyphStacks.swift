import Foundation
import Tiling

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
        var stackMessage = ProtobufWriter()
        stackMessage.stringField(1, names.joined(separator: ", "))
        stackMessage.stringField(2, range)
        for id in order.sorted() { stackMessage.bytesField(3, glyphs[id]!) }
        var out = ProtobufWriter()
        out.bytesField(1, stackMessage.bytes)
        return Data(out.bytes)
    }

    /// A font folder name without path separators, parent references or control characters.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }

    /// The glyph messages of a glyph PBF, with their code points (reading stops at malformed bytes).
    static func glyphMessages(in bytes: [UInt8]) -> [(id: UInt32, bytes: ArraySlice<UInt8>)] {
        bytes.withUnsafeBufferPointer { buffer in
            var out: [(id: UInt32, bytes: ArraySlice<UInt8>)] = []
            for stack in fields(buffer, 0..<buffer.count) where stack.field == 1 {
                for glyph in fields(buffer, stack.range) where glyph.field == 3 {
                    var reader = ProtobufReader(buffer, from: glyph.range.lowerBound, to: glyph.range.upperBound)
                    var id: UInt32 = 0
                    while !reader.isAtEnd {
                        let offset = reader.position
                        guard let (field, wire) = try? reader.key() else { break }
                        if field == 1, wire == 0 {
                            id = UInt32(truncatingIfNeeded: (try? reader.varint()) ?? 0)
                            break
                        }
                        guard (try? reader.skip(wire: wire, field: field, keyOffset: offset)) != nil else { break }
                    }
                    out.append((id, bytes[glyph.range]))
                }
            }
            return out
        }
    }

    /// The length-delimited fields of a message in `range` (other wire types skipped).
    private static func fields(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [(field: Int, range: Range<Int>)] {
        var reader = ProtobufReader(buffer, from: range.lowerBound, to: range.upperBound)
        var out: [(field: Int, range: Range<Int>)] = []
        while !reader.isAtEnd {
            let offset = reader.position
            guard let (field, wire) = try? reader.key() else { break }
            if wire == 2 {
                guard let r = try? reader.lengthDelimited() else { break }
                out.append((field, r))
            } else if (try? reader.skip(wire: wire, field: field, keyOffset: offset)) == nil {
                break
            }
        }
        return out
    }
}
