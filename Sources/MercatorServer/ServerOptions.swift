import Foundation

/// How a ``MercatorServer`` listens and what it allows.
public struct ServerOptions: Sendable {
    /// The address to listen on (loopback by default).
    public var host = "127.0.0.1"
    /// The port (0: any free port).
    public var port = 8080
    /// Renders run at once (default: one per core).
    public var renderThreads = ProcessInfo.processInfo.activeProcessorCount
    /// Renders that may wait for a free slot; more get 503 with `Retry-After`.
    public var queueLimit = 64
    /// Seconds a request may take before it gets 503.
    public var requestTimeout = 30.0
    /// The largest static image side, in points.
    public var maxImageSize = 2048
    /// The largest pixel ratio of a static image or raster tile (`@3x`), as tileserver-gl's `maxScaleFactor`.
    public var maxScaleFactor = 3
    /// The most device pixels (width x height x scale²) of one static image: 2048x2048@2x passes;
    /// beyond it the request gets 413.
    public var maxImagePixels = 4096 * 4096
    /// JPEG quality (1-100) of raster tiles and static images, as tileserver-gl's `formatQuality.jpeg` (default 80).
    package var jpegQuality = 80
    /// WebP quality (1-100) of raster tiles and static images, as tileserver-gl's `formatQuality.webp` (default 90).
    package var webpQuality = 90
    /// The deepest zoom for raster tiles and static images.
    public var maxZoom = 22
    /// Raster tiles drawn together (a metatile of `metatile` x `metatile` tiles).
    public var metatile = 2
    /// Bytes of rendered raster tiles kept in memory.
    public var tileCacheBytes = 64 << 20
    /// Bytes of laid-out tiles (``MapOptions/layoutCacheSize``) kept by all the maps that render at
    /// once, shared equally among the render threads' maps.
    public var layoutCacheBytes = 96 << 20
    /// Seconds between SIGTERM/SIGINT and the graceful shutdown, while `/health` answers 503
    /// (`draining`) and requests are still served, so a load balancer stops sending first.
    public var drainSeconds = 0.0

    // MARK: Connections

    /// Seconds a keep-alive connection may stay open without a byte of a new request (after it
    /// opens or after its last response ended); then it is closed.
    public var idleTimeout = 5.0
    /// Seconds within which a request's whole head must arrive, counted from the connection's
    /// opening or from the end of the previous response: a client trickling a header is closed.
    public var headerTimeout = 10.0
    /// Seconds within which a request's whole body must arrive after its head.
    public var bodyTimeout = 30.0
    /// Seconds a response may wait for a client that does not read it (the connection not
    /// writable) before the connection is closed.
    public var sendTimeout = 30.0
    /// Connections open at once; further clients wait in the listen backlog until one closes.
    public var maxConnections = 1024
    /// Requests one connection may have received and not yet been answered (HTTP pipelining);
    /// the server stops reading the connection until responses go out.
    public var maxPipelinedRequests = 16

    // MARK: Addresses

    /// The address clients reach the server at (`https://tiles.example.com/prefix`), used for
    /// every URL in styles and TileJSON instead of the request's `Host`; nil: from the request.
    public var publicURL: String?
    /// Host names (with or without a port) whose `Host` and `X-Forwarded-Host` are trusted for URLs in
    /// styles and TileJSON (tileserver-gl's `domains`), besides the listen address, `localhost` and `127.0.0.1`.
    public var domains: [String] = []
    /// Logs one line per request (method, path, status, bytes, milliseconds) at `notice`.
    public var accessLog = false

    public init() {}

    /// The quality `format` is encoded at: ``jpegQuality``, ``webpQuality``, none for PNG.
    package func quality(_ format: ImageOutputFormat) -> Int? {
        switch format {
        case .png: return nil
        case .jpeg: return jpegQuality
        case .webp: return webpQuality
        }
    }

    /// The response body type of `format`.
    package static func contentType(_ format: ImageOutputFormat) -> String {
        switch format {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .webp: return "image/webp"
        }
    }
}
