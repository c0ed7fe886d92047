import Foundation
import MercatorTestSupport
import Testing
@testable import Fonts

/// HarfBuzz loaded at run time (issue 31's first step): shaping turns text into positioned glyph ids with
/// the font's ligatures and reordering.
@Suite(.enabled(if: HarfBuzzFont.isAvailable, "HarfBuzz's shared library (libharfbuzz.so.0) is not installed"))
struct HarfBuzzShapingTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static var notoFolder: URL? { SharedFixtures.url("conformance/render-tests/glyphs/Noto Sans Regular") }
    static var hasNoto: Bool { notoFolder.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("khmer.ttf").path) } ?? false }

    static func font(_ path: String) throws -> HarfBuzzFont {
        try HarfBuzzFont(fontData: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("Latin shapes one glyph per letter, left to right, with positive advances",
          .enabled(if: FileManager.default.fileExists(atPath: dejaVu), "DejaVu Sans is not installed"))
    func latin() throws {
        let font = try Self.font(Self.dejaVu)
        #expect(font.unitsPerEm == 2048)
        let glyphs = try font.shape("Hello")
        #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
        #expect(glyphs.allSatisfy { $0.xAdvance > 0 && $0.glyphID != 0 })
        #expect(glyphs[2].glyphID == glyphs[3].glyphID)  // the two l's
    }

    @Test("Arabic lam-alef becomes one ligature glyph, and runs come out right to left",
          .enabled(if: FileManager.default.fileExists(atPath: dejaVu), "DejaVu Sans is not installed"))
    func arabic() throws {
        let font = try Self.font(Self.dejaVu)
        let ligature = try font.shape("\u{0644}\u{0627}")   // lam, alef
        #expect(ligature.count == 1)
        let salam = try font.shape("\u{0633}\u{0644}\u{0627}\u{0645}")  // salam: seen, lam-alef, meem
        #expect(salam.count == 3)
        #expect(salam.map(\.cluster) == [3, 1, 0])            // visual order: the last letter first
        // the isolated seen differs from the initial one used in the word
        #expect(try font.shape("\u{0633}")[0].glyphID != salam[2].glyphID)
    }

    @Test("Khmer subscript consonants and Devanagari pre-base vowels are shaped, not drawn one code point at a time",
          .needsShared("conformance/render-tests/glyphs/Noto Sans Regular/khmer.ttf", "the render suite's Noto Sans fonts"))
    func indicAndKhmer() throws {
        let folder = try #require(Self.notoFolder)
        let khmer = try Self.font(folder.appendingPathComponent("khmer.ttf").path)
        // ka, coeng, ka: the second ka becomes a subscript glyph under the first
        let stacked = try khmer.shape("\u{1780}\u{17D2}\u{1780}")
        #expect(stacked.count == 2)
        #expect(stacked[1].glyphID != stacked[0].glyphID)
        let devanagari = try Self.font(folder.appendingPathComponent("devanagari.ttf").path)
        // ka + vowel sign i: the vowel sign is drawn before the consonant
        let ki = try devanagari.shape("\u{0915}\u{093F}")
        let ka = try devanagari.shape("\u{0915}")
        #expect(ki.count == 2)
        #expect(ki[0].glyphID != ka[0].glyphID)
        #expect(ki[1].glyphID == ka[0].glyphID)
    }

    @Test("bad font data is a typed error, and so is a run outside the text; script codes pack as HB_TAG")
    func errors() throws {
        #expect(throws: TextShapingError.invalidFont(index: 0, bytes: 4)) { try HarfBuzzFont(fontData: Data([0, 1, 2, 3])) }
        #expect(HarfBuzzFont.scriptTag("Arab") == 0x4172_6162)
        #expect(HarfBuzzFont.scriptTag("khmr") == 0x4B68_6D72)
    }

    @Test("a run outside the text is a typed error", .enabled(if: FileManager.default.fileExists(atPath: dejaVu), "DejaVu Sans is not installed"))
    func runOutsideText() throws {
        let font = try Self.font(Self.dejaVu)
        #expect(throws: TextShapingError.shapingFailed(utf16Offset: 2, length: 8)) { try font.shape("abc", range: 2..<10) }
    }
}
