import Foundation
import Tiling

/// Where a tiled source's tiles come from: a folder of files, an MBTiles database, a PMTiles
/// archive (HTTP later). Stores are read from any thread.
public protocol TileStore: Sendable {
    /// The tile's bytes as stored (possibly gzip-compressed vector tiles), or `nil` when the store
    /// has no such tile (MapLibre draws nothing there, or the parent's content overzoomed).
    ///
    /// - Throws: `TileStoreError` when the store cannot be read (not for missing tiles).
    func tileData(_ tile: TileID) throws(TileStoreError) -> Data?

    /// What the store says about itself (zoom range, bounds, vector layers), when it says anything.
    var tileJSON: TileJSON? { get }
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
