import Foundation
import Fonts
import MercatorConformance
import MercatorTestSupport
import Rendering
import Testing
@testable import Mercator

/// Complex scripts drawn through the style's `font-faces` (issue 31): Devanagari, Bengali, Tamil and Thai
/// names, a mixed-script label, wrapped names and labels along lines, each checked against MapLibre
/// Native's image (`scripts/complex_script_cases.py`, the reference renderer) at the render suite's
/// threshold by the suite's own runner.
@Suite(.enabled(if: HarfBuzzFont.isAvailable, "HarfBuzz's shared library (libharfbuzz.so.0) is not installed"))
struct ComplexScriptRenderTests {
    static let noto = "/usr/share/fonts/truetype/noto"
    static let fonts = ["NotoSansDevanagari-Regular.ttf", "NotoSansBengali-Regular.ttf", "NotoSansTamil-Regular.ttf",
                        "NotoSansThai-Regular.ttf"]
    static var hasNoto: Bool { fonts.allSatisfy { FileManager.default.fileExists(atPath: "\(noto)/\($0)") } }
    static var suiteRoot: URL? { SharedFixtures.url("conformance/render-tests") }
    static var canRender: Bool {
        hasNoto && suiteRoot != nil && PlatformFeature.installedFonts.isAvailable
    }
    static let reason: Comment = "needs Noto Sans Devanagari, Bengali, Tamil and Thai (Debian's fonts-noto-core), ../shared (the suite's glyphs) and FreeType (the FreeType trait)"

    @Test("each case matches MapLibre Native's image at the suite's threshold",
          .enabled(if: canRender, reason),
          arguments: ["devanagari", "bengali", "tamil", "thai", "mixed", "wrapped", "line"])
    func matchesNative(_ name: String) throws {
        let root = try #require(Self.suiteRoot)
        let folder = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/complex-scripts"))
        let result = RenderTestRunner(root: root).run(RenderTest(identifier: "complex-scripts/\(name)", directory: folder))
        print("complex-scripts/\(name): \(result.differingPixels ?? -1) of \(result.allowedPixels) pixels allowed differ")
        #expect(result.error == nil, "\(result.error ?? "")")
        #expect(result.passed, "\(result.differingPixels ?? -1) pixels differ, \(result.allowedPixels) allowed")
    }

    static func map(_ style: String, root: URL? = nil) throws -> Map {
        let map = Map(style: try Style(document: StyleDocument(parsing: style)), camera: MapCamera(zoom: 5),
                      size: MapSize(width: 256, height: 128), localRoot: root, clientFonts: .disabled)
        map.settings.ideographicFontFallback = .disabled
        return map
    }

    static func style(faces: String, text: String = "नमस्ते") -> String {
        """
        {"version": 8, "glyphs": "local://glyphs/{fontstack}/{range}.pbf", "font-faces": \(faces),
         "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "t", "type": "symbol", "source": "p",
                     "layout": {"text-field": "\(text)", "text-font": ["Noto Sans Regular"]}}]}
        """
    }

