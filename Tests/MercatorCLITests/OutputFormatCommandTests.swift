import Foundation
import Fonts
import Rendering
import Testing

/// Issue 40: `-o` writes the format its extension names or refuses; `--quality`; `--version`; one name
/// per option (hidden aliases kept); progress lines with an ETA when standard error is not a terminal.
@Suite struct OutputFormatCommandTests {
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-output-cli-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let geojson = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}}]}"#
        try! Data(geojson.utf8).write(to: dir.appendingPathComponent("square.geojson"))
        return dir
    }()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func render(_ output: String, _ extra: [String] = []) throws -> CLIRunner.Output {
        try CLIRunner.run(["render", path("square.geojson"), "--size", "64x48", "-o", path(output)] + extra)
    }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    @Test("-o x.jpg / .jpeg writes JPEG (with the LibJPEG trait), --quality changes it; else a typed refusal naming the trait")
    func jpeg() throws {
        let high = try Self.render("high.jpg", ["--quality", "95"])
        let upper = try Self.render("upper.JPEG", ["--quality", "20"])
        if PlatformFeature.jpegDecoding.isAvailable {
            #expect(high.status == 0, "\(high.stderr)")
            #expect(upper.status == 0, "\(upper.stderr)")
            let a = try Self.bytes("high.jpg"), b = try Self.bytes("upper.JPEG")
            #expect(a.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(b.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(a != b)
            // It decodes to the requested size in device pixels.
            let image = try RasterDecoding.decode(Data(a))
            #expect(image.width == 64 && image.height == 48)
            let plain = try Self.render("plain.jpeg")
            #expect(plain.status == 0)
            #expect(try Self.bytes("plain.jpeg").starts(with: [0xFF, 0xD8, 0xFF]))
        } else {
            #expect(high.status != 0)
            #expect(high.stderr.contains("LibJPEG"))
            #expect(!FileManager.default.fileExists(atPath: Self.path("high.jpg")))
        }
    }

    @Test("-o x.webp writes WebP (lossless, or lossy with --quality) when libwebp loads, else says what to install")
    func webp() throws {
        let lossless = try Self.render("a.webp")
        let lossy = try Self.render("b.webp", ["--quality", "50"])
        if !lossless.stderr.contains("libwebp") {
            #expect(lossless.status == 0, "\(lossless.stderr)")
            #expect(lossy.status == 0, "\(lossy.stderr)")
            let a = try Self.bytes("a.webp"), b = try Self.bytes("b.webp")
            #expect(Array(a[8..<12]) == Array("WEBP".utf8))
            #expect(Array(a[12..<16]) == Array("VP8L".utf8))
            #expect(Array(b[12..<16]) == Array("VP8 ".utf8))
        } else {
            #expect(lossless.status != 0)
            #expect(lossless.stderr.contains("libwebp"))
        }
    }

    @Test("-o x.png is still PNG; unknown extensions and --quality for PNG or outside 1-100 are refused before rendering")
    func refusals() throws {
        let png = try Self.render("ok.png")
        #expect(png.status == 0)
        #expect(try Self.bytes("ok.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
        for (output, extra, message) in [("x.gif", [String](), ".gif names no image format"), ("noext", [], "no file extension"),
                                         ("x.png", ["--quality", "80"], "PNG is lossless"), ("x.jpg", ["--quality", "0"], "between 1 and 100"),
                                         ("x.webp", ["--quality", "101"], "between 1 and 100")] {
            let r = try Self.render(output, extra)
            #expect(r.status != 0, "\(output)")
            #expect(r.stderr.contains(message), "\(output): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: Self.path(output)))
        }
    }

    @Test("--version prints the version and the traits compiled in")
    func version() throws {
        let r = try CLIRunner.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("0."))
        #expect(r.stdout.contains("traits:"))
    }

    @Test("--db and --ratio are the names; --database and --pixel-ratio are hidden aliases; both names at once must agree")
    func optionNames() throws {
        let help = try CLIRunner.run(["render", "--help"])
        #expect(help.stdout.contains("--db"))
        #expect(!help.stdout.contains("--database"))
        let createHelp = try CLIRunner.run(["offline", "create", "--help"])
        #expect(createHelp.stdout.contains("--ratio"))
        #expect(!createHelp.stdout.contains("--pixel-ratio"))
        // The alias still parses (a missing database file is created: point it at a folder to fail after parsing).
        let alias = try CLIRunner.run(["render", Self.path("square.geojson"), "--database", Self.folder.path, "-o", Self.path("alias.png")])
        #expect(!alias.stderr.contains("Unknown option"), "\(alias.stderr)")
        let both = try CLIRunner.run(["render", Self.path("square.geojson"), "--db", "a.db", "--database", "b.db", "-o", Self.path("both.png")])
        #expect(both.status != 0)
        #expect(both.stderr.contains("--db and --database name the same option"), "\(both.stderr)")
        let ratios = try CLIRunner.run(["offline", "create", "http://127.0.0.1:9/style.json", "--bounds", "0,0,1,1", "--zooms", "0-1",
                                        "--ratio", "1", "--pixel-ratio", "2", "--db", Self.path("ratios.db")])
        #expect(ratios.status != 0)
        #expect(ratios.stderr.contains("--ratio and --pixel-ratio name the same option"), "\(ratios.stderr)")
    }

    @Test("pyramid render prints progress lines with the rate and an ETA when standard error is not a terminal")
    func progressLines() throws {
        let style = ##"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#336699"}}]}"##
        try Data(style.utf8).write(to: Self.folder.appendingPathComponent("bg.json"))
        let r = try CLIRunner.run(["pyramid", "render", Self.path("bg.json"), "--bounds", "-10,-10,10,10", "--zooms", "0-3", "--threads", "1",
                                   "-o", Self.path("progress.mbtiles")], environment: ["MERCATOR_PROGRESS_INTERVAL": "0"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("tiles/s") }
        #expect(lines.count >= 2, "\(r.stderr)")
        #expect(lines.dropLast().contains { $0.contains("ETA ") }, "\(r.stderr)")
        #expect(lines.last?.contains("done in") == true, "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}["))
    }

    @Test("a fitted camera is clamped to the Mercator latitudes: data reaching the pole fits the world, not a picture of Antarctica")
    func fitClampsToMercator() throws {
        let fit = try CLIRunner.run(["camera", "fit", "--bounds", "-180,-89.99,180,83.6", "--size", "512x512"])
        #expect(fit.status == 0, "\(fit.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(fit.stdout.utf8)) as? [String: Any]
        let center = try #require((json?["center"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue })
        let zoom = try #require((json?["zoom"] as? NSNumber)?.doubleValue)
        try #require(center.count == 2, "\(fit.stdout)")
        #expect(abs(center[1]) < 10, "centre \(center) (was -88.5 before the clamp; the Mercator midpoint of -85.05 and 83.6 is -7.4)")
        #expect(zoom > -0.2 && zoom < 0.5, "zoom \(zoom) (was -1.2)")
        // Antarctica (to the pole) and a point in the far north: the fitted picture has the land at the bottom, sky above
        let geojson = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-180, -89.99], [180, -89.99], [180, -65], [-180, -65], [-180, -89.99]]]}}, {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 83.6]}}]}"#
        try Data(geojson.utf8).write(to: Self.folder.appendingPathComponent("pole.geojson"))
        let r = try CLIRunner.run(["render", Self.path("pole.geojson"), "--size", "256x256", "-o", Self.path("pole.png")])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGDecoder.decode(try Self.bytes("pole.png"))
        #expect(image.pixel(128, 250) != image.pixel(128, 128), "Antarctica fills only the bottom of the picture")
        #expect(image.pixel(128, 128) == image.pixel(60, 60), "the middle is the background")
    }
}
