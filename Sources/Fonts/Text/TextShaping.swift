import Foundation

/// Text laid out as MapLibre lays out labels, in 24-point "ems" around the anchor: line breaking
/// (`text-max-width`, MapLibre's least-badness breaks), letter spacing, line height, justification
/// and anchor alignment. Glyphs missing from the font stack are skipped, as MapLibre skips them.
package struct TextShaping {
    /// MapLibre's layout size: glyph PBFs are rasterized at 24 points.
    package static let oneEm = 24.0
    /// MapLibre's baseline shift that centres a 24-point line on the anchor.
    package static let yOffset = -17.0

    package struct PositionedGlyph {
        package var glyph: Glyph
        package var x: Double
        package var y: Double
        /// The section's `font-scale`.
        package var scale: Double
        package var section: Int
        /// Laid out upright in vertical writing mode (drawn turned against the label's turn).
        package var vertical = false
        /// The image of an image section, drawn inline (then `glyph` only holds its code point); the
        /// renderer reads it back as its own image type.
        package var inlineImage: (any InlineImage)?
        /// For a glyph of a shaped cluster: the middle of the cluster's advance (x, as `x`), which
        /// labels along lines place on the line for every glyph of the cluster, so that marks and
        /// subscripts stay with their base.
        package var clusterMiddle: Double?

        /// The pen advance in ems * 24 before `scale` (an image standing upright in vertical text
        /// advances by its height, as MapLibre's shaping).
        package var advance: Double {
            guard let size = inlineImage?.displaySize else { return Double(glyph.advance) }
            return vertical ? size.1 : size.0
        }

        /// Where the glyph sits along a line label: its cluster's middle, or the middle of its own advance.
        package var lineAnchor: Double { clusterMiddle ?? x + advance * scale / 2 }
    }

    /// One section of formatted text: its characters, font stack and scale, or an image.
    package struct Section {
        package var text: String
        package var fontStack: [String]
        package var scale: Double
        /// An image section (`["image", name]` in `format`): one character drawn as the image.
        package var image: (any InlineImage)?

        package init(text: String, fontStack: [String], scale: Double) {
            self.text = text
            self.fontStack = fontStack
            self.scale = scale
        }

        /// An image section: one private-use character standing for the image.
        package init(image: any InlineImage, scale: Double) {
            self.text = "\u{E000}"
            self.fontStack = []
            self.scale = scale
            self.image = image
        }
    }

    package var lines: [[PositionedGlyph]] = []
    /// Per line, MapLibre's `lineOffset`: how far its tallest image (in vertical text, its widest)
    /// or its largest `font-scale` pushes the line down, in ems * 24. Vertical labels centre
    /// images and scaled glyphs in their column by half of it.
    package var lineOffsets: [Double] = []
    /// The text's box in ems relative to the anchor (with the text offset).
    package var top = 0.0
    package var bottom = 0.0
    package var left = 0.0
    package var right = 0.0

    package var isEmpty: Bool { lines.allSatisfy(\.isEmpty) }

    /// Options of one shaping.
    package struct Options {
        package var maxWidth: Double       // ems * 24; 0 = no breaking
        package var lineHeight: Double     // ems * 24
        package var letterSpacing: Double  // ems * 24
        package var anchor: SymbolAnchorKind
        package var justify: Double        // 0 left, 0.5 centre, 1 right
        package var offset: (Double, Double)  // text-offset * 24
        /// Vertical writing mode: glyphs that may stand upright advance one em each.
        package var vertical = false
        /// Only characters upright in vertical text stand upright (labels along lines, whose
        /// layer does not ask for vertical placement).
        package var uprightOnly = false
        /// Ems * 24 per CSS pixel of inline images: 24 / the text size at the layout zoom (MapLibre's
        /// `ONE_EM / layoutTextSizeAtBucketZoomLevel`), so images keep their size at that zoom.
        package var imageScale = 1.0
        /// The same for line breaking, which MapLibre measures at the text size one zoom level up.
        package var breakingImageScale = 1.0
        /// Whether Thai, Lao, Khmer and Myanmar text may break at the word boundaries ICU finds
        /// (``ComplexTextOptions/dictionaryLineBreaks``).
        package var dictionaryLineBreaks = true

        package init(maxWidth: Double, lineHeight: Double, letterSpacing: Double, anchor: SymbolAnchorKind, justify: Double,
                     offset: (Double, Double), vertical: Bool = false, uprightOnly: Bool = false) {
            self.maxWidth = maxWidth
            self.lineHeight = lineHeight
            self.letterSpacing = letterSpacing
            self.anchor = anchor
            self.justify = justify
            self.offset = offset
            self.vertical = vertical
            self.uprightOnly = uprightOnly
        }
    }

    /// Shapes `sections` with glyphs from `lookup` (nil for a missing glyph), and the characters a face
    /// of `faces` covers with HarfBuzz (clusters of glyph ids).
    package init(sections: [Section], options: Options, faces: (any ShapingFaceProviding)? = nil, lookup: (UInt32, [String]) -> Glyph?) {
        // the logical string: one entry per scalar, with its section
        var chars: [(UInt32, Int)] = []
        for (i, s) in sections.enumerated() {
            for scalar in s.text.unicodeScalars { chars.append((scalar.value, i)) }
        }
        let shaped = faces.flatMap { ShapedClusters(chars: chars, sections: sections, faces: $0) }
        let advance: (Int) -> Double = { index in
            let (c, s) = chars[index]
            if let shaped, let k = shaped.cluster(at: index) {
                // a cluster is measured once, at its first character
                let cluster = shaped.clusters[k]
                return cluster.start == index ? cluster.advance * sections[s].scale + options.letterSpacing : 0
            }
            if let image = sections[s].image {
                return image.displaySize.0 * sections[s].scale * options.breakingImageScale + options.letterSpacing
            }
            guard let g = lookup(c, sections[s].fontStack) else { return 0 }
            return Double(g.advance) * sections[s].scale + options.letterSpacing
        }
        let scalars = chars.map(\.0)
        let dictionaryBreaks = options.dictionaryLineBreaks && options.maxWidth > 0 ? Self.dictionaryBreaks(scalars) : []
        var breaks = Self.lineBreaks(scalars, maxWidth: options.maxWidth, advance: advance,
                                     breaksAfter: { sections[chars[$0].1].image != nil || dictionaryBreaks.contains($0 + 1) },
                                     keepsTogether: { i in
                                         // never inside a cluster
                                         guard let shaped, let k = shaped.cluster(at: i), i + 1 < chars.count else { return false }
                                         return shaped.cluster(at: i + 1) == k
                                     })
        // MapLibre Native also ends a line at every bidi paragraph's end (ICU's paragraphs: U+001C…U+001E,
        // U+0085, U+2029 as well as newlines)
        for (i, c) in scalars.enumerated() where i + 1 < scalars.count && Self.isParagraphSeparator(c) {
            if c == 0x0D, scalars[i + 1] == 0x0A { continue }  // CR LF is one separator
            breaks.insert(i + 1)
        }
        if !breaks.isEmpty { breaks.insert(scalars.count) }
        var ranges: [Range<Int>] = []
        var start = 0
        for b in breaks.sorted() where b > start || b == chars.count {
            ranges.append(start..<min(b, chars.count))
            start = b
        }
        if start < chars.count { ranges.append(start..<chars.count) }
        if ranges.isEmpty { ranges = [0..<chars.count] }
        // lines broken in logical order, then each put in visual order (right-to-left runs reversed; the
        // first character of such a run styled as its second, as MapLibre Native styles it)
        let logicalLines: [[(UInt32, Int, Int)]] = BidiText.visualLines(scalars, lines: ranges).map { line in
            line.map { ($0.character, chars[$0.styleIndex].1, $0.index) }
        }
        var emitted = [Bool](repeating: false, count: shaped?.clusters.count ?? 0)

        var x = 0.0
        var y = Self.yOffset
        var maxLineLength = 0.0
        var maxLineHeight = 0.0
        let spacing = options.letterSpacing
        for var line in logicalLines {
            // collapse whitespace at both ends so it does not throw off justification
            while let f = line.first, Self.isWhitespace(f.0) { line.removeFirst() }
            while let l = line.last, Self.isWhitespace(l.0) { line.removeLast() }
            let lineMaxScale = line.map { sections[$0.1].scale }.max() ?? 1
            var positioned: [PositionedGlyph] = []
            // where the last glyph drawn ends (justification)
            var lineEnd = 0.0
            // how far images taller than the line push the next line down
            var imageOffset = 0.0
            if line.isEmpty {
                y += options.lineHeight
                lines.append([])
                lineOffsets.append(0)
                continue
            }
            for (c, s, index) in line {
                if let shaped, let k = shaped.cluster(at: index) {
                    // a shaped cluster: its glyphs at their offsets from the pen, drawn once (right-to-left
                    // runs reach the cluster at its last character)
                    if emitted[k] { continue }
                    emitted[k] = true
                    let cluster = shaped.clusters[k]
                    let scale = sections[s].scale
                    let baselineOffset = (lineMaxScale - scale) * Self.oneEm
                    let middle = x + cluster.advance * scale / 2
                    for g in shaped.glyphs[cluster.glyphs] {
                        positioned.append(PositionedGlyph(glyph: g.glyph, x: x + g.dx * scale, y: y + baselineOffset + g.dy * scale,
                                                          scale: scale, section: s, clusterMiddle: middle))
                    }
                    // MapLibre Native justifies by the last glyph: its place (with its offset) and FreeType's advance
                    if let last = shaped.glyphs[cluster.glyphs].last {
                        lineEnd = x + last.dx * scale + Double(last.glyph.advance) * scale
                    }
                    x += cluster.advance * scale + spacing
                    continue
                }
                let upright = options.vertical && !Self.isWhitespace(c) && !Self.isComplexShaping(c)
                    && (!options.uprightOnly || Self.hasUprightVerticalOrientation(c))
                if let image = sections[s].image {
                    // MapLibre: the image's bottom sits on the baseline; it keeps its CSS size at the layout text size.
                    // Upright in vertical text, it advances by its height and its width pushes the column over
                    let scale = sections[s].scale * options.imageScale
                    let (w, h) = image.displaySize
                    let (along, across) = upright ? (h, w) : (w, h)
                    let baselineOffset = (lineMaxScale - 1) * Self.oneEm + Self.oneEm - h * scale
                    let placeholder = Glyph(codePoint: c, width: 0, height: 0, left: 0, top: 0, advance: Int(along.rounded()), bitmap: [])
                    positioned.append(PositionedGlyph(glyph: placeholder, x: x, y: y + baselineOffset, scale: scale, section: s,
                                                      vertical: upright, inlineImage: image))
                    imageOffset = max(imageOffset, across * scale - Self.oneEm * lineMaxScale)
                    x += along * scale + spacing
                    lineEnd = x - spacing
                    continue
                }
                guard let g = lookup(c, sections[s].fontStack) else { continue }
                let scale = sections[s].scale
                let baselineOffset = (lineMaxScale - scale) * Self.oneEm
                positioned.append(PositionedGlyph(glyph: g, x: x, y: y + baselineOffset, scale: scale, section: s, vertical: upright))
                lineEnd = x + Double(g.advance) * scale
                x += (upright ? Self.oneEm : Double(g.advance)) * scale + spacing
            }
            if !positioned.isEmpty {
                let lineLength = x - spacing
                maxLineLength = max(lineLength, maxLineLength)
                // justify: shift the line by its length times the justification (MapLibre: the last
                // glyph's position plus its advance; a shaped cluster's end for shaped text)
                let indent = lineEnd * options.justify
                // MapLibre Native's justifyLine also pushes the line down below its tallest image
                for i in positioned.indices {
                    positioned[i].x -= indent
                    positioned[i].y += imageOffset
                }
            }
            let currentLineHeight = options.lineHeight * lineMaxScale + imageOffset
            x = 0
            y += currentLineHeight
            maxLineHeight = max(currentLineHeight, maxLineHeight)
            lines.append(positioned)
            lineOffsets.append(max(imageOffset, (lineMaxScale - 1) * Self.oneEm))
        }
        let (horizontalAlign, verticalAlign) = options.anchor.alignment
        let height = y - Self.yOffset
        let shiftX = (options.justify - horizontalAlign) * maxLineLength
        let shiftY = maxLineHeight != options.lineHeight
            ? -height * verticalAlign - Self.yOffset
            : (-verticalAlign * Double(lines.count) + 0.5) * options.lineHeight
        for l in lines.indices {
            for g in lines[l].indices {
                lines[l][g].x += shiftX
                lines[l][g].y += shiftY
            }
        }
        top = options.offset.1 - verticalAlign * height
        bottom = top + height
        left = options.offset.0 - horizontalAlign * maxLineLength
        right = left + maxLineLength
    }

    // MARK: - Line breaking (MapLibre's determineLineBreaks)

    /// Scripts shaped as a whole (Arabic, Indic, Myanmar, Khmer…): never turned upright.
    package static func isComplexShaping(_ c: UInt32) -> Bool {
        (0x0590...0x08FF).contains(c) || (0x0900...0x0DFF).contains(c) || (0x1000...0x109F).contains(c)
            || (0x1780...0x17FF).contains(c) || (0xFB1D...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
    }

    /// Characters upright in vertical text (CJK ideographs, kana, Hangul, CJK punctuation and
    /// full-width forms): text with one of them may be laid out vertically.
    package static func hasUprightVerticalOrientation(_ c: UInt32) -> Bool {
        if c < 0x1100 { return false }
        if (0x1100...0x11FF).contains(c) { return true }  // Hangul Jamo
        if (0x2E80...0x2FDF).contains(c) || (0x2FF0...0x9FFF).contains(c) { return true }
        if (0xA000...0xA4CF).contains(c) || (0xAC00...0xD7AF).contains(c) || (0xF900...0xFAFF).contains(c) { return true }
        if (0xFE10...0xFE1F).contains(c) || (0xFE30...0xFE4F).contains(c) { return true }
        if (0xFF00...0xFFEF).contains(c) { return !(0xFF61...0xFF9F).contains(c) }  // full-width, not half-width kana
        return (0x20000...0x2FFFF).contains(c)
    }

    /// MapLibre's `verticalizePunctuation`: ASCII and CJK punctuation replaced by their vertical
    /// presentation forms where the neighbours are not sideways (Latin) characters.
    package static func verticalizingPunctuation(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        func sideways(_ i: Int) -> Bool {
            guard i >= 0, i < scalars.count else { return false }
            let c = scalars[i].value
            return verticalPunctuation[c] == nil && !hasUprightVerticalOrientation(c) && !isWhitespace(c)
        }
        var out = String.UnicodeScalarView()
        for (i, s) in scalars.enumerated() {
            if let v = verticalPunctuation[s.value], !sideways(i - 1), !sideways(i + 1), let u = Unicode.Scalar(v) {
                out.append(u)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    private static let verticalPunctuation: [UInt32: UInt32] = [
        0x21: 0xFE15, 0x23: 0xFF03, 0x24: 0xFF04, 0x25: 0xFF05, 0x26: 0xFF06, 0x28: 0xFE35, 0x29: 0xFE36, 0x2A: 0xFF0A,
        0x2B: 0xFF0B, 0x2C: 0xFE10, 0x2D: 0xFE32, 0x2E: 0x30FB, 0x2F: 0xFF0F, 0x3A: 0xFE13, 0x3B: 0xFE14, 0x3C: 0xFE3F,
        0x3D: 0xFF1D, 0x3E: 0xFE40, 0x3F: 0xFE16, 0x40: 0xFF20, 0x5B: 0xFE47, 0x5C: 0xFF3C, 0x5D: 0xFE48, 0x5E: 0xFF3E,
        0x5F: 0xFE33, 0x60: 0xFF40, 0x7B: 0xFE37, 0x7C: 0x2015, 0x7D: 0xFE38, 0x7E: 0xFF5E, 0xA2: 0xFFE0, 0xA3: 0xFFE1,
        0xA5: 0xFFE5, 0xA6: 0xFFE4, 0xAC: 0xFFE2, 0xAF: 0xFFE3, 0x2013: 0xFE32, 0x2014: 0xFE31, 0x2018: 0xFE43,
        0x2019: 0xFE44, 0x201C: 0xFE41, 0x201D: 0xFE42, 0x2026: 0xFE19, 0x2027: 0x30FB, 0x20A9: 0xFFE6, 0x3001: 0xFE11,
        0x3002: 0xFE12, 0x3008: 0xFE3F, 0x3009: 0xFE40, 0x300A: 0xFE3D, 0x300B: 0xFE3E, 0x300C: 0xFE41, 0x300D: 0xFE42,
        0x300E: 0xFE43, 0x300F: 0xFE44, 0x3010: 0xFE3B, 0x3011: 0xFE3C, 0x3014: 0xFE39, 0x3015: 0xFE3A, 0x3016: 0xFE17,
        0x3017: 0xFE18, 0xFF01: 0xFE15, 0xFF08: 0xFE35, 0xFF09: 0xFE36, 0xFF0C: 0xFE10, 0xFF0D: 0xFE32, 0xFF0E: 0x30FB,
        0xFF1A: 0xFE13, 0xFF1B: 0xFE14, 0xFF1C: 0xFE3F, 0xFF1E: 0xFE40, 0xFF1F: 0xFE16, 0xFF3B: 0xFE47, 0xFF3D: 0xFE48,
        0xFF3F: 0xFE33, 0xFF5B: 0xFE37, 0xFF5C: 0x2015, 0xFF5D: 0xFE38, 0xFF5F: 0xFE35, 0xFF60: 0xFE36, 0xFF61: 0xFE12,
        0xFF62: 0xFE41, 0xFF63: 0xFE42,
    ]

    /// Scripts written without spaces between words, whose lines ICU breaks with dictionaries (Unicode's
    /// line-break class SA): Thai, Lao, Myanmar, Khmer, Tai Le, New Tai Lue, Tai Tham, Tai Viet.
    package static func isWrittenWithoutSpaces(_ c: UInt32) -> Bool {
        (0x0E00...0x0EFF).contains(c) || (0x1000...0x109F).contains(c) || (0x1780...0x17FF).contains(c)
            || (0x1950...0x19DF).contains(c) || (0x19E0...0x19FF).contains(c) || (0x1A20...0x1AAF).contains(c)
            || (0xA9E0...0xA9FF).contains(c) || (0xAA60...0xAADF).contains(c)
    }

    /// Where lines of Thai, Lao, Khmer or Myanmar words may start inside a run of such text (character
    /// indices), from ICU's line break iterator and its dictionaries; empty for other text, or in a build
    /// without ICU (MapLibre's breaks only).
    package static func dictionaryBreaks(_ scalars: [UInt32]) -> Set<Int> {
        guard scalars.contains(where: isWrittenWithoutSpaces) else { return [] }
        var units: [UInt16] = []
        var characterOfUnit: [Int] = []
        units.reserveCapacity(scalars.count)
        for (i, c) in scalars.enumerated() {
            if c > 0xFFFF {
                let v = c - 0x10000
                units += [UInt16(0xD800 + (v >> 10)), UInt16(0xDC00 + (v & 0x3FF))]
                characterOfUnit += [i, i]
            } else {
                units.append(UInt16(truncatingIfNeeded: c))
                characterOfUnit.append(i)
            }
        }
        guard let offsets = try? ShapedClusters.segmenter.lineBreaks(in: units) else { return [] }
        var out: Set<Int> = []
        for offset in offsets where offset > 0 && offset < units.count {
            let i = characterOfUnit[offset]
            // only inside such text: elsewhere MapLibre's own rules decide
            if characterOfUnit[offset - 1] != i, isWrittenWithoutSpaces(scalars[i - 1]), isWrittenWithoutSpaces(scalars[i]) {
                out.insert(i)
            }
        }
        return out
    }

    /// Characters of the bidi class B (paragraph separators), which end a line in MapLibre Native.
    package static func isParagraphSeparator(_ c: UInt32) -> Bool {
        c == 0x0A || c == 0x0D || (0x1C...0x1E).contains(c) || c == 0x85 || c == 0x2029
    }

    package static func isWhitespace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C || c == 0x0D }

    package static func allowsWordBreaking(_ c: UInt32) -> Bool {
        [0x0A, 0x20, 0x26, 0x28, 0x29, 0x2B, 0x2D, 0x2F, 0xAD, 0xB7, 0x200B, 0x2010, 0x2013, 0x2027].contains(c)
    }

    /// Ideographic characters (CJK, kana, Hangul syllables…) that may break anywhere.
    package static func allowsIdeographicBreaking(_ c: UInt32) -> Bool {
        if c < 0x2E80 { return false }
        let ranges: [ClosedRange<UInt32>] = [0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x31FF, 0x3200...0x4DBF,
                                             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
                                             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FFFF]
        return ranges.contains { $0.contains(c) }
    }

    private struct PotentialBreak {
        var index: Int
        var x: Double
        var prior: Int?
        var badness: Double
    }

    private static func badness(_ lineWidth: Double, _ target: Double, _ penalty: Double, last: Bool) -> Double {
        let raggedness = (lineWidth - target) * (lineWidth - target)
        if last { return lineWidth < target ? raggedness / 2 : raggedness * 2 }
        return penalty < 0 ? raggedness - penalty * penalty : raggedness + penalty * penalty
    }

    private static func penalty(_ c: UInt32, _ next: UInt32, ideographic: Bool) -> Double {
        var p = 0.0
        if c == 0x0A { p -= 10000 }
        if c == 0x28 || c == 0xFF08 { p += 50 }
        if next == 0x29 || next == 0xFF09 { p += 50 }
        if ideographic { p += 150 }
        return p
    }

    /// Indices where lines start (the last is the text length), or none when `maxWidth` is 0. A line
    /// may break after character `i` where MapLibre breaks, or where `breaksAfter(i)`, unless
    /// `keepsTogether(i)` (inside a shaped cluster).
    package static func lineBreaks(_ text: [UInt32], maxWidth: Double, advance: (Int) -> Double,
                           breaksAfter: (Int) -> Bool = { _ in false },
                           keepsTogether: (Int) -> Bool = { _ in false }) -> Set<Int> {
        guard !text.isEmpty else { return [] }
        guard maxWidth > 0 else {
            // no wrapping, but newlines still break (MapLibre Native's paragraphs)
            guard text.contains(0x0A) else { return [] }
            return Set(text.indices.filter { text[$0] == 0x0A }.map { $0 + 1 } + [text.count])
        }
        var total = 0.0
        for i in text.indices { total += advance(i) }
        let lineCount = max(1, (total / maxWidth).rounded(.up))
        let target = total / lineCount
        let serverBreaks = text.contains(0x200B)
        var breaks: [PotentialBreak] = []
        // MapLibre compares each break with every earlier one (quadratic): for very long labels only
        // the last `window` candidates are weighed, so a pathological label cannot stall a render.
        let window = 512
        func evaluate(_ index: Int, _ x: Double, _ penalty: Double, last: Bool) -> PotentialBreak {
            var best: Int?
            var bestBadness = badness(x, target, penalty, last: last)
            for k in max(0, breaks.count - window)..<breaks.count {
                let b = breaks[k]
                let value = badness(x - b.x, target, penalty, last: last) + b.badness
                if value <= bestBadness {
                    best = k
                    bestBadness = value
                }
            }
            return PotentialBreak(index: index, x: x, prior: best, badness: bestBadness)
        }
        var x = 0.0
        for i in text.indices {
            let c = text[i]
            if !isWhitespace(c) { x += advance(i) }
            if i < text.count - 1, !keepsTogether(i) {
                let ideographic = allowsIdeographicBreaking(c)
                if ideographic || allowsWordBreaking(c) || breaksAfter(i) {
                    breaks.append(evaluate(i + 1, x, penalty(c, text[i + 1], ideographic: ideographic && serverBreaks), last: false))
                }
            }
        }
        let last = evaluate(text.count, x, 0, last: true)
        var out: Set<Int> = [last.index]
        var prior = last.prior
        while let p = prior {
            out.insert(breaks[p].index)
            prior = breaks[p].prior
        }
        return out
    }
}

/// Anchor positions of a symbol (`text-anchor`, `icon-anchor`), as alignment fractions.
package enum SymbolAnchorKind: Sendable {
    case center, left, right, top, bottom, topLeft, topRight, bottomLeft, bottomRight

    /// (horizontal, vertical) alignment: 0 left/top, 0.5 centre, 1 right/bottom.
    package var alignment: (Double, Double) {
        let h: Double
        switch self {
        case .right, .topRight, .bottomRight: h = 1
        case .left, .topLeft, .bottomLeft: h = 0
        default: h = 0.5
        }
        let v: Double
        switch self {
        case .bottom, .bottomLeft, .bottomRight: v = 1
        case .top, .topLeft, .topRight: v = 0
        default: v = 0.5
        }
        return (h, v)
    }

    /// The justification `text-justify: auto` takes for this anchor.
    package var autoJustification: Double {
        switch self {
        case .right, .topRight, .bottomRight: return 1
        case .left, .topLeft, .bottomLeft: return 0
        default: return 0.5
        }
    }
}
