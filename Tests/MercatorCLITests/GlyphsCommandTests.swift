import Foundation
import Fonts
import Rendering
import Testing

@Suite("mercator glyphs, venue titles", .enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
struct GlyphsCommandTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-glyphs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("writes one PBF per range with glyphs, readable as MapLibre's")
    func writesRanges() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLIRunner.run(["glyphs", Self.dejaVu, "--stack", "DejaVu Sans Book", "-o", dir.path, "--ranges", "0-1023"])
        #expect(run.status == 0, "\(run.stderr)")
        let stack = dir.appendingPathComponent("DejaVu Sans Book")
        let files = try FileManager.default.contentsOfDirectory(atPath: stack.path).sorted()
        #expect(files == ["0-255.pbf", "256-511.pbf", "512-767.pbf", "768-1023.pbf"])
        let basic = try GlyphPBF.decode(Data(contentsOf: stack.appendingPathComponent("0-255.pbf")))
        #expect(basic.count == 191)
        #expect(basic[65]?.advance == 16 && basic[65]?.top == -5)
    }

    @Test("a missing font file or a bad range is a clear error")
    func errors() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try CLIRunner.run(["glyphs", "/nonexistent/x.ttf", "-o", dir.path])
        #expect(missing.status != 0 && missing.stderr.contains("/nonexistent/x.ttf"), "\(missing.stderr)")
        let range = try CLIRunner.run(["glyphs", Self.dejaVu, "-o", dir.path, "--ranges", "9-2"])
        #expect(range.status != 0 && range.stderr.contains("--ranges"), "\(range.stderr)")
    }

    @Test("venue style --glyphs-dir writes the titles' glyphs beside a style that points at them")
    func venueStyleGlyphs() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bundle = CLIRunner.repository.appendingPathComponent("Samples/harbourfront-galleria.zip").path
        let style = dir.appendingPathComponent("style.json"), glyphs = dir.appendingPathComponent("glyphs")
        let run = try CLIRunner.run(["venue", "style", bundle, "--glyphs-dir", glyphs.path, "-o", style.path])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOf: style, encoding: .utf8)
        #expect(text.contains("\"DejaVu Sans Book\"") && text.contains("file://\(glyphs.path)/{fontstack}/{range}.pbf"))
        #expect(FileManager.default.fileExists(atPath: glyphs.appendingPathComponent("DejaVu Sans Book/0-255.pbf").path))
        // the style renders with its titles from those files
        let png = dir.appendingPathComponent("floor.png")
        let render = try CLIRunner.run(["render", style.path, "--size", "1024x768", "-o", png.path])
        #expect(render.status == 0, "\(render.stderr)")
    }
}
