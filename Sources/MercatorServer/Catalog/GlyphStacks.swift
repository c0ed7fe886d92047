import Fonts
import Foundation
import JSON

/// Glyph PBFs for a font stack: each font's `{start}-{end}.pbf` read from the fonts folder and
/// combined, the first font of the stack giving a code point its glyph (as tileserver-gl does); a stack
/// none of whose fonts the folder has comes from the installed fonts of its names (``InstalledFontPBFs``).
/// A stack none of whose fonts exists anywhere is answered with a substitute only when a served style
/// names one of its fonts (tileserver-gl's fallback for its styles' fonts); any other stack, a misspelled
/// name say, is 404 naming it (tileserver-gl refuses a font no style names).
enum GlyphStacks {
    /// The combined PBF of `stack` (fonts separated by commas) for `range` (`0-255`).
    /// - Parameter styleFonts: the font names the served styles' `text-font` values name (``fontNames(in:)``):
    ///   a stack with one of them and no font anywhere gets the system's substitute, as its labels are drawn.
    /// - Throws: ``ServerError`` 400 for malformed names or ranges, 404 when neither the folder nor an
    ///   installed font has a font of the stack and no served style names one of them.
    static func pbf(stack: String, range: String, fonts: URL?, styleFonts: Set<String> = [],
                    installed: InstalledFontPBFs? = .shared) throws(ServerError) -> Data {
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
            let substitute = names.contains { styleFonts.contains($0) }
            if let data = installed?.pbf(stack: names, range: bounds[0] / 256, substitute: substitute) { return data }
            throw .notFound("no font of the stack \"\(stack)\" is served (not in the fonts folder, not installed, named by no served style)")
        }
        return GlyphPBFEncoder.encode(messages: order.sorted().map { glyphs[$0]! }, fontStack: names.joined(separator: ", "), rangeName: range)
    }

    /// The font names `style`'s layers name in `text-font`: every string of an array of strings in
    /// the property's value (a literal stack, a `literal` expression's, a legacy function's stops), but for
    /// expressions of strings alone (`["get", "font"]`).
    static func fontNames(in style: JSONValue) -> Set<String> {
        var names: Set<String> = []
        func collect(_ value: JSONValue) {
            switch value {
            case .array(let items):
                let strings = items.compactMap(\.string)
                if !strings.isEmpty, strings.count == items.count, !operators.contains(strings[0]) {
                    names.formUnion(strings)
                } else {
                    items.forEach(collect)
                }
            case .object(let object): object.values.forEach(collect)
            default: break
            }
        }
        for layer in style["layers"]?.array ?? [] {
            if let font = layer["layout"]?["text-font"] { collect(font) }
        }
        return names
    }

    /// Expression operators whose arguments can all be strings: not font stacks.
    private static let operators: Set<String> = ["get", "has", "!has", "zoom", "geometry-type", "id", "properties", "feature-state",
                                                 "global-state", "var", "literal", "to-string", "string", "downcase", "upcase", "concat"]

    /// A font folder name without path separators, parent references or control characters.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 200 && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }
}
