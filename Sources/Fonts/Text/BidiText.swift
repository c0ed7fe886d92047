/// Right-to-left text as MapLibre Native lays it out, through the platform's ``BidirectionalTextShaping``
/// (ICU on Linux): Arabic letters joined into their contextual forms, and each line of a label put in
/// visual order by the Unicode bidirectional algorithm (characters of right-to-left runs mirrored).
/// In a build without it, text keeps its logical order.
package enum BidiText {
    /// The platform's implementation (a concrete type: no dynamic dispatch).
    static let platform = PlatformBidirectionalText()

    /// Whether `c` is written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their forms).
    package static func isRightToLeft(_ c: UInt32) -> Bool {
        (0x0590...0x08FF).contains(c) || (0xFB1D...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
    }

    /// Whether `c` is Arabic (its blocks and presentation forms), whose letters join: MapLibre's
    /// `charAllowsLetterSpacing` is false for these.
    package static func isArabic(_ c: UInt32) -> Bool {
        (0x0600...0x06FF).contains(c) || (0x0750...0x077F).contains(c) || (0x08A0...0x08FF).contains(c)
            || (0xFB50...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
    }

    /// `text` with Arabic letters replaced by their joined presentation forms (ICU's `u_shapeArabic`).
    package static func shapingArabic(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x0600...0x08FF).contains($0.value) }) else { return text }
        guard let shaped = try? platform.shapingArabic(Array(text.utf16)) else { return text }
        return String(decoding: shaped, as: UTF16.self)
    }

    /// Bidi formatting characters (ALM, LRM, RLM, embeddings, overrides and isolates), which MapLibre
    /// Native removes when it reorders lines (`UBIDI_REMOVE_BIDI_CONTROLS`): never drawn.
    package static func isBidiControl(_ c: UInt32) -> Bool {
        c == 0x061C || c == 0x200E || c == 0x200F || (0x202A...0x202E).contains(c) || (0x2066...0x2069).contains(c)
    }

    /// One character of a line in visual order.
    package typealias VisualCharacter = (index: Int, character: UInt32, styleIndex: Int)

    /// The lines of `scalars` (ranges of indices) in visual order: for each line the logical
    /// indices left to right, each with the character to draw (mirrored in right-to-left runs) and
    /// the index of the character whose section (font and scale) it takes.
    /// Text with nothing written right to left keeps its order.
    ///
    /// The section is the character's own but for the first character (in logical order) of a
    /// right-to-left run, which takes the section of the run's second character, as in MapLibre
    /// Native's `BiDi::processStyledText`: it reverses a run section by section from its logical end,
    /// and its last section reaches back to the run's start with the style of the section after it.
    /// In `["format", "بغداد", {"font-scale": 1.5}, " ", {}, …]`, a space that starts a run before
    /// Arabic words is drawn at the Arabic words' scale.
    package static func visualLines(_ scalars: [UInt32], lines: [Range<Int>]) -> [[VisualCharacter]] {
        guard scalars.contains(where: isRightToLeft) else {
            let controls = scalars.contains(where: isBidiControl)
            return lines.map { line in
                controls ? line.filter { !isBidiControl(scalars[$0]) }.map { ($0, scalars[$0], $0) } : line.map { ($0, scalars[$0], $0) }
            }
        }
        // UTF-16 for ICU, with the scalar behind each code unit
        var units: [UInt16] = [], scalarOfUnit: [Int] = [], firstUnit: [Int] = []
        for (i, s) in scalars.enumerated() {
            firstUnit.append(units.count)
            for u in String(Unicode.Scalar(s).map(Character.init) ?? " ").utf16 {
                units.append(u)
                scalarOfUnit.append(i)
            }
        }
        firstUnit.append(units.count)
        return lines.map { line in
            guard !line.isEmpty else { return [] }
            let start = firstUnit[line.lowerBound], limit = firstUnit[line.upperBound]
            guard let (map, levels) = try? platform.visualOrder(of: start..<limit, in: units) else {
                return line.filter { !isBidiControl(scalars[$0]) }.map { ($0, scalars[$0], $0) }
            }
            var out: [VisualCharacter] = []
            var previous = -1
            for logical in map {
                let unit = start + Int(logical)
                let index = scalarOfUnit[unit]
                // a surrogate pair's two units name one scalar: keep it once
                if index == previous { continue }
                previous = index
                let c = scalars[index]
                if isBidiControl(c) { continue }
                let mirrored = levels[Int(logical)] & 1 == 1 ? platform.mirrored(c) : c
                let style = startsRightToLeftRun(Int(logical), levels: levels) ? scalarOfUnit[unit + 1] : index
                out.append((index, mirrored, style))
            }
            return out
        }
    }

    /// Whether the code unit at `position` (logical, in a line whose units have the bidi `levels`)
    /// starts a right-to-left run (ICU's runs: characters of one level) that goes on after it.
    static func startsRightToLeftRun(_ position: Int, levels: [UInt8]) -> Bool {
        let level = levels[position]
        return level & 1 == 1 && (position == 0 || levels[position - 1] != level)
            && position + 1 < levels.count && levels[position + 1] == level
    }
}
