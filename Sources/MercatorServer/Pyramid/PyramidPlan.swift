import Foundation
public import Mercator
import TileSources

/// The tile format of a pre-rendered pyramid.
public enum PyramidFormat: String, Sendable, CaseIterable {
    /// Raster tiles, PNG.
    case png
    /// Raster tiles, WebP (lossless), through libwebp loaded at run time (``WebPEncoder``).
    case webp
    /// Raster tiles, JPEG (quality 90, over white), through libjpeg (the `LibJPEG` trait).
    case jpeg
    /// Vector tiles (Mapbox Vector Tile 2.1, gzip) from the style's GeoJSON sources.
    case mvt

    /// The format as MBTiles metadata and TileJSON name it: `png`, `webp`, `jpg`, `pbf`.
    public var metadataName: String {
        switch self {
        case .png: return "png"
        case .webp: return "webp"
        case .jpeg: return "jpg"
        case .mvt: return "pbf"
        }
    }

    /// The format of a metadata name (``metadataName``, or the option's spelling).
    public init?(metadataName: String) {
        switch metadataName.lowercased() {
        case "png": self = .png
        case "webp": self = .webp
        case "jpg", "jpeg": self = .jpeg
        case "pbf", "mvt": self = .mvt
        default: return nil
        }
    }

    /// The PMTiles header's tile type byte (1 MVT, 2 PNG, 3 JPEG, 4 WebP).
    public var pmtilesTileType: UInt8 {
        switch self {
        case .mvt: return 1
        case .png: return 2
        case .jpeg: return 3
        case .webp: return 4
        }
    }
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
    /// The SHA-256 (hex) of the style file the tiles are drawn from, recorded in ``settings``; `nil` when unknown.
    public var styleDigest: String?

    /// A plan for the whole pyramid (shard 0 of 1).
    public init(bounds: (west: Double, south: Double, east: Double, north: Double), zooms: ClosedRange<Int>,
                format: PyramidFormat = .png, tileSize: Int = 256, ratio: Int = 1, metatile: Int = 2, shard: Int = 0, shardCount: Int = 1,
                styleDigest: String? = nil) {
        self.bounds = bounds
        self.zooms = zooms
        self.format = format
        self.tileSize = tileSize
        self.ratio = ratio
        self.metatile = max(1, metatile)
        self.shard = shard
        self.shardCount = max(1, shardCount)
        self.styleDigest = styleDigest
    }

    public static func == (a: PyramidPlan, b: PyramidPlan) -> Bool {
        a.bounds == b.bounds && a.zooms == b.zooms && a.format == b.format && a.tileSize == b.tileSize && a.ratio == b.ratio
            && a.metatile == b.metatile && a.shard == b.shard && a.shardCount == b.shardCount && a.styleDigest == b.styleDigest
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
            let clamped = WebMercator.clampedLatitude(lat)
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
        var rows: [(String, String)] = [("name", name), ("format", format.metadataName),
                                        ("type", "baselayer"), ("version", "1"), ("bounds", b), ("center", center),
                                        ("minzoom", String(zooms.lowerBound)), ("maxzoom", String(zooms.upperBound))]
        if format != .mvt { rows.append(("tileSize", String(tileSize))) }
        rows.append((Self.settingsKey, settings))
        return rows
    }

    /// The metadata key holding ``settings``.
    public static let settingsKey = "mercator_settings"

    /// What the archive was asked for, one `key=value` per setting joined by `;`: the style's digest, the
    /// bounds, zooms, format, tile size, ratio and metatile, and the shard when there are several. A run
    /// resumes into an archive only when its settings are these.
    public var settings: String {
        var items: [String] = []
        if let styleDigest { items.append("style-sha256=\(styleDigest)") }
        items.append("bounds=\(bounds.west),\(bounds.south),\(bounds.east),\(bounds.north)")
        items.append("zooms=\(zooms.lowerBound)-\(zooms.upperBound)")
        items.append("format=\(format.rawValue)")
        items.append("tile-size=\(tileSize)")
        items.append("ratio=\(ratio)")
        items.append("metatile=\(metatile)")
        if shardCount > 1 { items.append("shard=\(shard)/\(shardCount)") }
        return items.joined(separator: ";")
    }

    /// The `key=value` items of a ``settings`` text, in order.
    public static func settingsItems(_ text: String) -> [(key: String, value: String)] {
        text.split(separator: ";").map { item in
            let parts = item.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The settings that differ between `recorded` (an archive's) and `asked` (a run's), as
    /// "format: webp in the archive, png asked" phrases; empty when they agree.
    public static func settingsDifferences(recorded: String, asked: String) -> [String] {
        let a = settingsItems(recorded), b = settingsItems(asked)
        let keys = (a.map(\.key) + b.map(\.key)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return keys.compactMap { key in
            let old = a.first { $0.key == key }?.value, new = b.first { $0.key == key }?.value
            guard old != new else { return nil }
            return "\(key): \(old ?? "none") in the archive, \(new ?? "none") asked"
        }
    }

    /// The plan a ``settings`` text describes (`nil` when it lacks bounds, zooms or format).
    public init?(settings text: String) {
        var items: [String: String] = [:]
        for item in Self.settingsItems(text) { items[item.key] = item.value }
        let b = (items["bounds"] ?? "").split(separator: ",").compactMap { Double($0) }
        let z = (items["zooms"] ?? "").split(separator: "-").compactMap { Int($0) }
        guard b.count == 4, z.count == 2, z[0] <= z[1], let format = items["format"].flatMap(PyramidFormat.init(metadataName:)) else { return nil }
        var shard = 0, count = 1
        if let s = items["shard"]?.split(separator: "/").compactMap({ Int($0) }), s.count == 2 { (shard, count) = (s[0], s[1]) }
        self.init(bounds: (b[0], b[1], b[2], b[3]), zooms: z[0]...z[1], format: format,
                  tileSize: items["tile-size"].flatMap { Int($0) } ?? 256, ratio: items["ratio"].flatMap { Int($0) } ?? 1,
                  metatile: items["metatile"].flatMap { Int($0) } ?? 2, shard: shard, shardCount: count, styleDigest: items["style-sha256"])
    }

    /// This plan as one of its shards would record it, without the shard (what a merge of the parts records).
    public var wholePlan: PyramidPlan {
        var p = self
        p.shard = 0
        p.shardCount = 1
        return p
    }
}
