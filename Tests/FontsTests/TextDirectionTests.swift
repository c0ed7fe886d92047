import Testing
@testable import Fonts

/// Right-to-left and vertical text: ICU's Arabic shaping and bidi order, vertical punctuation.
@Suite(.enabled(if: PlatformFeature.rightToLeftText.isAvailable, "needs right-to-left text (the ICU trait)"))
struct TextDirectionTests {
    @Test("Latin text keeps its order; a Hebrew run is reversed; mirrored brackets in right-to-left runs")
    func bidiOrder() {
        let latin = Array("abc".unicodeScalars.map(\.value))
        #expect(BidiText.visualLines(latin, lines: [0..<3]).map { $0.map(\.index) } == [[0, 1, 2]])
        let hebrew = Array("שלום".unicodeScalars.map(\.value))
        #expect(BidiText.visualLines(hebrew, lines: [0..<4]).map { $0.map(\.index) } == [[3, 2, 1, 0]])
        let mixed = Array("ab שלום".unicodeScalars.map(\.value))
        #expect(BidiText.visualLines(mixed, lines: [0..<7])[0].map(\.index) == [0, 1, 2, 6, 5, 4, 3])
        let bracket = Array("(שלום)".unicodeScalars.map(\.value))
        let line = BidiText.visualLines(bracket, lines: [0..<6])[0]
        #expect(line.first?.character == UInt32(("(" as Unicode.Scalar).value), "the closing bracket, mirrored, comes first")
        #expect(line.first?.index == 5)
    }

    @Test("each line is ordered on its own, the paragraph's direction from its first strong character")
    func lines() {
        let text = Array("אב cd".unicodeScalars.map(\.value))
        let lines = BidiText.visualLines(text, lines: [0..<3, 3..<5])
        #expect(lines[0].map(\.index) == [2, 1, 0])
        #expect(lines[1].map(\.index) == [3, 4])
    }

    @Test("a right-to-left run's first character takes the section of its second, as in MapLibre Native")
    func runStartStyle() {
        // "אב cd אב": the runs [אב ] and [ אב] are right to left, "cd" left to right between them
        let text = Array("אב cd אב".unicodeScalars.map(\.value))
        let line = BidiText.visualLines(text, lines: [0..<8])[0]
        #expect(line.map(\.index) == [7, 6, 5, 3, 4, 2, 1, 0])
        #expect(line.map(\.styleIndex) == [7, 6, 6, 3, 4, 2, 1, 1], "the space before the second run is styled as its letter")
        let sections: [TextShaping.Section] = [
            .init(text: "אב", fontStack: ["a"], scale: 1.5), .init(text: " ", fontStack: ["a"], scale: 1),
            .init(text: "cd", fontStack: ["b"], scale: 0.5), .init(text: " ", fontStack: ["a"], scale: 1),
            .init(text: "אב", fontStack: ["a"], scale: 1.5),
        ]
        let options = TextShaping.Options(maxWidth: 0, lineHeight: 24, letterSpacing: 0, anchor: .center, justify: 0.5, offset: (0, 0))
        let shaping = TextShaping(sections: sections, options: options) { c, _ in
            Glyph(codePoint: c, width: 4, height: 4, left: 0, top: 0, advance: 6, bitmap: [UInt8](repeating: 0, count: 100))
        }
        let spaces = shaping.lines[0].filter { $0.glyph.codePoint == 0x20 }
        #expect(spaces.map(\.scale) == [1.5, 1], "the left space at the Hebrew scale, the right one at its own")
        #expect(spaces.map(\.section) == [4, 1])
    }

    @Test("Arabic letters join into presentation forms; other text is untouched")
    func arabicShaping() {
        let shaped = BidiText.shapingArabic("مكتبة")
        #expect(shaped.unicodeScalars.allSatisfy { (0xFE70...0xFEFF).contains($0.value) }, "\(shaped.unicodeScalars.map(\.value))")
        #expect(BidiText.shapingArabic("Map 42") == "Map 42")
    }

    @Test("vertical text: CJK punctuation takes its vertical forms; CJK stands upright, one em apart")
    func vertical() {
        #expect(TextShaping.verticalizingPunctuation("地図，本") == "地図︐本")
        #expect(TextShaping.verticalizingPunctuation("a,b") == "a,b", "between Latin letters punctuation stays")
        #expect(TextShaping.hasUprightVerticalOrientation(0x5730) && !TextShaping.hasUprightVerticalOrientation(0x41))
        let glyph = Glyph(codePoint: 0x5730, width: 10, height: 10, left: 1, top: -2, advance: 17,
                          bitmap: [UInt8](repeating: 0, count: 16 * 16))
        let options = TextShaping.Options(maxWidth: 0, lineHeight: 24, letterSpacing: 0, anchor: .center, justify: 0.5,
                                          offset: (0, 0), vertical: true, uprightOnly: true)
        let shaping = TextShaping(sections: [.init(text: "地地", fontStack: ["x"], scale: 1)], options: options) { c, _ in
            c == 0x5730 ? glyph : nil
        }
        let glyphs = shaping.lines.flatMap { $0 }
        #expect(glyphs.count == 2 && glyphs.allSatisfy(\.vertical))
        #expect(glyphs[1].x - glyphs[0].x == 24, "upright glyphs advance one em")
    }
}
