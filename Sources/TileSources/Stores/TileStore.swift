public import Foundation
public import Geo
public import Tiling

/// Where a tiled source's tiles come from: a folder of files, an MBTiles database, a PMTiles
/// archive (HTTP later). Stores are read from any thread.
public protocol TileStore: Sendable {
    /// The tile's bytes as stored (possibly gzip-compressed vector tiles), or `nil` when the store
    /// has no such tile (MapLibre draws nothing there, or the parent's content overzoomed).
    ///
    /// - Throws: `TileStoreError` when the store cannot be read (not for missing tiles).
    func tileData(_ tile: TileID) throws(TileStoreError) -> Data?

    /// The tile's bytes for a map drawn at `pixelRatio` (device pixels per point). Stores whose
    /// tiles differ by ratio (a `{ratio}` URL template) ask for `@2x` tiles over 1, as MapLibre's
    /// `Resource::tile` does; the others return ``tileData(_:)``.
    ///
    /// - Throws: `TileStoreError` when the store cannot be read (not for missing tiles).
    func tileData(_ tile: TileID, pixelRatio: Double) throws(TileStoreError) -> Data?

    /// Whether ``tileData(_:pixelRatio:)`` answers differently at ratios over 1 (a `{ratio}`
    /// template): the tiles of such a store are cached per ratio.
    var variesWithPixelRatio: Bool { get }

    /// What the store says about itself (zoom range, bounds, vector layers), when it says anything.
    var tileJSON: TileJSON? { get }
}

extension TileStore {
    /// The same tile at every ratio.
    public func tileData(_ tile: TileID, pixelRatio: Double) throws(TileStoreError) -> Data? {
        try tileData(tile)
    }

    /// False: the same tile at every ratio.
    public var variesWithPixelRatio: Bool { false }
}

/// Why tiles could not be read; the message names the store and what went wrong.
public struct TileStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store (a path or URL template).
    public var store: String
    /// What went wrong.
    public var message: String

    public init(store: String, _ message: String) {
        self.store = store
        self.message = message
    }

    public var description: String { "\(store): \(message)" }
}
