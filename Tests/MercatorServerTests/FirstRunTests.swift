import Fonts
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Mercator
import MercatorTestSupport
import Testing
@testable import MercatorServer
import Rendering

/// Issue 40's first run: what a render draws without is logged once, installed fonts at `/fonts`, an
/// OpenMapTiles archive alone, and a production style beside a local archive of its schema.
@Suite struct FirstRunTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static var hasDejaVu: Bool { PlatformFeature.installedFonts.isAvailable && FileManager.default.fileExists(atPath: dejaVu) }

    static func folder(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-firstrun-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func server(_ catalog: ServerCatalog) -> MercatorServer {
        MercatorServer(catalog: catalog, options: TestServer.options())
    }

    /// The number of distinct colours in a PNG (a blank picture has one).
    static func colours(_ png: Data) throws -> Int {
        let image = try PNGDecoder.decode(Array(png))
        var seen: Set<UInt32> = []
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            seen.insert(UInt32(image.pixels[i]) << 24 | UInt32(image.pixels[i + 1]) << 16 | UInt32(image.pixels[i + 2]) << 8 | UInt32(image.pixels[i + 3]))
        }
        return seen.count
    }

    @Test("a missing source file, a glyph URL that 404s, a missing sprite and an uncovered font stack: one log line each, however many renders")
    func missingResourcesAreLoggedOnce() async throws {
        let dir = try Self.folder("missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let glyphServer = try LoopbackHTTPServer { _, _ in .init(status: 404) }
        defer { glyphServer.stop() }
        let style = """
            {"version": 8, "center": [0, 0], "zoom": 1, "sprite": "missing-sprite", "glyphs": "\(glyphServer.baseURL)/fonts/{fontstack}/{range}.pbf",
             "sources": {"gone": {"type": "geojson", "data": "gone.geojson"}, "gonearchive": {"type": "vector", "url": "mbtiles://./gone.mbtiles"},
                         "here": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ddeeff"}},
                        {"id": "gone-dots", "type": "circle", "source": "gone"},
                        {"id": "gone-fills", "type": "fill", "source": "gonearchive", "source-layer": "water"},
                        {"id": "dot", "type": "circle", "source": "here", "paint": {"circle-radius": 8, "circle-color": "#ff0000"}},
                        {"id": "label", "type": "symbol", "source": "here",
                         "layout": {"text-field": "Abc", "text-font": ["Nowhere Sans Regular"], "text-offset": [0, 2]}}]}
            """
        try Data(style.utf8).write(to: dir.appendingPathComponent("s.json"))
        let catalog = try ServerCatalog.load(inputs: [dir.appendingPathComponent("s.json").path])
        #expect(catalog.warnings.contains { $0.contains("source gone:") }, "the unreadable file is named when the catalog loads: \(catalog.warnings)")
        #expect(catalog.warnings.contains { $0.contains("source gonearchive:") }, "\(catalog.warnings)")
        let records = LogRecords()
        let logger = Logger(label: "firstrun") { _ in RecordingLogHandler(records: records) }
        try await Self.server(catalog).application(logger: logger).test(.live) { client in
            for uri in ["/styles/s/0/0/0.png", "/styles/s/1/0/0.png", "/styles/s/1/1/1.png", "/styles/s/2/1/1.png",
                        "/styles/s/static/0,0,1/128x128.png", "/styles/s/static/0,0,2/96x96@2x.png"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri): \(response.text.prefix(200))")
                // what can be drawn is: the background and the red dot
                #expect(try Self.colours(response.data) > 2, "\(uri)")
            }
        }
        let lines = records.all.map(\.message).filter { $0.hasPrefix("style s: ") }
        let source = lines.filter { $0.contains("sources.gone:") }
        let archive = lines.filter { $0.contains("sources.gonearchive:") && $0.contains("gone.mbtiles") }
        let glyphs = lines.filter { $0.contains("glyphs: ") && $0.contains("\(glyphServer.baseURL)/fonts/Nowhere") && $0.contains("not found") }
        let sprite = lines.filter { $0.contains("sprite: ") && $0.contains("missing-sprite") }
        let stack = lines.filter { $0.contains("font stack \"Nowhere Sans Regular\"") && !$0.contains(glyphServer.baseURL) }
        #expect(source.count == 1, "\(lines)")
        #expect(archive.count == 1, "\(lines)")
        #expect(glyphs.count == 1, "\(lines)")
        #expect(sprite.count == 1, "\(lines)")
        #expect(stack.count == 1, "\(lines)")
        #expect(lines.count == 5, "nothing else, nothing twice: \(lines)")
    }

    @Test("installed fonts are served at /fonts, converted as `mercator glyphs` converts them, and listed at /fonts.json",
          .enabled(if: hasDejaVu, "needs DejaVu Sans and the FreeType trait"))
    func installedFontsAtFonts() async throws {
        let dir = try Self.folder("fonts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = """
            {"version": 8, "sources": {"p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}}},
             "layers": [{"id": "label", "type": "symbol", "source": "p", "layout": {"text-field": "Abc", "text-font": ["DejaVu Sans"]}},
                        {"id": "other", "type": "symbol", "source": "p",
                         "layout": {"text-field": "Abc", "text-font": ["step", ["zoom"], ["literal", ["Metropolis Regular", "Nowhere Sans"]], 5, ["literal", ["DejaVu Sans"]]]}}]}
            """
        try Data(style.utf8).write(to: dir.appendingPathComponent("labels.json"))
        let catalog = try ServerCatalog.load(inputs: [dir.appendingPathComponent("labels.json").path])
        #expect(catalog.fontsDirectory == nil)
        try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
            // a style with labels and no glyphs gets this server's /fonts
            let published = try JSONValue(parsing: try await client.execute(uri: "/styles/labels/style.json", method: .get).data)
            #expect(published["glyphs"]?.string == "http://localhost/fonts/{fontstack}/{range}.pbf")

            let response = try await client.execute(uri: "/fonts/DejaVu%20Sans/0-255.pbf", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/x-protobuf")
            let face = try FontFace(contentsOf: Self.dejaVu)
            let expected = GlyphPBFEncoder.encode(Array(GlyphRasterizer().glyphs(range: 0, in: face).values), fontStack: "DejaVu Sans", range: 0)
            #expect(response.data == expected, "the bytes `mercator glyphs DejaVuSans.ttf --stack \"DejaVu Sans\"` writes")
            let again = try await client.execute(uri: "/fonts/DejaVu%20Sans/0-255.pbf", method: .get)
            #expect(again.data == response.data)

            // a stack none of whose fonts is installed, but that a served style names, gets the system's substitute,
            // as the renderer draws it (tileserver-gl's fallback for its styles' fonts)
            let substitute = try await client.execute(uri: "/fonts/Metropolis%20Regular,Nowhere%20Sans/256-511.pbf", method: .get)
            #expect(substitute.status == .ok)
            let glyphs = try GlyphPBF.decode(substitute.data)
            #expect(glyphs[0x100] != nil, "Ā from the substitute")
            // a misspelled or unknown font no style names: 404 naming the stack, never a substitute
            for uri in ["/fonts/DejaVu%20Sans%20Bld/0-255.pbf", "/fonts/Metropolis%20Regulr/0-255.pbf", "/fonts/Nowhere%20At%20All,Neither/0-255.pbf"] {
                let refused = try await client.execute(uri: uri, method: .get)
                #expect(refused.status == .notFound, "\(uri)")
                #expect(String(decoding: refused.data, as: UTF8.self).contains("no font of the stack"), "\(uri)")
                #expect(try await client.execute(uri: uri, method: .head).status == .notFound, "HEAD \(uri)")
            }
            // an installed font in a stack with an unknown one: served from the installed font
            #expect(try await client.execute(uri: "/fonts/Nowhere,DejaVu%20Sans%20Bold/0-255.pbf", method: .get).status == .ok)

            let list = try JSONValue(parsing: try await client.execute(uri: "/fonts.json", method: .get).data).array ?? []
            #expect(list.contains("DejaVu Sans Bold"))
            #expect(try await client.execute(uri: "/fonts/DejaVu%20Sans/0-99.pbf", method: .get).status == .badRequest)
        }
    }

    @Test("an OpenMapTiles archive alone is served with the bundled style: labels from /fonts, a picture that is not blank",
          .needsShared("realworld/helsinki-openmaptiles.mbtiles"))
    func openMapTilesArchiveAlone() async throws {
        let archive = try #require(SharedFixtures.url("realworld/helsinki-openmaptiles.mbtiles"))
        let catalog = try ServerCatalog.load(inputs: [archive.path])
        let style = try #require(catalog.style("helsinki-openmaptiles"))
        #expect(style.renderJSON["layers"]?.array?.contains { $0["type"]?.string == "symbol" } == true)
        try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
            let published = try JSONValue(parsing: try await client.execute(uri: "/styles/helsinki-openmaptiles/style.json", method: .get).data)
            #expect(published["sources"]?["openmaptiles"]?["url"]?.string == "http://localhost/data/helsinki-openmaptiles.json")
            if PlatformFeature.installedFonts.isAvailable {
                #expect(published["glyphs"]?.string == "http://localhost/fonts/{fontstack}/{range}.pbf")
                let font = try await client.execute(uri: "/fonts/Noto%20Sans%20Regular,DejaVu%20Sans/0-255.pbf", method: .get)
                #expect(font.status == .ok)
            }
            let image = try await client.execute(uri: "/styles/helsinki-openmaptiles/static/24.9443,60.1700,15.5/300x300.png", method: .get)
            #expect(image.status == .ok)
            #expect(try Self.colours(image.data) > 50, "roads, water, buildings and labels")
        }
    }

    @Test("a production style whose OpenMapTiles source is on the internet, beside a local archive of that schema, is drawn from the archive",
          .needsShared("realworld/styles/positron-gl-style/style.json"))
    func productionStyleBesideAnArchive() async throws {
        let archive = try #require(SharedFixtures.url("realworld/helsinki-openmaptiles.mbtiles"))
        let positron = try #require(SharedFixtures.url("realworld/styles/positron-gl-style/style.json"))
        let catalog = try ServerCatalog.load(inputs: [positron.path, archive.path])
        #expect(catalog.warnings.contains { $0.hasPrefix("style style: source openmaptiles (https://api.maptiler.com/") && $0.contains("helsinki-openmaptiles") },
                "\(catalog.warnings)")
        let style = try #require(catalog.style("style"))
        #expect(style.renderJSON["sources"]?["openmaptiles"]?["url"]?.string == "mbtiles://\(archive.path)")
        try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
            let published = try JSONValue(parsing: try await client.execute(uri: "/styles/style/style.json", method: .get).data)
            #expect(published["sources"]?["openmaptiles"]?["url"]?.string == "http://localhost/data/helsinki-openmaptiles.json")
            if PlatformFeature.installedFonts.isAvailable {
                // its glyphs URL needs a key no request gives: labels from installed fonts, clients from /fonts
                #expect(published["glyphs"]?.string == "http://localhost/fonts/{fontstack}/{range}.pbf")
                #expect(catalog.warnings.contains { $0.contains("glyphs https://api.maptiler.com/") && $0.contains("/fonts") }, "\(catalog.warnings)")
            }
            let image = try await client.execute(uri: "/styles/style/static/24.9443,60.1700,15.5/300x300.png", method: .get)
            #expect(image.status == .ok)
            #expect(try Self.colours(image.data) > 50, "not the blank picture it was")
        }
    }
}
