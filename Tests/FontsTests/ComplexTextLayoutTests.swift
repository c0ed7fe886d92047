import Foundation
import MercatorTestSupport
import Testing
@testable import Fonts

/// Labels laid out from HarfBuzz's clusters where a font face covers their text (issue 31): clusters measured
/// once, never broken inside, moved as one; dictionary line breaks for scripts written without spaces;
/// MapLibre Native's bidi paragraphs and controls.
@Suite(.enabled(if: HarfBuzzFont.isAvailable, "HarfBuzz's shared library (libharfbuzz.so.0) is not installed"))
struct ComplexTextLayoutTests {
    static var notoFolder: URL? { SharedFixtures.url("conformance/render-tests/glyphs/Noto Sans Regular") }
    static var hasSuiteNoto: Bool {
        notoFolder.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("khmer.ttf").path) } ?? false
    }
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let notoThai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"

    /// Draws every glyph id as a 10x10 box advancing 10 pixels (the layout, not the outlines, is tested here).
    struct BoxGlyphs: GlyphIDRasterizing {
        func sdfGlyph(id: UInt32) -> Glyph? {
            Glyph(codePoint: id, width: 10, height: 10, left: 0, top: -10, advance: 10, bitmap: [UInt8](repeating: 200, count: 256))
        }
    }

    /// One face covering `ranges` for the font stack `["F"]`.
    struct Faces: ShapingFaceProviding {
        let face: ShapingFace
        let ranges: [ClosedRange<UInt32>]
        func faces(for fontStack: [String]) -> [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] {
            fontStack == ["F"] ? [(ranges, face)] : []
        }
    }

    static func faces(_ path: String, _ ranges: [ClosedRange<UInt32>]) throws -> Faces {
        let font = try HarfBuzzFont(fontData: try Data(contentsOf: URL(fileURLWithPath: path)), pixelsPerEm: 24)
        return Faces(face: ShapingFace(source: path, font: font, rasterizer: BoxGlyphs()), ranges: ranges)
    }

    /// Latin from a fake PBF: 12-pixel glyphs, a 6-pixel space.
    static func pbf(_ c: UInt32, _ stack: [String]) -> Glyph? {
        Glyph(codePoint: c, width: c == 0x20 ? 0 : 8, height: c == 0x20 ? 0 : 8, left: 0, top: -8,
              advance: c == 0x20 ? 6 : 12, bitmap: c == 0x20 ? [] : [UInt8](repeating: 200, count: 196))
    }

    static func options(maxWidth: Double = 0, spacing: Double = 0, justify: Double = 0.5) -> TextShaping.Options {
        TextShaping.Options(maxWidth: maxWidth, lineHeight: 24, letterSpacing: spacing, anchor: .center, justify: justify, offset: (0, 0))
    }

    static func shape(_ text: String, _ faces: Faces, _ options: TextShaping.Options) -> TextShaping {
        TextShaping(sections: [.init(text: text, fontStack: ["F"], scale: 1)], options: options, faces: faces, lookup: pbf)
    }

    @Test("a Khmer subscript consonant is one cluster with its base: two glyphs, one place on a line",
          .needsShared("conformance/render-tests/glyphs/Noto Sans Regular/khmer.ttf", "the render suite's Noto Sans fonts"))
    func khmerCluster() throws {
        let folder = try #require(Self.notoFolder)
        let faces = try Self.faces(folder.appendingPathComponent("khmer.ttf").path, [0x1780...0x17FF])
        // ka, coeng, ka, then ka
        let shaping = Self.shape("\u{1780}\u{17D2}\u{1780}\u{1780}", faces, Self.options())
        let glyphs = shaping.lines.flatMap { $0 }
        #expect(glyphs.count == 3)
        #expect(glyphs[0].clusterMiddle == glyphs[1].clusterMiddle, "the subscript goes with its base along a line")
        #expect(glyphs[2].clusterMiddle != glyphs[0].clusterMiddle)
        #expect(glyphs[1].y != glyphs[0].y || glyphs[1].glyph.codePoint != glyphs[0].glyph.codePoint)
        // the label is centred on the anchor: its box is as wide as the two clusters' advances
        #expect(abs(shaping.left + shaping.right) < 0.001)
        #expect(shaping.right - shaping.left > 20)
    }

    @Test("text-max-width breaks Devanagari at spaces, never inside a cluster, and justification uses the clusters",
          .needsShared("conformance/render-tests/glyphs/Noto Sans Regular/khmer.ttf", "the render suite's Noto Sans fonts"))
    func devanagariLines() throws {
        let folder = try #require(Self.notoFolder)
        let faces = try Self.faces(folder.appendingPathComponent("devanagari.ttf").path, [0x0900...0x097F])
        let text = "विशाखापत्तनम नगर निगम क्षेत्र"
        let one = Self.shape(text, faces, Self.options())
        #expect(one.lines.count == 1)
        let wrapped = Self.shape(text, faces, Self.options(maxWidth: 5 * 24, justify: 0))
        #expect(wrapped.lines.count == 3, "\(wrapped.lines.map(\.count))")
        // left-justified lines start at the same x; clusters of a line advance left to right
        let starts = wrapped.lines.map { $0.map(\.x).min() ?? 0 }
        #expect(starts.allSatisfy { abs($0 - starts[0]) < 2 })
        for line in wrapped.lines {
            let middles = line.compactMap(\.clusterMiddle)
            #expect(middles == middles.sorted())
        }
        // every shaped glyph is drawn once (the spaces the lines end on are trimmed)
        let shapedCount = wrapped.lines.map { $0.filter { $0.clusterMiddle != nil }.count }.reduce(0, +)
        #expect(shapedCount == one.lines[0].filter { $0.clusterMiddle != nil }.count)
    }

    @Test("letter spacing goes between clusters, not between a base and its marks",
          .needsShared("conformance/render-tests/glyphs/Noto Sans Regular/khmer.ttf", "the render suite's Noto Sans fonts"))
    func letterSpacing() throws {
        let folder = try #require(Self.notoFolder)
        let faces = try Self.faces(folder.appendingPathComponent("devanagari.ttf").path, [0x0900...0x097F])
        let text = "हिंदी"  // ha + vowel sign i (drawn first) + anusvara; da + vowel sign ii
        let plain = Self.shape(text, faces, Self.options(justify: 0)).lines[0]
        let spaced = Self.shape(text, faces, Self.options(spacing: 12, justify: 0)).lines[0]
        #expect(plain.count == spaced.count)
        let clusters = Set(plain.compactMap(\.clusterMiddle)).count
        #expect(clusters == 2)
        // within a cluster the glyphs keep their offsets; each later cluster moves by 12 once
        let firstMiddle = plain[0].clusterMiddle!
        for (p, s) in zip(plain, spaced) {
            let shift = p.clusterMiddle == firstMiddle ? 0.0 : 12.0
            #expect(abs(s.x - p.x - shift - (spaced[0].x - plain[0].x)) < 0.001)
        }
    }

    @Test("Arabic a face covers is shaped by HarfBuzz right to left: one lam-alef ligature, the last letter leftmost",
          .enabled(if: FileManager.default.fileExists(atPath: dejaVu) && PlatformFeature.rightToLeftText.isAvailable,
                   "needs DejaVu Sans and right-to-left text (the ICU trait)"))
    func arabicThroughAFace() throws {
        let faces = try Self.faces(Self.dejaVu, [0x0600...0x06FF])
        let font = try HarfBuzzFont(fontData: try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)), pixelsPerEm: 24)
        // seen, lam, alef, meem
        let salam = "\u{0633}\u{0644}\u{0627}\u{0645}"
        let expected = try font.shape(salam).map(\.glyphID)
        #expect(expected.count == 3)
        let line = Self.shape(salam, faces, Self.options()).lines[0]
        #expect(line.sorted { $0.x < $1.x }.map(\.glyph.codePoint) == expected, "HarfBuzz's visual order, left to right")
        // Latin before it stays on the left
        let mixed = Self.shape("ab " + salam, faces, Self.options()).lines[0]
        #expect(mixed.sorted { $0.x < $1.x }.prefix(2).map(\.glyph.codePoint) == [0x61, 0x62])
    }

    @Test("ICU's dictionaries find Thai and Khmer word boundaries; other text gets none",
          .enabled(if: PlatformFeature.rightToLeftText.isAvailable, "needs ICU (the ICU trait)"))
    func dictionaryBreaks() {
        let thai = Array("ภาษาไทยง่ายนิดเดียว".unicodeScalars.map(\.value))
        let breaks = TextShaping.dictionaryBreaks(thai)
        #expect(breaks.contains(4) && breaks.contains(7), "after ภาษา and ไทย: \(breaks.sorted())")
        #expect(breaks.allSatisfy { $0 > 0 && $0 < thai.count })
        #expect(TextShaping.dictionaryBreaks(Array("New Delhi नई दिल्ली".unicodeScalars.map(\.value))).isEmpty)
        let khmer = Array("ក្នុងរយៈពេលបីនាទី".unicodeScalars.map(\.value))
        #expect(!TextShaping.dictionaryBreaks(khmer).isEmpty)
    }

    @Test("a long Thai label wraps at word boundaries with dictionary breaks, and stays on one line as MapLibre without",
          .enabled(if: FileManager.default.fileExists(atPath: notoThai) && PlatformFeature.rightToLeftText.isAvailable,
                   "needs Noto Sans Thai (Debian's fonts-noto-core) and ICU (the ICU trait)"))
    func thaiWrapping() throws {
        let faces = try Self.faces(Self.notoThai, [0x0E00...0x0E7F])
        let text = "กรุงเทพมหานครอมรรัตนโกสินทร์มหินทรายุธยามหาดิลก"
        var options = Self.options(maxWidth: 6 * 24)
        let wrapped = Self.shape(text, faces, options)
        #expect(wrapped.lines.count > 1)
        options.dictionaryLineBreaks = false
        #expect(Self.shape(text, faces, options).lines.count == 1)
    }

    @Test("bidi paragraph separators end lines and bidi controls are not drawn, as in MapLibre Native")
    func paragraphsAndControls() {
        func lines(_ text: String) -> [Int] {
            TextShaping(sections: [.init(text: text, fontStack: ["x"], scale: 1)], options: Self.options(), lookup: Self.pbf)
                .lines.map(\.count)
        }
        #expect(lines("ab\u{001C}cd") == [3, 2])   // the separator itself is drawn as any other glyph the font has
        #expect(lines("ab\ncd") == [2, 2])
        #expect(lines("ab\r\ncd") == [2, 2])
        #expect(lines("a\u{200E}b\u{2067}c\u{2069}") == [3])
    }
}
