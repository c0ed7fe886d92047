import ArgumentParser
import Foundation
import MercatorServer
import Logging

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
    @Option(help: "Largest pixel ratio of static images and raster tiles (@Nx; tileserver-gl's maxScaleFactor).") var maxScaleFactor: Int?
    @Option(help: "Most device pixels (width x height x scale²) of one static image; more get 413.") var maxImagePixels = 4096 * 4096
    @Option(help: "Seconds a keep-alive connection may wait for a new request before it is closed.") var idleTimeout = 5.0
    @Option(help: "Seconds within which a request's whole head must arrive (from the connection's opening or the previous response).") var headerTimeout = 10.0
    @Option(help: "Seconds within which a request's body must arrive after its head.") var bodyTimeout = 30.0
    @Option(help: "Seconds a response may wait for a client that does not read before the connection is closed.") var sendTimeout = 30.0
    @Option(help: "Connections open at once; more wait in the listen backlog (keep it below `ulimit -n`).") var maxConnections = 1024
    @Option(help: "Requests one connection may have unanswered (pipelining) before the server stops reading it.") var maxPipelined = 16
    @Option(help: "The address clients reach the server at (https://tiles.example.com/prefix), used in every style and TileJSON URL.") var publicURL: String?
    @Option(help: "A host name whose Host / X-Forwarded-Host is trusted for URLs (repeatable; tileserver-gl's domains).") var domain: [String] = []
    @Flag(help: "Log one line per request: method, path, status, bytes, milliseconds.") var accessLog = false
    @Flag(name: .shortAndLong, help: "Log more: every request (as --access-log) and connection closes.") var verbose = false

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
        if let maxScaleFactor, !(1...9).contains(maxScaleFactor) { throw ValidationError("--max-scale-factor must be 1 to 9 (found \(maxScaleFactor))") }
        guard maxImagePixels >= 1 else { throw ValidationError("--max-image-pixels must be at least 1") }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--send-timeout", sendTimeout)] {
            guard value > 0, value <= 86_400 else { throw ValidationError("\(name) must be above 0 and at most 86400 seconds (found \(value))") }
        }
        guard (1...1_000_000).contains(maxConnections) else { throw ValidationError("--max-connections must be 1 to 1000000 (found \(maxConnections))") }
        guard (1...1024).contains(maxPipelined) else { throw ValidationError("--max-pipelined must be 1 to 1024 (found \(maxPipelined))") }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw ValidationError("--public-url must be an http:// or https:// URL (found \(publicURL))")
            }
        }
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
        if let threads = renderThreads ?? catalog.config.renderThreads { options.renderThreads = threads }
        options.queueLimit = queueLimit
        options.requestTimeout = timeout
        options.maxImageSize = maxImageSize
        options.metatile = metatile
        options.tileCacheBytes = tileCacheMB << 20
        options.layoutCacheBytes = layoutCacheMB << 20
        options.drainSeconds = drain
        options.maxScaleFactor = maxScaleFactor ?? catalog.maxScaleFactor ?? 3
        options.maxImagePixels = maxImagePixels
        if let q = catalog.jpegQuality { options.jpegQuality = q }
        if let q = catalog.webpQuality { options.webpQuality = q }
        options.idleTimeout = idleTimeout
        options.headerTimeout = headerTimeout
        options.bodyTimeout = bodyTimeout
        options.sendTimeout = sendTimeout
        options.maxConnections = maxConnections
        options.maxPipelinedRequests = maxPipelined
        options.publicURL = publicURL ?? catalog.publicURL
        options.domains = domain + catalog.domains
        options.accessLog = accessLog || verbose
        for warning in catalog.warnings {
            FileHandle.standardError.write(Data("mercator serve: \(warning)\n".utf8))
        }
        var logger = MercatorServer.defaultLogger
        if verbose { logger.logLevel = .debug }
        let server = MercatorServer(catalog: catalog, options: options)
        let styles = catalog.styles.count, data = catalog.data.count
        try await server.run(logger: logger) { port in
            FileHandle.standardOutput.write(Data("mercator serve: \(styles) styles, \(data) data sets on http://\(host):\(port)/\n".utf8))
        }
    }

    /// The render tests' glyphs in ../shared (walking up from the working folder), when present.
    static func sharedGlyphs() -> URL? {
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let env = ProcessInfo.processInfo.environment["MERCATOR_SHARED"] {
            let glyphs = URL(fileURLWithPath: env).appendingPathComponent("conformance/render-tests/glyphs")
            return FileManager.default.fileExists(atPath: glyphs.path) ? glyphs : nil
        }
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("shared/conformance/render-tests/glyphs")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return nil
    }
}