    @Test("a face that cannot be read or opened is a warning at its JSON path; the label is drawn without it")
    func unreadableFaces() throws {
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-not-a-font-\(UUID()).ttf")
        try Data("not a font at all".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        let faces = """
        {"Noto Sans Regular": [{"url": "file:///nonexistent/NotoSansDevanagari.ttf", "unicode-range": ["U+0900-093F"]},
                               {"url": "file://\(garbage.path)", "unicode-range": ["U+0940-097F", "U+G"]}]}
        """
        let snapshot = try Self.map(Self.style(faces: faces)).snapshot()
        let warnings = snapshot.warnings.map { "\($0.path): \($0.message)" }
        #expect(warnings.contains { $0.hasPrefix("font-faces[\"Noto Sans Regular\"][0].url: file:///nonexistent/NotoSansDevanagari.ttf: no such font file") },
                "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("font-faces[\"Noto Sans Regular\"][1].url: file://\(garbage.path): ") && $0.contains("glyph PBFs") },
                "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("font-faces[\"Noto Sans Regular\"][1].unicode-range[1]: \"U+G\" is not a unicode range") },
                "\(warnings)")
        // reported once, not once per snapshot's label
        #expect(try Self.map(Self.style(faces: faces)).snapshot().warnings.count == snapshot.warnings.count)
    }

    @Test("hostile font-faces: wrong types, huge ranges, empty files never crash and draw the glyph PBFs")
    func hostileFaces() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-empty-\(UUID()).ttf")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        for faces in [#"[]"#, #"{"Noto Sans Regular": null}"#, #"{"Noto Sans Regular": [{"url": 3}]}"#,
                      #"{"Noto Sans Regular": [{"url": "file://\#(empty.path)", "unicode-range": ["U+0-10FFFF"]}]}"#,
                      #"{"Noto Sans Regular": [{"url": "", "unicode-range": ["U+??????", "U+0-0xFFFFFFFFF"]}]}"#] {
            let snapshot = try Self.map(Self.style(faces: faces, text: "नमस्ते abc")).snapshot()
            #expect(!snapshot.warnings.isEmpty, "\(faces)")
        }
    }

    @Test("labels shaped through font-faces are laid out once per tile, and again when their line breaking changes",
          .enabled(if: FileManager.default.fileExists(atPath: "\(noto)/NotoSansThai-Regular.ttf") && PlatformFeature.installedFonts.isAvailable
                   && PlatformFeature.rightToLeftText.isAvailable, "needs Noto Sans Thai (fonts-noto-core), FreeType and ICU"))
    func shapedLabelsInTheLayoutCache() throws {
        let style = """
        {"version": 8, "font-faces": {"Noto Sans Thai": "file://\(Self.noto)/NotoSansThai-Regular.ttf"},
         "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
         "layers": [{"id": "t", "type": "symbol", "source": "p",
                     "layout": {"text-field": "กรุงเทพมหานครอมรรัตนโกสินทร์", "text-font": ["Noto Sans Thai"], "text-max-width": 5}}]}
        """
        let map = try Self.map(style)
        let wrapped = try map.snapshot()
        #expect(wrapped.warnings.isEmpty, "\(wrapped.warnings)")
        let laidOut = map.buckets.statistics.layouts
        #expect(laidOut >= 1)
        #expect(try map.snapshot().image.pixels == wrapped.image.pixels)
        #expect(map.buckets.statistics.layouts == laidOut, "a second frame shapes nothing again")
        map.dictionaryLineBreaks = false
        let oneLine = try map.snapshot().image.pixels
        #expect(map.buckets.statistics.layouts > laidOut, "the labels are laid out again with the new line breaking")
        #expect(oneLine != wrapped.image.pixels)
        let reference = try Self.map(style)
        reference.dictionaryLineBreaks = false
        #expect(try reference.snapshot().image.pixels == oneLine)
    }

    @Test("Arabic text gets no letter spacing, as MapLibre's allowsLetterSpacing",
          .needsShared, .enabled(if: PlatformFeature.rightToLeftText.isAvailable, "needs ICU (the ICU trait)"))
    func arabicLetterSpacing() throws {
        let root = try #require(Self.suiteRoot)
        func render(_ spacing: Double) throws -> [UInt8] {
            let style = """
            {"version": 8, "glyphs": "local://glyphs/{fontstack}/{range}.pbf",
             "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "t", "type": "symbol", "source": "p",
                         "layout": {"text-field": "مكتبة", "text-letter-spacing": \(spacing),
                                    "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]}}]}
            """
            return try Self.map(style, root: root).snapshot().image.pixels
        }
        let plain = try render(0)
        #expect(plain.contains { $0 != 0 }, "the label is drawn")
        #expect(try render(0.5) == plain)
    }
}
