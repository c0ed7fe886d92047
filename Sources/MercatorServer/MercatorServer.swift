import Foundation
public import Hummingbird
import HummingbirdCore
public import Logging
import Mercator
public import ServiceLifecycle
import UnixSignals

/// A tile, style and static-image server for a ``ServerCatalog`` (tileserver-gl's routes), on
/// Hummingbird.
public final class MercatorServer: Sendable {
    /// What is served.
    public let catalog: ServerCatalog
    /// Limits and address.
    public let options: ServerOptions
    /// Request and render metrics (`/metrics`).
    public let metrics = ServerMetrics()
    /// The bounded pool renders run on.
    public let pool: RenderPool
    let maps: MapPool
    let rasterTiles: RasterTileRenderer
    /// Set when a shutdown signal arrives: `/health` answers 503 from then on.
    public let drain = DrainState()
    /// Open connections and the connections closed by each limit.
    public let connections = ConnectionStats()
    /// The port the server listens on, once it does (``ServerOptions/port`` may be 0).
    let boundPort = BoundPort()
    /// Marker icons of static images (`options.paths.icons`, remote and inline icons as the configuration allows).
    let icons: MarkerIcons
    /// The font stack `staticAttributionText` is drawn in: a font of the fonts folder, nil without one.
    let attributionFont: String?
    /// The font names the served styles' `text-font` values name: `/fonts` substitutes only for these.
    let styleFonts: Set<String>

