import Foundation
import Mercator
import HTTPTypes
import Rendering

/// A raster tile request: style, tile, size in points (256 or 512), pixel ratio and image format.
struct RasterTileKey: Hashable, Sendable {
    var style: String
    var tile: TileID
    var tileSize: Int
    var scale: Int
    var format: ImageOutputFormat = .png
}

/// Raster tiles rendered by metatile: a block of `metatile` x `metatile` tiles plus a margin is
/// drawn once, so labels are placed over the larger area (never clipped or repeated at the edges
/// between the block's tiles), then cut into tiles that are cached.
final class RasterTileRenderer: @unchecked Sendable {
    let metatile: Int
    private let maps: MapPool
    private let pool: RenderPool
    private let cache: ByteCache<RasterTileKey>
    private let lock = NSLock()
    private var inFlight: [RasterTileKey: Task<[RasterTileKey: Data], any Error>] = [:]

    /// The quality each lossy format is encoded at (``ServerOptions/quality(_:)``).
    private let quality: @Sendable (ImageOutputFormat) -> Int?

    init(maps: MapPool, pool: RenderPool, metatile: Int, cacheBytes: Int, quality: @escaping @Sendable (ImageOutputFormat) -> Int? = { _ in nil }) {
        self.quality = quality
        self.maps = maps
        self.pool = pool
        self.metatile = max(1, metatile)
        cache = ByteCache(limit: cacheBytes)
    }

    /// The image of one tile, in `key.format`; `rendered` is called with the render time when this request drew it.
    func tile(_ key: RasterTileKey, style: ServedStyle, rendered: @escaping @Sendable (Duration) -> Void = { _ in }) async throws -> Data {
        if let hit = cache[key] { return hit }
        let m = min(metatile, key.tile.dimension)
        let block = RasterTileKey(style: key.style, tile: TileID(z: key.tile.z, x: key.tile.x / m * m, y: key.tile.y / m * m),
                                  tileSize: key.tileSize, scale: key.scale, format: key.format)
        let task: Task<[RasterTileKey: Data], any Error> = lock.withLock {
            if let running = inFlight[block] { return running }
            let format = key.format, quality = self.quality(key.format)
            let t = Task { [pool, maps] in
                try await pool.run {
                    let clock = ContinuousClock(), start = clock.now
                    let tiles = try Self.renderBlock(block, size: m, style: style, maps: maps) { image throws in
                        try format.encode(image, quality: quality)
                    }
                    rendered(clock.now - start)
                    return tiles
                }
            }
            inFlight[block] = t
            return t
        }
        let tiles: [RasterTileKey: Data]
        do {
            tiles = try await task.value
        } catch {
            lock.withLock { inFlight[block] = nil }
            throw error
        }
        lock.withLock { inFlight[block] = nil }
        for (k, v) in tiles { cache[k] = v }
        guard let png = tiles[key] else { throw ServerError(.internalServerError, "tile \(key.tile) was not rendered") }
        return png
    }

    /// Renders the block whose top-left tile is `origin.tile`, `size` tiles on a side, and cuts it
    /// into tiles encoded by `encode` (PNG by default).
    static func renderBlock(_ origin: RasterTileKey, size m: Int, style: ServedStyle, maps: MapPool,
                            encode: (RGBAImage) throws -> Data = { Data(PNGEncoder.encode($0)) }) throws -> [RasterTileKey: Data] {
        let z = origin.tile.z
        // 512-point tiles at camera zoom z; 256-point tiles at z - 1 (z 0: 512 points drawn at half the ratio).
        var points = origin.tileSize, zoom = Double(z), ratio = Double(origin.scale)
        if origin.tileSize == 256 {
            if z == 0 {
                points = 512
                ratio /= 2
            } else {
                zoom -= 1
            }
        }
        let margin = points / 2
        let side = m * points + 2 * margin
        let n = Double(origin.tile.dimension)
        let cx = (Double(origin.tile.x) + Double(m) / 2) / n, cy = (Double(origin.tile.y) + Double(m) / 2) / n
        let camera = MapCamera(center: LocationCoordinate2D(latitude: WebMercator.latitude(worldY: cy), longitude: cx * 360 - 180), zoom: zoom)
        // a tile is a square of the Web Mercator plane, whatever the style's projection
        let snapshot = try maps.render(style, camera: camera, size: MapSize(width: side, height: side, pixelRatio: ratio), projection: .mercator)
        let image = snapshot.image
        let tilePixels = origin.tileSize * origin.scale
        let marginPixels = Int((Double(margin) * ratio).rounded())
        var out: [RasterTileKey: Data] = [:]
        for j in 0..<m {
            for i in 0..<m {
                let cut = crop(image, x: marginPixels + i * tilePixels, y: marginPixels + j * tilePixels, width: tilePixels, height: tilePixels)
                var key = origin
                key.tile = TileID(z: z, x: origin.tile.x + i, y: origin.tile.y + j)
                out[key] = try encode(cut)
            }
        }
        return out
    }

    /// The `width` x `height` rectangle of `image` at `x`, `y` (transparent outside it).
    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 4 * width * height)
        for row in 0..<height {
            let sy = y + row
            guard sy >= 0, sy < image.height else { continue }
            let x0 = max(0, x), x1 = min(image.width, x + width)
            guard x1 > x0 else { continue }
            let src = 4 * (sy * image.width + x0), dst = 4 * (row * width + (x0 - x))
            pixels.replaceSubrange(dst..<(dst + 4 * (x1 - x0)), with: image.pixels[src..<(src + 4 * (x1 - x0))])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// A least-recently-used cache of byte blobs under a total size.
final class ByteCache<Key: Hashable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var entries: [Key: (data: Data, tick: UInt64)] = [:]
    private var bytes = 0
    private var tick: UInt64 = 0

    init(limit: Int) { self.limit = max(0, limit) }

    subscript(key: Key) -> Data? {
        get {
            lock.withLock {
                guard let e = entries[key] else { return nil }
                tick += 1
                entries[key] = (e.data, tick)
                return e.data
            }
        }
        set {
            lock.withLock {
                if let old = entries.removeValue(forKey: key) { bytes -= old.data.count }
                guard let newValue, newValue.count <= limit else { return }
                tick += 1
                entries[key] = (newValue, tick)
                bytes += newValue.count
                while bytes > limit, let oldest = entries.min(by: { $0.value.tick < $1.value.tick }) {
                    bytes -= oldest.value.data.count
                    entries[oldest.key] = nil
                }
            }
        }
    }
}
