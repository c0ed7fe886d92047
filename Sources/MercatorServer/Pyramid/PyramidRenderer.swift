public import Foundation
import Mercator
import TileSources
import Tiling

/// Renders a pyramid plan's tiles into a ``PyramidArchive``: raster tiles by metatile with the
/// server's own code (``RasterTileRenderer/renderBlock(_:size:style:maps:)``), so labels are
/// placed once across tile edges; vector tiles from the style's GeoJSON sources, one layer each.
public struct PyramidRenderer: Sendable {
    /// The style drawn.
    public let style: ServedStyle
    /// What to draw.
    public let plan: PyramidPlan
    /// Blocks drawn at once.
    public var threads: Int

    /// A renderer of `plan` with `style`.
    public init(style: ServedStyle, plan: PyramidPlan, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.style = style
        self.plan = plan
        self.threads = max(1, threads)
    }

    /// What a run did.
    public struct Summary: Sendable {
        /// Tiles of this shard.
        public var tiles: Int
        /// Tiles already finished by an earlier run.
        public var skipped: Int
        /// Tiles rendered now.
        public var rendered: Int
        /// Blocks (metatiles) drawn now.
        public var blocks: Int
    }

    /// Renders every tile of the plan not yet in `archive`; `progress(done, total)` after each block.
    public func run(into archive: PyramidArchive, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let mine = plan.tiles()
        let wanted = mine.filter { !archive.done.contains($0.id) }
        let wantedIDs = Set(wanted.map(\.id))
        // Blocks in the order of their first wanted tile (Hilbert order keeps a block's tiles together).
        var ordered: [TileID] = [], seen = Set<TileID>()
        for item in wanted {
            let origin = block(of: item.tile)
            if seen.insert(origin).inserted { ordered.append(origin) }
        }
        let blocks = ordered
        let lock = NSLock()
        nonisolated(unsafe) var next = 0, finished = mine.count - wanted.count, failure: (any Error)?
        let maps = MapPool()
        let total = mine.count
        progress(finished, total)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let index: Int? = lock.withLock {
                    guard failure == nil, next < blocks.count else { return nil }
                    next += 1
                    return next - 1
                }
                guard let index else { return }
                do {
                    let batch = try render(blocks[index], maps: maps).filter { wantedIDs.contains($0.id) }
                    try lock.withLock {
                        try archive.add(batch)
                        finished += batch.count
                    }
                    progress(lock.withLock { finished }, total)
                } catch {
                    lock.withLock { if failure == nil { failure = error } }
                    return
                }
            }
        }
        DispatchQueue.concurrentPerform(iterations: min(threads, max(1, blocks.count)), execute: work)
        if let failure { throw failure }
        return Summary(tiles: mine.count, skipped: mine.count - wanted.count, rendered: wanted.count, blocks: blocks.count)
    }

    /// The top-left tile of the block holding `tile` (one tile for vector tiles).
    func block(of tile: TileID) -> TileID {
        guard plan.format != .mvt else { return tile }
        let m = min(plan.metatile, tile.dimension)
        return TileID(z: tile.z, x: tile.x / m * m, y: tile.y / m * m)
    }

    /// The tiles of the block at `origin`, with their ids (`nil` data: an empty vector tile).
    func render(_ origin: TileID, maps: MapPool) throws -> [(id: UInt64, tile: TileID, data: Data?)] {
        switch plan.format {
        case .png, .webp, .jpeg:
            let m = min(plan.metatile, origin.dimension)
            let key = RasterTileKey(style: style.id, tile: origin, tileSize: plan.tileSize, scale: plan.ratio)
            let tiles: [RasterTileKey: Data]
            switch plan.format {
            case .webp:
                tiles = try RasterTileRenderer.renderBlock(key, size: m, style: style, maps: maps) { image throws in try WebPEncoder.encode(image) }
            case .jpeg:
                tiles = try RasterTileRenderer.renderBlock(key, size: m, style: style, maps: maps) { image throws in
                    do {
                        return try ImageOutputFormat.jpeg.encode(image, quality: nil)
                    } catch {
                        throw PyramidError("tile \(origin): \(error)")
                    }
                }
            default:
                tiles = try RasterTileRenderer.renderBlock(key, size: m, style: style, maps: maps)
            }
            return tiles.map { (PMTilesTileID.id(z: $0.key.tile.z, x: $0.key.tile.x, y: $0.key.tile.y)!, $0.key.tile, Optional($0.value)) }
        case .mvt:
            // tiles are squares of the Web Mercator plane, whatever the style's projection
            let map = try maps.checkOut(style, projection: .mercator)
            defer { maps.checkIn(map, style: style, projection: .mercator) }
            var encoder = VectorTileEncoder()
            var any = false
            for source in map.style.sources where source.kind == .geojson {
                if let tile = try map.tile(origin, inShapeSource: source.identifier), !tile.features.isEmpty {
                    encoder.addLayer(named: source.identifier, tile: tile)
                    any = true
                }
            }
            let id = PMTilesTileID.id(z: origin.z, x: origin.x, y: origin.y)!
            return [(id, origin, any ? Data(encoder.encoded(gzip: true)) : nil)]
        }
    }
}