    public init(catalog: ServerCatalog, options: ServerOptions = ServerOptions()) {
        self.catalog = catalog
        self.options = options
        pool = RenderPool(capacity: options.renderThreads, queueLimit: options.queueLimit)
        maps = MapPool(layoutCacheSize: max(0, options.layoutCacheBytes) / max(1, options.renderThreads))
        icons = MarkerIcons(directory: catalog.config.iconsDirectory, allowRemote: catalog.config.allowRemoteMarkerIcons,
                            allowInline: catalog.config.allowInlineMarkerImages)
        let fonts = catalog.fontsDirectory.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }?.sorted() ?? []
        attributionFont = fonts.first { $0.contains("Noto Sans Regular") || $0.contains("Open Sans Regular") } ?? fonts.first { GlyphStacks.isSafeName($0) }
        styleFonts = catalog.styles.reduce(into: []) { $0.formUnion(GlyphStacks.fontNames(in: $1.renderJSON)) }
        rasterTiles = RasterTileRenderer(maps: maps, pool: pool, metatile: options.metatile, cacheBytes: options.tileCacheBytes,
                                         quality: { [options] in options.quality($0) })
    }

    /// A logger printing notices and worse (start, stop, failures), not every request.
    public static var defaultLogger: Logger {
        var logger = Logger(label: "mercator.server")
        logger.logLevel = .notice
        return logger
    }

    /// The Hummingbird application serving every route.
    public func application(logger: Logger = MercatorServer.defaultLogger,
                            onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        maps.warnings.use(logger)  // what renders draw without, once per style and problem
        let limits = ConnectionGuard.Limits(options), stats = connections, boundPort = boundPort
        let server = HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits, stats: stats, logger: logger) }
        let configuration = ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: "Mercator",
                                                     availableConnectionsDelegate: ConnectionCap(limit: max(1, options.maxConnections), stats: stats))
        return Application(router: router(logger: logger), server: server, configuration: configuration,
                           onServerRunning: { channel in
                               let port = channel.localAddress?.port ?? 0
                               boundPort.set(port)
                               await onServerRunning(port)
                           }, logger: logger)
    }

    /// Runs until SIGINT or SIGTERM, then drains for ``ServerOptions/drainSeconds`` (`/health` answers 503,
    /// requests are still served), stops taking connections and finishes the requests under way.
    public func run(logger: Logger = MercatorServer.defaultLogger,
                    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) async throws {
        try await serviceGroup(handlingSignals: true, logger: logger, onServerRunning: onServerRunning).run()
    }

    /// The service group ``run(logger:onServerRunning:)`` runs: the server, and the drain period
    /// shut down before it (services stop in reverse order) on SIGTERM/SIGINT (with `handlingSignals`) or when
    /// `triggerGracefulShutdown()` is called.
    public func serviceGroup(handlingSignals: Bool = false, logger: Logger = MercatorServer.defaultLogger,
                             onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }) -> ServiceGroup {
        let app = application(logger: logger, onServerRunning: onServerRunning)
        let drainer = DrainService(state: drain, seconds: options.drainSeconds)
        return ServiceGroup(configuration: .init(services: [app, drainer], gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [], logger: logger))
    }

    /// The router: every route of `docs/server.md`, each answering HEAD as GET without the body.
    public func router(logger: Logger = MercatorServer.defaultLogger) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: MetricsMiddleware(metrics: metrics, pool: pool, accessLog: options.accessLog ? logger : nil))
        router.get("/") { request, _ in
            self.answer(request) {
                switch self.catalog.config.frontPage {
                case .index:
                    return Responses.body(Data(ViewerPages.index(self.catalog).utf8), type: "text/html; charset=utf-8", request: request, cacheControl: "no-cache")
                case .none:
                    throw ServerError.notFound("this server has no front page (options.frontPage: false)")
                case .file(let url):
                    guard let page = FileManager.default.contents(atPath: url.path) else { throw ServerError.notFound("the front page \(url.lastPathComponent) cannot be read") }
                    return Responses.body(page, type: "text/html; charset=utf-8", request: request, cacheControl: "no-cache")
                }
            }
        }
        router.get("/health") { request, _ in
            self.answer(request) {
                let load = self.pool.load
                if self.drain.isDraining {
                    var response = Responses.json("{\"status\":\"draining\",\"rendersRunning\":\(load.running),\"rendersWaiting\":\(load.waiting)}",
                                                  request: request, cacheControl: "no-store")
                    response.status = .serviceUnavailable
                    return response
                }
                return Responses.json("{\"status\":\"ok\",\"styles\":\(self.catalog.styles.count),\"data\":\(self.catalog.data.count),\"rendersRunning\":\(load.running),\"rendersWaiting\":\(load.waiting)}", request: request, cacheControl: "no-store")
            }
        }
        router.get("/metrics") { request, _ in
            self.answer(request) {
                Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                         body: ResponseBody(byteBuffer: ByteBuffer(string: self.metrics.text())))
            }
        }
        router.get("/styles.json") { request, _ in
            self.answer(request) {
                let base = self.base(request)
                let list: [JSONValue] = self.catalog.styles.map {
                    ["version": 8, "name": .string($0.name), "id": .string($0.id), "url": .string("\(base)/styles/\($0.id)/style.json")]
                }
                return self.varying(Responses.json(JSONValue.array(list).serialized(), request: request))
            }
        }
        router.get("/data.json") { request, _ in
            self.answer(request) {
                // tileserver-gl's TileJSON array, each with Mercator's `url` of its TileJSON as well.
                let base = self.base(request)
                let list: [JSONValue] = zip(self.catalog.data, self.dataList(request)).map { set, tileJSON in
                    var o = tileJSON.object ?? JSONObject()
                    o["url"] = .string("\(base)/data/\(set.id).json")
                    return .object(o)
                }
                return self.varying(Responses.json(JSONValue.array(list).serialized(), request: request))
            }
        }
        for prefix in ["", "/256", "/512"] {
            router.get("\(prefix)/rendered.json") { request, _ in
                self.answer(request) {
                    let size = try self.listTileSize(prefix.isEmpty ? nil : String(prefix.dropFirst()))
                    return self.varying(Responses.json(JSONValue.array(self.renderedList(request, tileSize: size)).serialized(), request: request))
                }
            }
            router.get("\(prefix)/index.json") { request, _ in
                self.answer(request) {
                    let size = try self.listTileSize(prefix.isEmpty ? nil : String(prefix.dropFirst()))
                    let all = self.renderedList(request, tileSize: size) + self.dataList(request)
                    return self.varying(Responses.json(JSONValue.array(all).serialized(), request: request))
                }
            }
        }
        router.get("/fonts.json") { request, _ in
            self.answer(request) { Responses.json(JSONValue.array(self.catalog.fontNames.map { .string($0) }).serialized(), request: request) }
        }
        router.get("/files/**") { request, context in try await self.answerAsync(request) { try self.file(request, context.parameters.getCatchAll()) } }
        router.post("/data/**") { request, context in
            // tileserver-gl's batch elevation: POST /data/{id}/elevation.
            var collecting = request
            let body = try? await collecting.collectBody(upTo: 1 << 20)
            let request = collecting
            let parts = context.parameters.getCatchAll()
            return try await self.answerAsync(request) {
                guard parts.count == 2, parts[1] == "elevation" else { throw ServerError(.methodNotAllowed, "only /data/{id}/elevation takes POST") }
                guard let id = RequestParsing.component(parts[0]), let set = self.catalog.dataSet(id) else { throw ServerError.notFound("no data \"\(parts[0])\"") }
                guard let body else { throw ServerError(.contentTooLarge, "an elevation request's JSON body is at most 1 MB") }
                return try Elevation.batch(set, body: Data(body.readableBytesView), request: request)
            }
        }
        router.post("/styles/**") { request, context in
            // tileserver-gl's static images with their query options in a JSON body; nothing else is posted.
            var collecting = request
            let body = try? await collecting.collectBody(upTo: 5 << 20)
            let request = collecting
            let parts = context.parameters.getCatchAll()
            return try await self.answerAsync(request) {
                let isStatic = (parts.count == 4 && parts[1] == "static") || (parts.count == 5 && parts[1] == "static" && parts[2] == "raw")
                guard isStatic else { throw ServerError(.methodNotAllowed, "only static images (/styles/{id}/static/…) take POST") }
                guard let body else { throw ServerError(.contentTooLarge, "a static image's JSON body is at most 5 MB") }
                let pairs = try RequestParsing.jsonBodyQuery(Data(body.readableBytesView))
                return try await self.styles(request, parts, extraQuery: pairs)
            }
        }
        router.get("/styles/**") { request, context in try await self.answerAsync(request) { try await self.styles(request, context.parameters.getCatchAll()) } }
        router.get("/data/**") { request, context in try await self.answerAsync(request) { try self.data(request, context.parameters.getCatchAll()) } }
        router.get("/fonts/**") { request, context in try await self.answerAsync(request) { try self.fonts(request, context.parameters.getCatchAll()) } }
        router.get("/viewer/**") { request, context in try await self.answerAsync(request) { try self.viewer(request, context.parameters.getCatchAll()) } }
        router.get("/assets/**") { request, context in try await self.answerAsync(request) { try self.asset(request, context.parameters.getCatchAll()) } }
        return router
    }

    // MARK: Handlers

    private func answer(_ request: Request, _ body: () throws -> Response) -> Response {
        do {
            return try body()
        } catch {
            return Responses.error(error)
        }
    }

    private func answerAsync(_ request: Request, _ body: @escaping @Sendable () async throws -> Response) async throws -> Response {
        do {
            return try await withTimeLimit(options.requestTimeout, body)
        } catch {
            return Responses.error(error)
        }
    }

    /// The address URLs in styles and TileJSON start with (``PublicAddress``).
    func base(_ request: Request) -> String {
        PublicAddress(options: options, port: boundPort.get() ?? options.port).base(host: request.head.authority,
                                                                                    forwardedHost: request.headers.value(named: "x-forwarded-host"),
                                                                                    forwardedProto: request.headers.value(named: "x-forwarded-proto"))
    }

    /// `response` with `Vary` naming the headers its URLs were built from (none with a public URL).
    func varying(_ response: Response) -> Response {
        guard options.publicURL == nil else { return response }
        var response = response
        response.headers[.vary] = PublicAddress.varyHeaders
        return response
    }

    private func style(_ raw: Substring) throws(ServerError) -> ServedStyle {
        guard let id = RequestParsing.component(raw), let style = catalog.style(id) else { throw .notFound("no style \"\(raw)\"") }
        return style
    }

    /// `/styles/…`: style JSON, sprites, raster TileJSON, raster tiles, WMTS and static images.
    private func styles(_ request: Request, _ parts: [Substring], extraQuery: [(String, String)] = []) async throws -> Response {
        guard let first = parts.first else { throw ServerError.notFound("no such route") }
        if parts.count == 1, !first.hasSuffix(".json"), request.uri.path.hasSuffix("/") {
            // tileserver-gl's viewer address /styles/{id}/.
            let style = try style(first)
            return Responses.body(Data(ViewerPages.viewer(style).utf8), type: "text/html; charset=utf-8", request: request, cacheControl: "no-cache")
        }
        if parts.count == 1 || (parts.count == 2 && (first == "256" || first == "512") && parts[1] != "style.json" && parts[1].hasSuffix(".json")) {
            // /styles/{id}.json, /styles/{tileSize}/{id}.json: TileJSON for the raster tiles.
            let last = parts[parts.count - 1]
            guard last.hasSuffix(".json") else { throw ServerError.notFound("no such route") }
            let style = try style(last.dropLast(5))
            try checkRendered(style)
            let tileJSON = renderedTileJSON(style, tileSize: parts.count == 2 ? Int(first) : nil, request: request)
            return varying(Responses.json(tileJSON.serialized(), request: request, cacheControl: Responses.styleCache))
        }
        let style = try style(first)
        var rest = Array(parts.dropFirst())
        if rest.last == "" { rest.removeLast() }
        if rest.isEmpty {
            // tileserver-gl's viewer address /styles/{id}/.
            return Responses.body(Data(ViewerPages.viewer(style).utf8), type: "text/html; charset=utf-8", request: request, cacheControl: "no-cache")
        }
        if rest.count == 1 && rest[0] == "style.json" {
            try checkData(style, "its style JSON")
            return varying(Responses.json(style.publicText(base: base(request)), request: request, cacheControl: Responses.styleCache))
        }
        if rest.count == 1 && rest[0] == "wmts.xml" {
            try checkRendered(style)
            return wmts(style, request: request)
        }
        if rest.count == 1 && rest[0].hasPrefix("sprite") {
            try checkData(style, "its sprites")
            return try sprite(style, String(rest[0]), request: request)
        }
        if rest.count == 2 && rest[0] == "sprite" {
            try checkData(style, "its sprites")
            return try listedSprite(style, rest[1], request: request)
        }
        if rest.first == "static" && (rest.count == 3 || (rest.count == 4 && rest[1] == "raw")) {
            try checkRendered(style)
            guard catalog.config.serveStaticMaps else {
                throw ServerError.notFound("static images are not served here (options.serveStaticMaps: false)")
            }
            let raw = rest.count == 4
            return try await staticImage(style, framing: rest[raw ? 2 : 1], size: rest[raw ? 3 : 2], raw: raw, extraQuery: extraQuery, request: request)
        }
        if rest.first == "static" {
            throw ServerError.notFound("no such route: /styles/\(style.id)/static/[raw/]{center|bounds|auto}/{width}x{height}[@2x].{format}")
        }
        try checkRendered(style)
        var tileParts = rest[...]
        var tileSize = 256
        if tileParts.count == 4 {
            guard let size = Int(tileParts.first!), size == 256 || size == 512 else {
                throw ServerError.badRequest("tile size must be 256 or 512 (found \(tileParts.first!))")
            }
            tileSize = size
            tileParts = tileParts.dropFirst()
        }
        guard tileParts.count == 3 else { throw ServerError.notFound("no such route under /styles/\(style.id)/") }
        let p = Array(tileParts)
        let (tile, scale, ext) = try RequestParsing.tile(z: p[0], x: p[1], last: p[2], maxZoom: options.maxZoom)
        try checkScale(scale)
        try checkMaxSize(tileSize, tileSize, scale: scale)
        let format = try RequestParsing.imageFormat(Substring(ext), what: "raster tiles")
        try checkAvailable(format)
        let metrics = self.metrics
        let bytes = try await rasterTiles.tile(RasterTileKey(style: style.id, tile: tile, tileSize: tileSize, scale: scale, format: format), style: style) {
            metrics.render(kind: "metatile", duration: $0)
        }
        return Responses.body(bytes, type: ServerOptions.contentType(format), request: request, cacheControl: Responses.tileCache)
    }

    private func sprite(_ style: ServedStyle, _ name: String, request: Request) throws -> Response {
        let allowed = ["sprite.json", "sprite.png", "sprite@2x.json", "sprite@2x.png"]
        guard allowed.contains(name) else { throw ServerError.notFound("no sprite file \"\(name)\": sprite[@2x].json or .png") }
        guard let path = style.spritePath else { throw ServerError.notFound("style \(style.id) has no local sprite") }
        let file = path + String(name.dropFirst("sprite".count))
        let data = try SpriteCheck.read(file, json: name.hasSuffix(".json"), style: style.id, name: name)
        return Responses.body(data, type: name.hasSuffix(".png") ? "image/png" : "application/json", request: request, cacheControl: Responses.styleCache)
    }

    /// `/styles/{id}/sprite/{spriteID}[@2x].{json,png}`: one sprite of a sprite list.
    private func listedSprite(_ style: ServedStyle, _ name: Substring, request: Request) throws -> Response {
        guard let dot = name.lastIndex(of: ".") else { throw ServerError.notFound("a sprite is /styles/{id}/sprite/{spriteID}[@2x].{json,png}") }
        let ext = name[name.index(after: dot)...]
        var spriteID = name[..<dot], suffix = ""
        if spriteID.hasSuffix("@2x") { spriteID = spriteID.dropLast(3); suffix = "@2x" }
        guard ext == "json" || ext == "png" else { throw ServerError.notFound("no sprite file \"\(name)\": {spriteID}[@2x].json or .png") }
        guard let path = style.spritePaths[String(spriteID)] else { throw ServerError.notFound("style \(style.id) has no local sprite \"\(spriteID)\"") }
        let data = try SpriteCheck.read(path + suffix + "." + ext, json: ext == "json", style: style.id, name: String(name))
        return Responses.body(data, type: ext == "png" ? "image/png" : "application/json", request: request, cacheControl: Responses.styleCache)
    }

    /// 404 naming `serve_rendered` when the configuration turned the style's raster tiles and images off.
    private func checkRendered(_ style: ServedStyle) throws(ServerError) {
        guard style.serveRendered else { throw .notFound("style \(style.id) is not rendered here (serve_rendered: false in the configuration)") }
    }

    /// 404 naming `serve_data` when the configuration turned the style's JSON and sprites off.
    private func checkData(_ style: ServedStyle, _ what: String) throws(ServerError) {
        guard style.serveData else { throw .notFound("style \(style.id) does not serve \(what) here (serve_data: false in the configuration)") }
    }

    /// 400 naming `maxSize` for an image whose longer side, in device pixels, is over the configuration's limit.
    private func checkMaxSize(_ width: Int, _ height: Int, scale: Int) throws(ServerError) {
        guard let limit = catalog.config.maxSize, max(width, height) * scale > limit else { return }
        throw .badRequest("image side \(max(width, height))@\(scale)x = \(max(width, height) * scale) pixels is above the limit \(limit) (options.maxSize)")
    }

    private func staticImage(_ style: ServedStyle, framing: Substring, size: Substring, raw: Bool, extraQuery: [(String, String)],
                             request: Request) async throws -> Response {
        let (width, height, scale, format) = try RequestParsing.imageSize(size, maxSize: options.maxImageSize)
        try checkScale(scale)
        try checkMaxSize(width, height, scale: scale)
        try checkAvailable(format)
        let devicePixels = width * height * scale * scale  // at most 16384² x 9²: no overflow
        guard devicePixels <= options.maxImagePixels else {
            throw ServerError(.contentTooLarge, "image \(width)x\(height)@\(scale)x is \(width * scale)x\(height * scale) = \(devicePixels) device pixels;"
                              + " the limit is \(options.maxImagePixels) (ServerOptions.maxImagePixels, --max-image-pixels)")
        }
        let framing = try RequestParsing.framing(framing, maxZoom: Double(options.maxZoom), raw: raw)
        let query = RequestParsing.query(request.uri.query) + extraQuery
        var parsed = try await StaticOverlay(query: query, coordinates: raw ? .webMercatorMeters : .degrees, icons: icons)
        if let text = style.staticAttributionText ?? catalog.config.staticAttributionText {
            guard let font = attributionFont else {
                throw ServerError(.notImplemented, "staticAttributionText cannot be drawn: this server has no fonts (options.paths.fonts or --fonts)")
            }
            parsed.attribution = (text, font)
        }
        let overlay = parsed
        // ?projection=mercator|globe|vertical-perspective draws in that projection instead of the style's own (the viewer's switch)
        let projection: StyleProjection? = try query.last(where: { $0.0 == "projection" }).map { _, name in
            guard StyleProjection.knownNames.contains(name) else {
                throw ServerError.badRequest("projection must be mercator, globe or vertical-perspective (found \(name))")
            }
            return StyleProjection(type: .string(name))
        }
        let mapSize = MapSize(width: width, height: height, pixelRatio: Double(scale))
        // tileserver-gl's padding: a fraction of the image added on each side of a fitted area (0.1 = 10 %).
        var padding = 0.1
        if let p = query.last(where: { $0.0 == "padding" })?.1 {
            guard let n = Double(p), n.isFinite, n >= 0, n <= 4 else {
                throw ServerError.badRequest("padding must be a fraction of the image from 0 to 4 added on each side (0.1 = 10 %; found \(p))")
            }
            padding = n
        }
        let edges = EdgePadding(top: Double(height) * padding / (1 + 2 * padding), left: Double(width) * padding / (1 + 2 * padding),
                                bottom: Double(height) * padding / (1 + 2 * padding), right: Double(width) * padding / (1 + 2 * padding))
        var autoMaxZoom = min(Double(options.maxZoom), 18)
        if let z = query.last(where: { $0.0 == "maxzoom" })?.1 {
            guard let n = Double(z), n.isFinite, n >= 0, n <= Double(options.maxZoom) else {
                throw ServerError.badRequest("maxzoom must be a zoom from 0 to \(options.maxZoom) (found \(z))")
            }
            autoMaxZoom = n
        }
        let camera: MapCamera
        do {
            switch framing {
            case .center(let lon, let lat, let zoom, let bearing, let pitch):
                camera = MapCamera(center: LocationCoordinate2D(latitude: lat, longitude: lon), zoom: zoom, bearing: bearing, pitch: pitch)
            case .bounds(let box):
                camera = try .fitting(bounds: box, in: mapSize, padding: edges, maximumZoom: Double(options.maxZoom))
            case .auto:
                guard let box = overlay.bounds else { throw ServerError.badRequest("auto needs a path or marker to fit (query parameters path= or marker=)") }
                camera = try .fitting(bounds: box, in: mapSize, padding: edges, maximumZoom: autoMaxZoom)
            }
        } catch let error as CameraFitError {
            throw ServerError.badRequest("no camera fits the requested area: \(error)")
        }
        let maps = self.maps, metrics = self.metrics, quality = options.quality(format)
        let bytes = try await pool.run {
            let clock = ContinuousClock(), start = clock.now
            let data = format == .png ? try maps.renderPNG(style, camera: camera, size: mapSize, overlay: overlay, projection: projection)
                : try format.encode(maps.render(style, camera: camera, size: mapSize, overlay: overlay, projection: projection).image,
                                    quality: quality)
            metrics.render(kind: "static", duration: clock.now - start)
            return data
        }
        return Responses.body(bytes, type: ServerOptions.contentType(format), request: request, cacheControl: Responses.tileCache)
    }

    /// 501 naming what is missing when this build or machine cannot write `format` (no `LibJPEG` trait, no libwebp).
    private func checkAvailable(_ format: ImageOutputFormat) throws(ServerError) {
        if let missing = format.missingFeature {
            throw ServerError(.notImplemented, "\(format.name) images cannot be served here: \(missing)")
        }
    }

    /// 400 for a pixel ratio above ``ServerOptions/maxScaleFactor``.
    private func checkScale(_ scale: Int) throws(ServerError) {
        guard scale <= options.maxScaleFactor else {
            throw .badRequest("scale @\(scale)x is above the limit @\(options.maxScaleFactor)x (ServerOptions.maxScaleFactor, --max-scale-factor)")
        }
    }

    /// `/data/{id}.json`, `/data/{id}.geojson`, `/data/{id}/{z}/{x}/{y}.{format}`.
    private func data(_ request: Request, _ parts: [Substring]) throws -> Response {
        if parts.count == 1, let dot = parts[0].lastIndex(of: ".") {
            let name = parts[0][..<dot], ext = parts[0][parts[0].index(after: dot)...]
            guard let id = RequestParsing.component(name), let set = catalog.dataSet(id) else { throw ServerError.notFound("no data \"\(name)\"") }
            switch ext {
            case "json":
                return varying(Responses.json(dataTileJSON(set, request: request, aliased: false).serialized(), request: request, cacheControl: Responses.styleCache))
            case "geojson":
                guard case .geojson(_, let path) = set.kind, let bytes = FileManager.default.contents(atPath: path) else {
                    throw ServerError.notFound("data \(id) is not GeoJSON")
                }
                return Responses.body(bytes, type: "application/geo+json", request: request, cacheControl: Responses.styleCache)
            default:
                throw ServerError.notFound("no such route: /data/{id}.json or /data/{id}.geojson")
            }
        }
        if parts.count >= 2, parts[1] == "elevation" {
            guard let id = RequestParsing.component(parts[0]), let set = catalog.dataSet(id) else { throw ServerError.notFound("no data \"\(parts[0])\"") }
            guard parts.count == 5 else { throw ServerError.notFound("no such route: /data/{id}/elevation/{z}/{x}/{y}") }
            return try Elevation.get(set, z: parts[2], x: parts[3], y: parts[4], request: request)
        }
        guard parts.count == 4 else { throw ServerError.notFound("no such route: /data/{id}/{z}/{x}/{y}.pbf") }
        guard let id = RequestParsing.component(parts[0]), let set = catalog.dataSet(id) else { throw ServerError.notFound("no data \"\(parts[0])\"") }
        // pbfAlias (`pbf.pict`) is an extension with a dot: the tile name is {y}.{alias}.
        var last = parts[3]
        if let alias = catalog.config.pbfAlias, set.isVector, last.hasSuffix("." + alias) { last = last.dropLast(alias.count) + "pbf" }
        let (tile, scale, ext) = try RequestParsing.tile(z: parts[1], x: parts[2], last: last, maxZoom: TileID.maximumZoom)
        let asGeoJSON = ext == "geojson" && set.isVector
        guard scale == 1, ext == set.format || (ext == "mvt" && set.isVector) || asGeoJSON else {
            throw ServerError.badRequest("data \(id) has \(set.format) tiles: use .\(set.format)\(set.isVector ? " (or .geojson)" : "")")
        }
        guard tile.z >= set.minZoom, tile.z <= set.maxZoom else {
            throw ServerError.notFound("data \(id) has tiles from zoom \(set.minZoom) to \(set.maxZoom), not \(tile.z)")
        }
        guard let bytes = try set.tile(tile) else {
            // tileserver-gl's sparse: 404 lets clients overzoom a parent tile, 204 says the tile is empty.
            let sparse: Bool
            if case .geojson = set.kind { sparse = set.sparse ?? catalog.config.sparse ?? false } else { sparse = set.sparse ?? catalog.config.sparse ?? !set.isVector }
            if !sparse { return Response(status: .noContent, headers: [.cacheControl: Responses.tileCache]) }
            throw ServerError.notFound("data \(id) has no tile \(tile)")
        }
        if asGeoJSON { return try TileGeoJSON.response(bytes, tile: tile, request: request) }
        if set.isVector { return Responses.vectorTile(bytes, request: request) }
        let type = ["png": "image/png", "jpg": "image/jpeg", "webp": "image/webp"][set.format] ?? "application/octet-stream"
        return Responses.body(bytes, type: type, request: request, cacheControl: Responses.tileCache)
    }

    /// `/fonts/{fontstack}/{range}.pbf`: the fonts folder's PBFs, else installed fonts converted (``GlyphStacks``).
    private func fonts(_ request: Request, _ parts: [Substring]) throws -> Response {
        guard parts.count == 2, parts[1].hasSuffix(".pbf") else { throw ServerError.notFound("no such route: /fonts/{fontstack}/{range}.pbf") }
        guard let stack = RequestParsing.component(parts[0]) else { throw ServerError.badRequest("font stack \"\(parts[0])\" is not allowed") }
        let data = try GlyphStacks.pbf(stack: stack, range: String(parts[1].dropLast(4)), fonts: catalog.fontsDirectory,
                                        styleFonts: styleFonts)
        return Responses.body(data, type: "application/x-protobuf", request: request, cacheControl: Responses.tileCache)
    }

    /// `/viewer/{style}`: MapLibre GL JS and Mercator's raster tiles side by side.
    private func viewer(_ request: Request, _ parts: [Substring]) throws -> Response {
        guard parts.count == 1 else { throw ServerError.notFound("no such route: /viewer/{style}") }
        let style = try style(parts[0])
        return Responses.body(Data(ViewerPages.viewer(style).utf8), type: "text/html; charset=utf-8", request: request, cacheControl: "no-cache")
    }

    /// `/assets/maplibre-gl.js`, `.css`, `LICENSE.txt`.
    private func asset(_ request: Request, _ parts: [Substring]) throws -> Response {
        let types = ["maplibre-gl.js": "text/javascript; charset=utf-8", "maplibre-gl.css": "text/css; charset=utf-8",
                     "LICENSE.txt": "text/plain; charset=utf-8"]
        guard parts.count == 1, let type = types[String(parts[0])], let data = ViewerPages.asset(String(parts[0])) else {
            throw ServerError.notFound("no asset \(parts.joined(separator: "/"))")
        }
        return Responses.body(data, type: type, request: request, cacheControl: "public, max-age=86400")
    }
}

