import Foundation
package import GeoJSON

/// A style's `font-faces` root member (MapLibre Native's extension of the style specification): for
/// a font name of `text-font`, the font files that draw some of its characters, shaped with HarfBuzz.
///
/// ```json
/// "font-faces": {
///   "Noto Sans Regular": [
///     {"url": "local://fonts/NotoSansKhmer.ttf", "unicode-range": ["U+1780-17FF"]},
///     {"url": "local://fonts/NotoSansDevanagari.ttf", "unicode-range": ["U+0900-097F", "U+A8E0-A8FF"]}
///   ],
///   "Noto Sans Thai": "local://fonts/NotoSansThai.ttf"
/// }
/// ```
///
/// A font given as a bare URL covers every character; a face without `unicode-range` too.
package struct FontFaces: Sendable, Hashable {
    /// One font file and the characters it draws.
    package struct Face: Sendable, Hashable {
        /// The font file's URL as written (resolved like `glyphs`: files, `local://`, HTTP(S)).
        package var url: String
        /// The code points the face draws, sorted and merged.
        package var ranges: [ClosedRange<UInt32>]
        /// Where the face is written in the style (`font-faces["Noto Sans Regular"][0]`).
        package var path: String

        package init(url: String, ranges: [ClosedRange<UInt32>], path: String) {
            self.url = url
            self.ranges = ranges
            self.path = path
        }

        /// Whether the face draws `scalar`.
        package func covers(_ scalar: UInt32) -> Bool {
            // ranges are few (a script's blocks): a linear scan beats a search
            for r in ranges where r.contains(scalar) { return true }
            return false
        }
    }

    /// The faces of each font name, in the order written.
    package var fonts: [String: [Face]]
    /// Entries left out because they could not be read (each names its JSON path).
    package var problems: [FontFacesError]

    package init(fonts: [String: [Face]] = [:], problems: [FontFacesError] = []) {
        self.fonts = fonts
        self.problems = problems
    }

    package var isEmpty: Bool { fonts.values.allSatisfy(\.isEmpty) }

    /// Reads the `font-faces` member, leaving out (and listing in ``problems``) what cannot be read:
    /// a face without a string `url`, a `unicode-range` entry that is not a CSS range. A member that
    /// is not an object gives no faces and one problem. Never throws: a bad face must not stop a map.
    package init(json: JSONValue) {
        self.init()
        guard let object = json.object else {
            problems.append(FontFacesError(path: "font-faces", "an object of font names expected, \(json.typeName) found"))
            return
        }
        for (name, value) in object {
            let fontPath = "font-faces[\(Self.quoted(name))]"
            if let url = value.string {
                fonts[name, default: []].append(Face(url: url, ranges: [0...0x10FFFF], path: fontPath))
                continue
            }
            guard let faces = value.array else {
                problems.append(FontFacesError(path: fontPath, "a URL or an array of faces expected, \(value.typeName) found"))
                continue
            }
            var read: [Face] = []
            for (i, faceJSON) in faces.enumerated() {
                let facePath = "\(fontPath)[\(i)]"
                guard let face = faceJSON.object else {
                    problems.append(FontFacesError(path: facePath, "a face object ({\"url\", \"unicode-range\"}) expected, \(faceJSON.typeName) found"))
                    continue
                }
                guard let url = face["url"]?.string, !url.isEmpty else {
                    let found = face["url"].map { "\($0.typeName) found" } ?? "missing"
                    problems.append(FontFacesError(path: "\(facePath).url", "the font file's URL (a string) expected, \(found)"))
                    continue
                }
                var ranges: [ClosedRange<UInt32>] = []
                if let rangesJSON = face["unicode-range"] {
                    guard let entries = rangesJSON.array else {
                        problems.append(FontFacesError(path: "\(facePath).unicode-range",
                                                       "an array of ranges (\"U+0900-097F\") expected, \(rangesJSON.typeName) found"))
                        continue
                    }
                    for (j, entry) in entries.enumerated() {
                        let entryPath = "\(facePath).unicode-range[\(j)]"
                        guard let text = entry.string else {
                            problems.append(FontFacesError(path: entryPath, "a range such as \"U+0900-097F\" expected, \(entry.typeName) found"))
                            continue
                        }
                        do {
                            ranges.append(try Self.unicodeRange(text))
                        } catch {
                            problems.append(FontFacesError(path: entryPath, error.message))
                        }
                    }
                    // a face whose every range is bad draws nothing (not everything)
                    if ranges.isEmpty { continue }
                } else {
                    ranges = [0...0x10FFFF]
                }
                read.append(Face(url: url, ranges: Self.merged(ranges), path: facePath))
            }
            if !read.isEmpty { fonts[name, default: []] += read }
        }
    }

    /// The faces of the first font of `fontStack` that has faces (MapLibre Native matches a
    /// section's font stack by name); empty when none has.
    package func faces(for fontStack: [String]) -> [Face] {
        for name in fontStack {
            if let faces = fonts[name], !faces.isEmpty { return faces }
        }
        return []
    }

    /// One CSS `unicode-range` value: `U+26`, `U+0-7F`, `U+4??` (a side may carry `0x`, as MapLibre
    /// Native's own tests write `U+A9E0-0xA9FF`).
    ///
    /// - Throws: why it is not one (a ``FontFacesError`` without a path).
    package static func unicodeRange(_ text: String) throws(FontFacesError) -> ClosedRange<UInt32> {
        let invalid = "\"\(text)\" is not a unicode range: write \"U+26\", \"U+0900-097F\" or \"U+4??\""
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 2, trimmed.hasPrefix("U+") || trimmed.hasPrefix("u+") else { throw FontFacesError(path: "", invalid) }
        let body = trimmed.dropFirst(2)
        func hex(_ part: Substring) -> UInt32? {
            var digits = part
            if digits.hasPrefix("0x") || digits.hasPrefix("0X"), digits.count > 2 { digits = digits.dropFirst(2) }
            guard (1...6).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            return UInt32(digits, radix: 16)
        }
        let lower: UInt32, upper: UInt32
        if body.contains("?") {
            let fixed = body.prefix { $0 != "?" }
            let wild = body.dropFirst(fixed.count)
            guard body.count <= 6, !wild.isEmpty, wild.allSatisfy({ $0 == "?" }),
                  fixed.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { throw FontFacesError(path: "", invalid) }
            let base = fixed.isEmpty ? 0 : (UInt32(fixed, radix: 16) ?? 0)
            let shift = UInt32(4 * wild.count)
            lower = base << shift
            // CSS clamps a wildcard range to the last code point (`U+??????`)
            upper = min(lower | ((1 << shift) - 1), 0x10FFFF)
        } else {
            let sides = body.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = hex(sides[0]) else { throw FontFacesError(path: "", invalid) }
            guard sides.count == 1 || hex(sides[1]) != nil else { throw FontFacesError(path: "", invalid) }
            lower = first
            upper = sides.count == 2 ? hex(sides[1])! : first
        }
        guard lower <= 0x10FFFF, upper <= 0x10FFFF else {
            throw FontFacesError(path: "", "\"\(text)\" goes past U+10FFFF, the last code point")
        }
        guard lower <= upper else { throw FontFacesError(path: "", "\"\(text)\" starts after it ends") }
        return lower...upper
    }

    /// Ranges sorted and overlapping or touching ones joined.
    static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound &+ 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A `font-faces` entry that could not be read, or a face that could not be loaded, with where it is
/// written in the style (`font-faces["Noto Sans Regular"][0].unicode-range[1]`).
package struct FontFacesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The entry's JSON path.
    package var path: String
    /// What is wrong, in words a style author can act on.
    package var message: String

    package init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}

extension StyleDocument {
    /// The `font-faces` member read (nil when the style has none).
    package var fontFaces: FontFaces? { members["font-faces"].map(FontFaces.init(json:)) }
}
