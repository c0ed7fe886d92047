import Foundation
import MercatorTestSupport
import Testing
@testable import Fonts

/// Glyphs by glyph id for HarfBuzz's shaping (issue 31): MapLibre Native's metrics for shaped glyphs, faces
/// from a font file's bytes, installed fonts for complex scripts.
@Suite(.enabled(if: PlatformFeature.installedFonts.isAvailable, "needs FreeType (the FreeType trait)"))
struct ShapedGlyphTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test("a glyph id is drawn as Native's HBShaper draws it: hinted, top from the bitmap less 27, whole-pixel advance",
          .enabled(if: FileManager.default.fileExists(atPath: dejaVu), "DejaVu Sans is not installed"))
    func nativeMetrics() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu))
        let face = try FontFace(data: data, name: "DejaVuSans.ttf")
        #expect(face.familyName == "DejaVu Sans")
        let rasterizer = GlyphRasterizer()
        // the glyph id of "A" in DejaVu Sans is 36 (cmap), its code point glyph is 65
        let byID = try #require(rasterizer.shapedGlyph(36, in: face))
        let byCode = try #require(rasterizer.glyph(65, in: face))
        #expect(byID.codePoint == 36)
        #expect(byID.advance == 16 && byID.advance == byCode.advance)
        #expect(byID.top == 18 - 27, "the hinted bitmap top is 18 pixels above the baseline at 24 px")
        #expect(byID.width > 0 && byID.bitmap.count == (byID.width + 6) * (byID.height + 6))
        #expect(byID.bitmap.contains { $0 >= 192 }, "the outline sits at 192 as in the glyph PBFs")
        #expect(rasterizer.shapedGlyph(1_000_000, in: face) == nil)
    }

    @Test("bad font bytes are typed errors naming where they came from")
    func badBytes() throws {
        #expect(throws: FontError.notAFont(path: "https://example.com/empty.ttf", code: 0)) {
            try FontFace(data: Data(), name: "https://example.com/empty.ttf")
        }
        #expect {
            try FontFace(data: Data("not a font".utf8), name: "junk.ttf")
        } throws: { error in
            guard case FontError.notAFont(let path, _) = error else { return false }
            return path == "junk.ttf"
        }
        if HarfBuzzFont.isAvailable {
            #expect(throws: ShapingFaceError.shaping(.invalidFont(index: 0, bytes: 10))) {
                try ShapingFace.open(data: Data("not a font".utf8), source: "junk.ttf")
            }
        }
    }

    @Test("one face shapes and draws from several threads at once as it does from one",
          .enabled(if: HarfBuzzFont.isAvailable && FileManager.default.fileExists(atPath: dejaVu), "needs HarfBuzz and DejaVu Sans"))
    func concurrentShaping() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu))
        // runs of one to forty words (Latin and Arabic, ligatures and marks): the lent output buffer grows,
        // shrinks and changes hands between threads, and every run is shaped twice at once
        let words = ["Hamburg", "ffi", "سلام", "الله", "Ǻ̈", "Wa", "مرحبا بالعالم"]
        let texts = (0..<240).map { n in (0...(n % 40)).map { words[($0 + n) % words.count] }.joined(separator: " ") }
        let arabic = HarfBuzzFont.scriptTag("Arab"), latin = HarfBuzzFont.scriptTag("Latn")
        @Sendable func run(_ i: Int) -> (units: [UInt16], script: UInt32, rightToLeft: Bool) {
            (Array(texts[i].utf16), i % 2 == 0 ? latin : arabic, i % 2 == 1)
        }
        let serialFace = try ShapingFace.open(data: data, source: Self.dejaVu)
        let expected = texts.indices.map { i in
            let r = run(i)
            return serialFace.shape(r.units, script: r.script, rightToLeft: r.rightToLeft)
        }
        #expect(expected.allSatisfy { !$0.isEmpty })
        let shared = try ShapingFace.open(data: data, source: Self.dejaVu)
        let results = Results(count: texts.count * 2)
        DispatchQueue.concurrentPerform(iterations: texts.count * 2) { k in
            let r = run(k % texts.count)
            let shaped = shared.shape(r.units, script: r.script, rightToLeft: r.rightToLeft)
            let drawn = shaped.prefix(3).filter { $0.glyphID != 0 }.map { shared.glyph($0.glyphID)?.bitmap }
            results.set(k, shaped, drawn)
        }
        for k in 0..<texts.count * 2 {
            let i = k % texts.count
            let (shaped, drawn) = results.get(k)
            #expect(shaped == expected[i], "\(texts[i])")
            #expect(drawn == expected[i].prefix(3).filter { $0.glyphID != 0 }.map { serialFace.glyph($0.glyphID)?.bitmap })
        }
    }

    /// What each concurrent shaping gave, by iteration.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var shaped: [[FaceGlyph]]
        private var drawn: [[[UInt8]?]]
        init(count: Int) {
            shaped = Array(repeating: [], count: count)
            drawn = Array(repeating: [], count: count)
        }
        func set(_ k: Int, _ s: [FaceGlyph], _ d: [[UInt8]?]) { lock.withLock { shaped[k] = s; drawn[k] = d } }
        func get(_ k: Int) -> ([FaceGlyph], [[UInt8]?]) { lock.withLock { (shaped[k], drawn[k]) } }
    }

    @Test("the ranges installed fonts shape leave out what the glyph PBFs serve")
    func unservedRanges() {
        #expect(InstalledShapingFaces.unserved(0x0900...0x097F, { _ in false }) == [0x0900...0x097F])
        #expect(InstalledShapingFaces.unserved(0x0900...0x097F, { $0 == 9 }).isEmpty)
        #expect(InstalledShapingFaces.unserved(0x0E00...0x0FFF, { $0 == 0x0E }) == [0x0F00...0x0FFF])
        #expect(InstalledShapingFaces.unserved(0x10F0...0x1210, { $0 == 0x11 }) == [0x10F0...0x10FF, 0x1200...0x1210])
    }

    @Test("installed Noto fonts shape Devanagari, Khmer and Thai for a stack that names none of them",
          .enabled(if: HarfBuzzFont.isAvailable && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"),
                   "needs HarfBuzz and Debian's fonts-noto-core"))
    func installedFaces() throws {
        let faces = InstalledShapingFaces.shared.faces(for: ["Noto Sans Regular"]) { _ in false }
        func face(for c: UInt32) -> ShapingFace? { faces.first { $0.ranges.contains { $0.contains(c) } }?.face }
        let devanagari = try #require(face(for: 0x0915))
        #expect(devanagari.source.hasSuffix("NotoSansDevanagari-Regular.ttf"))
        #expect(face(for: 0x1780) != nil && face(for: 0x0E01) != nil)
        #expect(face(for: 0x41) == nil, "Latin keeps the code-point glyphs")
        // a script the glyph PBFs serve stays with them
        let served = InstalledShapingFaces.shared.faces(for: ["Noto Sans Regular"]) { $0 == 9 }
        #expect(!served.contains { $0.ranges.contains { $0.contains(0x0915) } })
        #expect(!devanagari.shape(Array("नमस्ते".utf16), script: HarfBuzzFont.scriptTag("Deva"), rightToLeft: false).isEmpty)
    }
}