/// Counts and times every request for `/metrics`, and with an access log writes one line per request.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let metrics: ServerMetrics
    let pool: RenderPool
    /// Where access-log lines go (`notice`), or nil.
    let accessLog: Logger?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock(), start = clock.now
        let route = ServerMetrics.route(of: request.uri.path)
        var response: Response
        do {
            response = try await next(request, context)
            response.headers[.accessControlAllowOrigin] = "*"  // maps on other origins may use the tiles, as with tileserver-gl
            let load = pool.load
            metrics.pool(running: load.running, waiting: load.waiting)
        } catch {
            response = Responses.error(error)
        }
        let elapsed = clock.now - start
        metrics.request(route: route, status: Int(response.status.code), duration: elapsed)
        if let accessLog { log(accessLog, request, response, elapsed) }
        return response
    }

    /// `GET /styles/x/0/0/0.png 200 1234 B 5.1 ms`, with the same fields as metadata.
    private func log(_ logger: Logger, _ request: Request, _ response: Response, _ elapsed: Duration) {
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let bytes = request.method == .head ? 0 : (response.body.contentLength ?? response.headers[.contentLength].flatMap { Int($0) } ?? 0)
        let path = String(request.uri.path.prefix(2048))
        let rounded = (ms * 10).rounded() / 10
        logger.notice("\(request.method.rawValue) \(path) \(response.status.code) \(bytes) B \(rounded) ms",
                      metadata: ["method": .string(request.method.rawValue), "path": .string(path), "status": .stringConvertible(response.status.code),
                                 "bytes": .stringConvertible(bytes), "ms": .stringConvertible(rounded)])
    }
}
