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

    /// The lines of `scalars` (ranges of indices) in visual order: for each line the logical
    /// indices left to right, each with the character to draw (mirrored in right-to-left runs).
    /// Text with nothing written right to left keeps its order.
    /// Bidi formatting characters (ALM, LRM, RLM, embeddings, overrides and isolates), which MapLibre
    /// Native removes when it reorders lines (`UBIDI_REMOVE_BIDI_CONTROLS`): never drawn.
    package static func isBidiControl(_ c: UInt32) -> Bool {
        c == 0x061C || c == 0x200E || c == 0x200F || (0x202A...0x202E).contains(c) || (0x2066...0x2069).contains(c)
    }

    package static func visualLines(_ scalars: [UInt32], lines: [Range<Int>]) -> [[(index: Int, character: UInt32)]] {
        guard scalars.contains(where: isRightToLeft) else {
            let controls = scalars.contains(where: isBidiControl)
            return lines.map { line in
                controls ? line.filter { !isBidiControl(scalars[$0]) }.map { ($0, scalars[$0]) } : line.map { ($0, scalars[$0]) }
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
                return line.filter { !isBidiControl(scalars[$0]) }.map { ($0, scalars[$0]) }
            }
            var out: [(index: Int, character: UInt32)] = []
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
                out.append((index, mirrored))
            }
            return out
        }
    }
}
