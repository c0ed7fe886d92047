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

    public init() {}
}
