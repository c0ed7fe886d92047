import Fonts
import Foundation

/// Glyph PBFs for a font stack: each font's `{start}-{end}.pbf` read from the fonts folder and
/// combined, the first font of the stack giving a code point its glyph (as tileserver-gl does); a stack
/// none of whose fonts the folder has comes from the installed fonts (``InstalledFontPBFs``).
enum GlyphStacks {
    /// The combined PBF of `stack` (fonts separated by commas) for `range` (`0-255`).
    /// - Throws: ``ServerError`` 400 for malformed names or ranges, 404 when neither the folder nor an
    ///   installed font (or the system's substitute) has the stack.
    static func pbf(stack: String, range: String, fonts: URL?, installed: InstalledFontPBFs? = .shared) throws(ServerError) -> Data {
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
            guard let fonts else { continue }
            let file = fonts.appendingPathComponent(name, isDirectory: true).appendingPathComponent("\(range).pbf")
            guard let data = try? Data(contentsOf: file) else { continue }
            found = true
            for glyph in GlyphPBF.glyphMessages(in: [UInt8](data)) where glyphs[glyph.id] == nil {
                glyphs[glyph.id] = glyph.bytes
                order.append(glyph.id)
            }
        }
        guard found else {
            if let data = installed?.pbf(stack: names, range: bounds[0] / 256) { return data }
            throw .notFound("no font of the stack \"\(stack)\" is served (neither in the fonts folder nor installed)")
        }
        return GlyphPBFEncoder.encode(messages: order.sorted().map { glyphs[$0]! }, fontStack: names.joined(separator: ", "), rangeName: range)
    }

    /// A font folder name without path separators, parent references or control characters.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }
}
