public import Foundation
#if canImport(Glibc)
import Glibc
#endif
public import Geo
public import Tiling

/// Tiles as files named by a URL template (`/data/tiles/{z}/{x}/{y}.pbf`, `{quadkey}` …): a file
/// that does not exist is a missing tile.
public struct FileTemplateStore: TileStore {
    /// Maps a tile to the path of its file.
    public let template: TileURLTemplate
    /// The row order of `{y}`.
    public let scheme: TileScheme
    public let tileJSON: TileJSON?
    /// The largest tile file read (tiles are small; a larger file is an error, not a read).
    public var maximumTileBytes = 64 << 20

    /// A store reading files named by `template` (a path template, already resolved to absolute paths).
    public init(template: String, scheme: TileScheme = .xyz, tileJSON: TileJSON? = nil) {
        self.template = TileURLTemplate(template)
        self.scheme = scheme
        self.tileJSON = tileJSON
    }

    /// The tile at pixel ratio 1.
    public func tileData(_ tile: TileID) throws(TileStoreError) -> Data? {
        try tileData(tile, pixelRatio: 1)
    }

    /// Whether the template has `{ratio}`.
    public var variesWithPixelRatio: Bool { template.supportsRatio }

    /// The tile for a map drawn at `pixelRatio`: `{ratio}` becomes `@2x` over 1 (as MapLibre names files too).
    public func tileData(_ tile: TileID, pixelRatio: Double) throws(TileStoreError) -> Data? {
        let path = template.url(for: tile, scheme: scheme, pixelRatio: pixelRatio)
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw TileStoreError(store: template.template, "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw TileStoreError(store: template.template, "\(path) is not a file") }
        guard Int(info.st_size) <= maximumTileBytes else {
            throw TileStoreError(store: template.template, "\(path) is \(info.st_size) bytes, over the \(maximumTileBytes)-byte tile limit")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TileStoreError(store: template.template, "cannot read \(path)")
        }
    }
}
