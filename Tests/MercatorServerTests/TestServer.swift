import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Mercator
@testable import MercatorServer
import NIOFoundationCompat
import Rendering

/// A catalog of small fixtures in a temporary folder: the sample cities (GeoJSON), a PMTiles
/// archive, the sample venue, a style with a sprite, and two fonts.
enum TestServer {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixture folder, made once.
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-server-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        try! FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts/Font A"), withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts/Font B"), withIntermediateDirectories: true)
        try! glyphPBF(name: "Font A", ids: [65, 66]).write(to: dir.appendingPathComponent("fonts/Font A/0-255.pbf"))
        try! glyphPBF(name: "Font B", ids: [66, 67]).write(to: dir.appendingPathComponent("fonts/Font B/0-255.pbf"))
        // A sprite: one 4x4 red icon, at 1x and 2x.
        let icon = RGBAImage(width: 4, height: 4, pixels: [UInt8]((0..<16).flatMap { _ in [255, 0, 0, 255] }))
        try! Data(PNGEncoder.encode(icon)).write(to: dir.appendingPathComponent("sprite.png"))
        try! Data(PNGEncoder.encode(icon)).write(to: dir.appendingPathComponent("sprite@2x.png"))
        try! Data(#"{"dot":{"x":0,"y":0,"width":4,"height":4,"pixelRatio":1}}"#.utf8).write(to: dir.appendingPathComponent("sprite.json"))
        try! Data(#"{"dot":{"x":0,"y":0,"width":4,"height":4,"pixelRatio":2}}"#.utf8).write(to: dir.appendingPathComponent("sprite@2x.json"))
        try! Data("TOP-SECRET-CONTENT".utf8).write(to: dir.appendingPathComponent("secret.txt"))
        let cities = repository.appendingPathComponent("Samples/world-cities.geojson").path
        let style = """
            {"version": 8, "name": "Cities", "center": [0, 20], "zoom": 1, "sprite": "sprite", "glyphs": "fonts/{fontstack}/{range}.pbf",
             "sources": {"cities": {"type": "geojson", "data": "\(cities)"}, "leaves": {"type": "vector", "url": "pmtiles://{leaves}"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eeeeee"}},
                        {"id": "dots", "type": "circle", "source": "cities", "paint": {"circle-color": "#ff0000", "circle-radius": 6}}]}
            """
        try! Data(style.utf8).write(to: dir.appendingPathComponent("cities-style.json"))
        let config = """
            {"options": {"paths": {"root": "", "fonts": "fonts"}},
             "data": {"leaves": {"pmtiles": "\(repository.appendingPathComponent("Tests/TileSourcesTests/Fixtures/leaves.pmtiles").path)"},
                      "cities": {"geojson": "\(cities)"}},
             "styles": {"cities": {"style": "cities-style.json"}},
             "venues": {"mall": {"bundle": "\(repository.appendingPathComponent("Samples/harbourfront-galleria.zip").path)"}}}
            """
        try! Data(config.utf8).write(to: dir.appendingPathComponent("config.json"))
        return dir
    }()

    static let catalog: ServerCatalog = try! ServerCatalog.load(inputs: [folder.appendingPathComponent("config.json").path])

    /// A logger that keeps the test output to failures.
    static var quiet: Logger {
        var logger = Logger(label: "mercator.server.tests")
        logger.logLevel = .critical
        return logger
    }

    /// Options for a test server: any free loopback port, and connection timeouts long enough that a test
    /// client kept open across slow steps on a busy machine is never dropped (`ConnectionTests` sets short ones).
    static func options(renderThreads: Int = 2) -> ServerOptions {
        var options = ServerOptions()
        options.port = 0
        options.renderThreads = renderThreads
        options.idleTimeout = 600
        options.headerTimeout = 600
        options.bodyTimeout = 600
        options.sendTimeout = 600
        options.requestTimeout = 300
        return options
    }

    /// A server on a free loopback port.
    static func server(_ configure: (inout ServerOptions) -> Void = { _ in }) -> MercatorServer {
        var options = options()
        configure(&options)
        return MercatorServer(catalog: catalog, options: options)
    }

    /// A glyph PBF with one empty glyph per code point.
    static func glyphPBF(name: String, ids: [Int]) -> Data {
        func field(_ n: Int, _ bytes: [UInt8]) -> [UInt8] { [UInt8(n << 3 | 2), UInt8(bytes.count)] + bytes }
        var stack = field(1, Array(name.utf8)) + field(2, Array("0-255".utf8))
        for id in ids { stack += field(3, [0x08, UInt8(id), 0x20, 0x01]) }  // id, advance... (field 4 varint 1)
        return Data(field(1, stack))
    }
}

extension TestResponse {
    var data: Data { Data(buffer: body) }
    var text: String { String(buffer: body) }
}
