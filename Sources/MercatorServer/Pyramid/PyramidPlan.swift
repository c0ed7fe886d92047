import Foundation
import Mercator
import TileSources

/// The tile format of a pre-rendered pyramid.
public enum PyramidFormat: String, Sendable, CaseIterable {
    /// Raster tiles, PNG.
    case png
    /// Raster tiles, WebP (lossless), through libwebp loaded at run time (``WebPEncoder``).
    case webp
    /// Vector tiles (Mapbox Vector Tile 2.1, gzip) from the style's GeoJSON sources.
    case mvt
}

/// What a pyramid holds: a box, a range of zooms, a format and tile size, and which shard of it.
public struct PyramidPlan: Sendable, Hashable {
    /// West, south, east, north in degrees.
    public var bounds: (west: Double, south: Double, east: Double, north: Double)
    /// The shallowest and deepest zoom.
    public var zooms: ClosedRange<Int>
    /// The tile format.
    public var format: PyramidFormat
    /// Raster tile size in points (256 or 512).
    public var tileSize: Int
    /// Raster pixel ratio (1, 2 or 3).
    public var ratio: Int
    /// Raster tiles per metatile side, aligned as the server aligns them.
    public var metatile: Int
    /// This part, counted from 0, of `shardCount` parts.
    public var shard: Int
    /// How many parts the pyramid is split into.
    public var shardCount: Int

    /// A plan for the whole pyramid (shard 0 of 1).
    public init(bounds: (west: Double, south: Double, east: Double, north: Double), zooms: ClosedRange<Int>,
                format: PyramidFormat = .png, tileSize: Int = 256, ratio: Int = 1, metatile: Int = 2, shard: Int = 0, shardCount: Int = 1) {
        self.bounds = bounds
        self.zooms = zooms
        self.format = format
        self.tileSize = tileSize
        self.ratio = ratio
        self.metatile = max(1, metatile)
        self.shard = shard
        self.shardCount = max(1, shardCount)
    }

    public static func == (a: PyramidPlan, b: PyramidPlan) -> Bool {
        a.bounds == b.bounds && a.zooms == b.zooms && a.format == b.format && a.tileSize == b.tileSize && a.ratio == b.ratio
            && a.metatile == b.metatile && a.shard == b.shard && a.shardCount == b.shardCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(zooms)
        hasher.combine(shard)
    }

    /// The tiles of zoom `z` covering the bounds (XYZ, row 0 at the north edge).
    public func tileRange(zoom z: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let n = 1 << z
        func column(_ lon: Double) -> Int { min(n - 1, max(0, Int(floor((lon + 180) / 360 * Double(n))))) }
        func row(_ lat: Double) -> Int {
            let clamped = min(85.051_128_779_806_59, max(-85.051_128_779_806_59, lat))
            return min(n - 1, max(0, Int(floor(WebMercator.worldY(latitude: clamped) * Double(n)))))
        }
        return (column(bounds.west)...column(bounds.east), row(bounds.north)...row(bounds.south))
    }

    /// Every tile of the whole pyramid (all shards), in PMTiles tile-id order: by zoom, then along the Hilbert curve.
    public func allTiles() -> [(id: UInt64, tile: TileID)] {
        var out: [(id: UInt64, tile: TileID)] = []
        for z in zooms {
            let r = tileRange(zoom: z)
            var level: [(id: UInt64, tile: TileID)] = []
            level.reserveCapacity(r.x.count * r.y.count)
            for y in r.y {
                for x in r.x { level.append((PMTilesTileID.id(z: z, x: x, y: y)!, TileID(z: z, x: x, y: y))) }
            }
            level.sort { $0.id < $1.id }
            out += level
        }
        return out
    }

    /// This shard's tiles: a contiguous range of ``allTiles()``, the parts differing by at most one tile.
    public func tiles() -> [(id: UInt64, tile: TileID)] {
        let all = allTiles()
        return Array(all[Self.range(part: shard, of: shardCount, count: all.count)])
    }

    /// Part `k` of `n` of `count` items, in order, balanced by count.
    public static func range(part k: Int, of n: Int, count: Int) -> Range<Int> {
        (count * k / n)..<(count * (k + 1) / n)
    }

    /// The archive metadata: the same for every shard, so that parts merge into the unsharded archive.
    public func metadata(name: String) -> [(String, String)] {
        func number(_ v: Double) -> String { String(format: "%.6f", v) }
        let b = [bounds.west, bounds.south, bounds.east, bounds.north].map(number).joined(separator: ",")
        let center = "\(number((bounds.west + bounds.east) / 2)),\(number((bounds.south + bounds.north) / 2)),\(zooms.lowerBound)"
        var rows: [(String, String)] = [("name", name), ("format", format == .mvt ? "pbf" : format.rawValue),
                                        ("type", "baselayer"), ("version", "1"), ("bounds", b), ("center", center),
                                        ("minzoom", String(zooms.lowerBound)), ("maxzoom", String(zooms.upperBound))]
        if format != .mvt { rows.append(("tileSize", String(tileSize))) }
        return rows
    }
}
