import Foundation

/// Installed fonts as faces that shape complex scripts with HarfBuzz, for maps that draw labels with
/// installed fonts (``ClientFontOptions``): the Indic scripts, Sinhala, Thai, Lao, Tibetan, Myanmar and
/// Khmer, whose glyphs cannot be drawn one code point at a time. Each script comes from the first font
/// of the stack that has it, else from fontconfig's best match for the stack's first name that has it
/// (`Noto Sans Devanagari` for `Noto Sans Regular`). Other scripts keep the installed fonts' code-point
/// glyphs (Arabic is joined by ICU, as for glyph PBFs). Found once per font stack, opened once per font
/// file: shared by every map of the process.
package final class InstalledShapingFaces: @unchecked Sendable {
    package static let shared = InstalledShapingFaces()

    /// The scripts shaped from installed fonts: their blocks, and a letter that tells whether a font has the script.
    static let scripts: [(blocks: [ClosedRange<UInt32>], letter: UInt32)] = [
        ([0x0900...0x097F, 0xA8E0...0xA8FF, 0x1CD0...0x1CFF], 0x0915),  // Devanagari
        ([0x0980...0x09FF], 0x0995), ([0x0A00...0x0A7F], 0x0A15),       // Bengali, Gurmukhi
        ([0x0A80...0x0AFF], 0x0A95), ([0x0B00...0x0B7F], 0x0B15),       // Gujarati, Oriya
        ([0x0B80...0x0BFF], 0x0B95), ([0x0C00...0x0C7F], 0x0C15),       // Tamil, Telugu
        ([0x0C80...0x0CFF], 0x0C95), ([0x0D00...0x0D7F], 0x0D15),       // Kannada, Malayalam
        ([0x0D80...0x0DFF], 0x0D9A), ([0x0E00...0x0E7F], 0x0E01),       // Sinhala, Thai
        ([0x0E80...0x0EFF], 0x0E81), ([0x0F00...0x0FFF], 0x0F40),       // Lao, Tibetan
        ([0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F], 0x1000),  // Myanmar
        ([0x1780...0x17FF, 0x19E0...0x19FF], 0x1780),                    // Khmer
    ]

    private let lock = NSLock()
    /// Guarded by `lock`: the fonts that shape each script, per font stack.
    private var stacks: [[String]: [(ranges: [ClosedRange<UInt32>], font: InstalledFont)]] = [:]
    /// Guarded by `lock`: opened faces by file and index (nil: it would not open).
    private var faces: [String: ShapingFace?] = [:]

    /// The faces that shape `fontStack`'s complex scripts from installed fonts, without the 256-code-point
    /// ranges `served` says the style's glyph PBFs serve (those stay with the PBFs).
    package func faces(for fontStack: [String], served: (Int) -> Bool) -> [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] {
        var out: [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] = []
        for (ranges, font) in fonts(for: fontStack) {
            let unserved = ranges.flatMap { Self.unserved($0, served) }
            guard !unserved.isEmpty, let face = face(font) else { continue }
            out.append((unserved, face))
        }
        return out
    }

    /// The parts of `range` in 256-code-point ranges the glyph PBFs do not serve.
    static func unserved(_ range: ClosedRange<UInt32>, _ served: (Int) -> Bool) -> [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        var start = range.lowerBound
        while start <= range.upperBound {
            let block = Int(start / 256)
            let end = min(range.upperBound, UInt32(block * 256 + 255))
            if !served(block) {
                if let last = out.last, last.upperBound + 1 == start { out[out.count - 1] = last.lowerBound...end } else { out.append(start...end) }
            }
            start = end + 1
        }
        return out
    }

    private func fonts(for fontStack: [String]) -> [(ranges: [ClosedRange<UInt32>], font: InstalledFont)] {
        if let cached = lock.withLock({ stacks[fontStack] }) { return cached }
        let named = fontStack.compactMap(SystemFonts.font(named:))
        var out: [(ranges: [ClosedRange<UInt32>], font: InstalledFont)] = []
        for script in Self.scripts {
            let font = named.first { covers($0, script.letter) }
                ?? SystemFonts.bestMatch(for: fontStack.first ?? "sans-serif", containing: script.letter).flatMap { covers($0, script.letter) ? $0 : nil }
            guard let font else { continue }
            if let i = out.firstIndex(where: { $0.font == font }) { out[i].ranges += script.blocks } else { out.append((script.blocks, font)) }
        }
        lock.withLock { stacks[fontStack] = out }
        return out
    }

    private func covers(_ font: InstalledFont, _ letter: UInt32) -> Bool {
        (try? font.open())?.hasGlyph(letter) ?? false
    }

    private func face(_ font: InstalledFont) -> ShapingFace? {
        let key = "\(font.path)#\(font.index)"
        if let cached = lock.withLock({ faces[key] }) { return cached }
        let opened = (try? Data(contentsOf: URL(fileURLWithPath: font.path))).flatMap {
            try? ShapingFace.open(data: $0, source: font.path, index: font.index)
        }
        lock.withLock { faces[key] = .some(opened) }
        return opened
    }
}
