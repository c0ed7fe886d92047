public import Foundation
public import Geo
public import Tiling

/// What a resource is for, with MapLibre Native's numbering (the offline database's `kind` column).
public enum ResourceKind: Int, Sendable, Hashable, CaseIterable {
    case unknown = 0
    case style = 1
    /// A source's TileJSON (or a GeoJSON source's data).
    case source = 2
    case tile = 3
    case glyphs = 4
    case spriteImage = 5
    case spriteJSON = 6
    case image = 7
}

/// One resource to load: its URL and kind, and for tiles the template and tile it was expanded from
/// (the offline database keys tiles by template, pixel ratio and z/x/y, not by URL).
public struct ResourceRequest: Sendable, Hashable {
    public struct Tile: Sendable, Hashable {
        /// The URL template, as the TileJSON or style lists it.
        public var urlTemplate: String
        /// 1, or 2 when the template has `{ratio}` and the ratio is over 1 (MapLibre's rule).
        public var pixelRatio: Int
        public var id: TileID
        public var scheme: TileScheme

        public init(urlTemplate: String, pixelRatio: Int = 1, id: TileID, scheme: TileScheme = .xyz) {
            self.urlTemplate = urlTemplate
            self.pixelRatio = pixelRatio
            self.id = id
            self.scheme = scheme
        }
    }

    public var url: String
    public var kind: ResourceKind
    public var tile: Tile?

    public init(url: String, kind: ResourceKind) {
        self.url = url
        self.kind = kind
    }

    /// A tile request: the URL expanded from the template.
    public init(tile: Tile) {
        url = TileURLTemplate(tile.urlTemplate).url(for: tile.id, scheme: tile.scheme, pixelRatio: Double(tile.pixelRatio))
        kind = .tile
        self.tile = tile
    }
}

/// Loads remote (HTTP(S)) resources; the offline storage implements it to read through its database.
public protocol ResourceFetching: Sendable {
    /// The body of `request`, nil when the server has no such resource (204, 404).
    /// - Throws: `TileStoreError` naming `store` and the URL when it cannot be loaded.
    func fetch(_ request: ResourceRequest, limit: Int, store: String) throws(TileStoreError) -> Data?
}

/// A fetcher that may be told never to touch the network (the offline database's `StorageFetcher` with
/// `offlineOnly`): what does not go through ``ResourceFetching/fetch(_:limit:store:)`` — a remote PMTiles
/// archive's HTTP range requests — is then refused instead of asked for.
package protocol OfflineAwareFetching: ResourceFetching {
    /// Whether nothing may be asked of the network.
    var refusesNetwork: Bool { get }
}

/// The network, through ``HTTPResource`` (the shared ``HTTPClient``).
public struct NetworkFetcher: ResourceFetching {
    public init() {}

    public func fetch(_ request: ResourceRequest, limit: Int, store: String) throws(TileStoreError) -> Data? {
        try HTTPResource.get(request.url, limit: limit, store: store)
    }
}

/// Resource URLs expanded the way the renderer requests them (and the offline download stores them).
public enum ResourceURLs {
    /// A glyph range's URL: `{fontstack}` (percent-encoded, commas too, for http(s)) and `{range}` (`0-255`).
    public static func glyphs(template: String, fontStack: String, rangeStart: Int) -> String {
        let range = "\(rangeStart)-\(rangeStart + 255)"
        // remote: encoded as MapLibre Native encodes it (`%20`, `%2c`), the key a Native-filled database holds
        let lower = template.lowercased()
        let remote = lower.hasPrefix("http") || lower.hasPrefix("mapbox://")
        let font = remote ? MapboxURL.percentEncode(fontStack) : fontStack
        return template.replacingOccurrences(of: "{fontstack}", with: font).replacingOccurrences(of: "{range}", with: range)
    }
}
