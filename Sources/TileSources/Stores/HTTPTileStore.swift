public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import Geo
public import MercatorHTTP
public import Tiling

/// Tiles fetched over HTTP(S) from a URL template: 200 is a tile, 204 and 404 a missing tile, any
/// other answer an error naming the URL and status. Requests go through an ``HTTPClient`` (the shared
/// one by default: concurrency limit, timeouts, retries with backoff, `Retry-After`, gzip, cache).
///
/// Calls block the calling thread until the answer arrives (tile stores are synchronous); call them
/// from a thread that may block, not from an event loop.
public struct HTTPTileStore: TileStore {
    public let template: TileURLTemplate
    public let scheme: TileScheme
    public let tileJSON: TileJSON?
    /// The client requests go through.
    public var client: HTTPClient = .shared
    /// The largest tile accepted.
    public var maximumTileBytes = 64 << 20
    /// Where tiles are loaded through instead of the client (the offline storage), when set.
    public var fetcher: (any ResourceFetching)?

    public init(template: String, scheme: TileScheme = .xyz, tileJSON: TileJSON? = nil) {
        self.template = TileURLTemplate(template)
        self.scheme = scheme
        self.tileJSON = tileJSON
    }

    /// The tile at pixel ratio 1.
    public func tileData(_ tile: TileID) throws(TileStoreError) -> Data? {
        try tileData(tile, pixelRatio: 1)
    }

    /// The tile for a map drawn at `pixelRatio`: `{ratio}` becomes `@2x` over 1, and the request
    /// carries ratio 2 for such a template (1 otherwise), the key the offline database stores
    /// tiles under (MapLibre's `Resource::tile`).
    public func tileData(_ tile: TileID, pixelRatio: Double) throws(TileStoreError) -> Data? {
        let ratio = variesWithPixelRatio && pixelRatio > 1 ? 2 : 1
        if let fetcher {
            let request = ResourceRequest(tile: ResourceRequest.Tile(urlTemplate: template.template, pixelRatio: ratio, id: tile, scheme: scheme))
            return try fetcher.fetch(request, limit: maximumTileBytes, store: template.template)
        }
        let url = template.url(for: tile, scheme: scheme, pixelRatio: Double(ratio))
        return try HTTPResource.get(url, limit: maximumTileBytes, store: template.template, client: client)
    }

    /// Whether the template has `{ratio}`.
    public var variesWithPixelRatio: Bool { template.supportsRatio }
}

/// One HTTP GET with the stores' rules (also used for TileJSON documents, glyphs and sprites).
public enum HTTPResource {
    /// The body at `url`, nil for 204 and 404.
    /// - Throws: `TileStoreError` naming the URL for other statuses (after the client's retries),
    ///   bodies over `limit` or cut short, timeouts and transport failures.
    public static func get(_ url: String, limit: Int = 64 << 20, store: String,
                           client: HTTPClient = .shared) throws(TileStoreError) -> Data? {
        let result: HTTPResult
        do throws(HTTPError) {
            result = try client.get(url, limit: limit)
        } catch {
            throw TileStoreError(store: store, error.description)
        }
        switch result.status {
        case 204, 404: return nil
        case 200..<300: return result.body
        default: throw TileStoreError(store: store, "GET \(url) answered HTTP \(result.status)")
        }
    }
}
