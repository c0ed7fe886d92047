import Foundation
import MercatorTestSupport
import Testing

/// `render`, `query` and `animate` draw what they can of a style whose source, glyphs and sprite cannot be
/// read, and say so on standard error: one line per missing resource, each once.
@Suite struct MissingResourceCommandTests {
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-missing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A style with a missing GeoJSON file, glyphs on `glyphs` (which answers 404), a missing sprite, and
    /// labels in `font` over a red dot that can be drawn.
    static func style(glyphs: String, font: String) -> String {
        """
        {"version": 8, "center": [0, 0], "zoom": 2, "sprite": "missing-sprite", "glyphs": "\(glyphs)/fonts/{fontstack}/{range}.pbf",
         "sources": {"gone": {"type": "geojson", "data": "gone.geojson"},
                     "here": {"type": "geojson", "data": {"type": "MultiPoint", "coordinates": [[0, 0], [20, 10], [-30, -10]]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ddeeff"}},
                    {"id": "gone-dots", "type": "circle", "source": "gone"},
                    {"id": "dot", "type": "circle", "source": "here", "paint": {"circle-radius": 8, "circle-color": "#ff0000"}},
                    {"id": "label", "type": "symbol", "source": "here", "layout": {"text-field": "Abc Ж", "text-font": ["\(font)"], "text-offset": [0, 2]}}]}
        """
    }

    @Test("render prints one line each for a missing source file, a glyph URL that 404s and a missing sprite, and writes the picture")
    func renderSaysWhatIsMissing() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LoopbackHTTPServer { _, _ in .init(status: 404) }
        defer { server.stop() }
        let style = dir.appendingPathComponent("style.json"), png = dir.appendingPathComponent("out.png")
        try Data(Self.style(glyphs: server.baseURL, font: "DejaVu Sans").utf8).write(to: style)
        let r = try CLIRunner.run(["render", style.path, "-o", png.path, "--size", "256x256"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: png.path), "the picture is still written")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("sources.gone") && $0.contains("gone.geojson") }.count == 1, "\(lines)")
        // two ranges (Latin and Cyrillic) and two snapshots' worth of labels: the font stack is named once
        #expect(lines.filter { $0.contains("glyphs: font stack \"DejaVu Sans\"") && $0.contains("\(server.baseURL)/fonts/DejaVu%20Sans/") && $0.contains("not found") }.count == 1,
                "\(lines)")
        #expect(lines.filter { $0.contains("sprite: ") && $0.contains("missing-sprite") }.count == 1, "\(lines)")
        #expect(Set(lines).count == lines.count, "no line twice: \(lines)")
    }

    @Test("a font stack that no glyphs serve and no installed font has is named once; query and animate say what is missing too")
    func fontStackQueryAndAnimate() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try LoopbackHTTPServer { _, _ in .init(status: 404) }
        defer { server.stop() }
        let style = dir.appendingPathComponent("style.json")
        try Data(Self.style(glyphs: server.baseURL, font: "Nowhere Sans Regular").utf8).write(to: style)
        let png = dir.appendingPathComponent("out.png")
        let r = try CLIRunner.run(["render", style.path, "-o", png.path, "--size", "128x128"])
        #expect(r.status == 0, "\(r.stderr)")
        let stack = r.stderr.split(separator: "\n").filter { $0.contains("font stack \"Nowhere Sans Regular\"") && !$0.contains(server.baseURL) }
        #expect(stack.count == 1, "\(r.stderr)")

        let q = try CLIRunner.run(["query", style.path, "--point", "64,64", "--size", "128x128"])
        #expect(q.status == 0, "\(q.stderr)")
        #expect(q.stderr.split(separator: "\n").filter { $0.contains("sources.gone") }.count == 1, "\(q.stderr)")
        #expect(q.stderr.split(separator: "\n").filter { $0.contains("sprite: ") }.count == 1, "\(q.stderr)")

        let frames = dir.appendingPathComponent("frames")
        let a = try CLIRunner.run(["animate", style.path, "-o", frames.path, "--size", "64x64", "--fly-to", "5,5,3", "--duration", "0.5", "--fps", "4"])
        #expect(a.status == 0, "\(a.stderr)")
        let lines = a.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("sources.gone") }.count == 1, "one line for every frame: \(lines)")
        #expect(lines.filter { $0.contains("glyphs: ") && $0.contains(server.baseURL) }.count == 1, "\(lines)")
    }
}
