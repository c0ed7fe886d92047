import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MercatorHTTP
import Tiling

/// Tiles fetched over HTTP(S) from a URL template: 200 is a tile, 204 and 404 a missing tile, any
/// other answer an error naming the URL and status. Bodies are bounded; requests time out.
///
/// Calls block the calling thread until the answer arrives (tile stores are synchronous); call them
/// from a thread that may block, not from an event loop.
public struct HTTPTileStore: TileStore {
    public let template: TileURLTemplate
    public let scheme: TileScheme
    public let tileJSON: TileJSON?
    /// Seconds a request may take.
    public var timeout: TimeInterval = 30
    /// The largest tile accepted.
    public var maximumTileBytes = 64 << 20

    public init(template: String, scheme: TileScheme = .xyz, tileJSON: TileJSON? = nil) {
        self.template = TileURLTemplate(template)
        self.scheme = scheme
        self.tileJSON = tileJSON
    }

    public func tileData(_ tile: TileID) throws(TileStoreError) -> Data? {
        let url = template.url(for: tile, scheme: scheme)
        return try HTTPResource.get(url, timeout: timeout, limit: maximumTileBytes, store: template.template)
    }
}

/// One HTTP GET with the stores' rules (also used for TileJSON documents).
public enum HTTPResource {
    /// The body at `url`, nil for 204 and 404.
    /// - Throws: `TileStoreError` for other statuses, bodies over `limit`, and transport failures.
    public static func get(_ url: String, timeout: TimeInterval = 30, limit: Int = 64 << 20,
                           store: String) throws(TileStoreError) -> Data? {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw TileStoreError(store: store, "\(url) is not an http(s) URL")
        }
        var request = URLRequest(url: address, timeoutInterval: timeout)
        request.setValue("Mercator", forHTTPHeaderField: "User-Agent")
        switch BoundedDownload.runBlocking(request, limit: limit) {
        case .completed(let response, let data):
            switch response.statusCode {
            case 200..<300 where response.statusCode != 204: return data
            case 204, 404: return nil
            default: throw TileStoreError(store: store, "GET \(url) answered HTTP \(response.statusCode)")
            }
        case .tooLarge:
            throw TileStoreError(store: store, "GET \(url): the body is over the \(limit)-byte limit")
        case .failed(let reason):
            throw TileStoreError(store: store, "GET \(url) failed: \(reason)")
        }
    }
}
