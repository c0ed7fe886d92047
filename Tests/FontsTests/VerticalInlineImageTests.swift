import Testing
@testable import Fonts

/// Inline images of formatted text in vertical writing mode, as MapLibre Native's `shapeLines` lays them out.
struct VerticalInlineImageTests {
    /// An image of a given CSS size.
    private struct Image: InlineImage {
        var displaySize: (Double, Double)
    }

    private static let glyph = Glyph(codePoint: 0x5730, width: 10, height: 10, left: 1, top: -2, advance: 17,
                                     bitmap: [UInt8](repeating: 0, count: 16 * 16))

    private static func shape(_ sections: [TextShaping.Section], vertical: Bool) -> TextShaping {
        let options = TextShaping.Options(maxWidth: 0, lineHeight: 24, letterSpacing: 0, anchor: .center, justify: 0,
                                          offset: (0, 0), vertical: vertical)
        return TextShaping(sections: sections, options: options) { c, _ in c == 0x5730 ? glyph : nil }
    }

    @Test("upright in vertical text, an image advances by its height and its width pushes the column over")
    func uprightImage() {
        let sections: [TextShaping.Section] = [.init(image: Image(displaySize: (40, 10)), scale: 1),
                                               .init(text: "地", fontStack: ["x"], scale: 1)]
        let vertical = Self.shape(sections, vertical: true)
        let glyphs = vertical.lines.flatMap { $0 }
        #expect(glyphs.count == 2 && glyphs.allSatisfy(\.vertical))
        #expect(glyphs[0].advance == 10)
        #expect(glyphs[1].x - glyphs[0].x == 10, "the next glyph follows the image's height")
        #expect(vertical.lineOffsets == [16], "40 wide, 16 more than one em")
        #expect(vertical.right - vertical.left == 34, "the column is as long as the image's height and one em")

        let horizontal = Self.shape(sections, vertical: false)
        #expect(horizontal.lines[0][1].x - horizontal.lines[0][0].x == 40, "across a line it advances by its width")
        #expect(horizontal.lineOffsets == [0], "10 high, it fits the line")
    }

    @Test("a line's offset is at least its largest font-scale's growth past one em")
    func scaledLine() {
        let shaping = Self.shape([.init(text: "地", fontStack: ["x"], scale: 1.5)], vertical: true)
        #expect(shaping.lineOffsets == [12])
    }
}
