import ArgumentParser
import Foundation
import MercatorServer

/// `mercator serve CONFIG.json | FILE…`: styles, vector tiles, raster tiles and static images over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve styles, vector and raster tiles, static images and fonts over HTTP (tileserver-gl's routes).",
        discussion: """
            Give a configuration file ({"options":{"paths":{...}},"styles":{...},"data":{...},"venues":{...}}) or \
            style, GeoJSON, MBTiles, PMTiles and venue (.zip) files; a bare data file is served with a default style, \
            a venue with one style per floor. Open http://HOST:PORT/ for the list and the viewer. See docs/server.md.
            """)

    @Argument(help: "A configuration JSON file, or style / .geojson / .mbtiles / .pmtiles / venue .zip files.")
    var inputs: [String]

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port (0: any free port).") var port = 8080
    @Option(help: "Folder of glyph PBFs ({fontstack}/{start}-{end}.pbf) for /fonts and labels.") var fonts: String?
    @Option(help: "Renders run at once (default: one per core).") var renderThreads: Int?
    @Option(help: "Renders that may wait; more get 503.") var queueLimit = 64
    @Option(help: "Seconds a request may take.") var timeout = 30.0
    @Option(help: "Largest static image side in points.") var maxImageSize = 2048
    @Option(help: "Raster tiles per metatile side (1 turns metatiles off).") var metatile = 2
    @Option(help: "Megabytes of rendered tiles kept in memory.") var tileCacheMB = 64
    @Option(help: "Megabytes of laid-out tiles kept between renders, shared by the render threads.") var layoutCacheMB = 96
    @Option(help: "Seconds between SIGTERM and shutdown while /health answers 503 (draining) and requests are still served.") var drain = 0.0

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give a configuration file or data files") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (found \(port))") }
        guard drain >= 0, drain <= 3600 else { throw ValidationError("--drain must be 0 to 3600 seconds") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard (1...8).contains(metatile) else { throw ValidationError("--metatile must be 1 to 8") }
        guard (1...16384).contains(maxImageSize) else { throw ValidationError("--max-image-size must be 1 to 16384") }
        guard (0...65536).contains(tileCacheMB) else { throw ValidationError("--tile-cache-mb must be 0 to 65536 (found \(tileCacheMB))") }
        guard (0...65536).contains(layoutCacheMB) else { throw ValidationError("--layout-cache-mb must be 0 to 65536 (found \(layoutCacheMB))") }
        if let renderThreads, renderThreads < 1 { throw ValidationError("--render-threads must be at least 1") }
    }

    func run() async throws {
        var fontsURL = fonts.map { URL(fileURLWithPath: $0) }
        if fontsURL == nil { fontsURL = Self.sharedGlyphs() }
        let catalog: ServerCatalog
        do {
            catalog = try ServerCatalog.load(inputs: inputs, fontsDirectory: fontsURL)
        } catch {
            throw CLIError("\(error)")
        }
        var options = ServerOptions()
        options.host = host
        options.port = port
        if let renderThreads { options.renderThreads = renderThreads }
        options.queueLimit = queueLimit
        options.requestTimeout = timeout
        options.maxImageSize = maxImageSize
        options.metatile = metatile
        options.tileCacheBytes = tileCacheMB << 20
        options.layoutCacheBytes = layoutCacheMB << 20
        options.drainSeconds = drain
        let server = MercatorServer(catalog: catalog, options: options)
        let styles = catalog.styles.count, data = catalog.data.count
        try await server.run { port in
            FileHandle.standardOutput.write(Data("mercator serve: \(styles) styles, \(data) data sets on http://\(host):\(port)/\n".utf8))
        }
    }

    /// The render tests' glyphs in ../shared (walking up from the working folder), when present.
    static func sharedGlyphs() -> URL? {
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let env = ProcessInfo.processInfo.environment["MERCATOR_SHARED"] {
            return URL(fileURLWithPath: env).appendingPathComponent("conformance/render-tests/glyphs")
        }
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("shared/conformance/render-tests/glyphs")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }
}
