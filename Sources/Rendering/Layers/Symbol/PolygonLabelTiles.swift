import Foundation
import GeoJSON
import Tiling

/// Where MapLibre Native anchors the point labels of polygons: per source tile.
///
/// Native lays symbols out per tile. A GeoJSON source's tile is geojson-vt's (its polygons cut at the
/// tile's edges plus the source's buffer, simplified and rounded to 8192 units across the tile); each
/// feature's rings in it pass through `fixupPolygons`, wagyu's even-odd union (``EvenOddUnion``),
/// and `classifyRings` groups wagyu's output into polygons. Each polygon gets one label at its pole
/// of inaccessibility, found to one tile pixel (16 units), kept only when that point lies inside the
/// tile (`anchorInsideTile`): a large polygon gets a label in each tile whose piece's pole falls in
/// it, a small one none where its pole lies in a neighbour's buffer. Tiles are placed top row first,
/// left to right (Native's `getRenderTilesSortedByYPosition` without bearing), a tile's features in
/// its order (geojson-vt's: the copy wrapped from the world's west edge first, then the data, then
/// the east edge's copy), a feature's polygons in wagyu's order: the first placed wins the collisions.
///
/// Features without such tiles (a vector tile's, already cut) keep an older model of the same rule:
/// each polygon cut to the label tile plus a quarter-tile buffer, with pieces in the order of
/// ``union(_:tileUnits:)``.
enum PolygonLabelTiles {
    /// A label anchor and its place in Native's placement order.
    struct Anchor {
        var coordinate: LocationCoordinate2D
        var order: Order
    }

    /// Native's placement order of a label: its tile (row, canonical column, world copy), the
    /// feature's place in the tile (its record; without tiles, which copy of the data geojson-vt
    /// wrapped into the tile: west edge, data, east edge), then the emission sequence.
    struct Order: Comparable {
        var row: Int
        var column: Int
        var copy: Int
        var record: Int
        var sequence: Int

        static func < (a: Order, b: Order) -> Bool {
            (a.row, a.column, a.copy, a.record, a.sequence) < (b.row, b.column, b.copy, b.record, b.sequence)
        }
    }

    /// Whether label `a` is placed before `b`: Native sorts the tiles by their canonical position
    /// turned by the map's bearing (`getRenderTilesSortedByYPosition`: `util::rotate` by the
    /// transform's bearing, -bearing in radians, in floats; then y, then x), then by world copy,
    /// then the labels of a tile by record and sequence.
    static func precedes(_ a: Order, _ b: Order, bearing: Double) -> Bool {
        if a.row != b.row || a.column != b.column {
            let angle = Float(-bearing * .pi / 180)
            let c = cos(angle), s = sin(angle)
            let (ax, ay) = (Float(a.column), Float(a.row)), (bx, by) = (Float(b.column), Float(b.row))
            let ya = s * ax + c * ay, yb = s * bx + c * by
            if ya != yb { return ya < yb }
            let xa = c * ax - s * ay, xb = c * bx - s * by
            if xa != xb { return xa < xb }
        }
        return (a.copy, a.record, a.sequence) < (b.copy, b.record, b.sequence)
    }

    /// A GeoJSON source's tiles covering the view (the label tiles), each with where every source
    /// feature's records lie in it.
    struct SourceTiles {
        struct Entry {
            var row: Int
            var column: Int
            var copy: Int
            var tile: Tile
            /// Each source feature's records (tile features), in tile order.
            var records: [Int: [Int]]
        }

        var z: Int
        var entries: [Entry]
        /// Anchors found before (nil: found anew).
        var poles: PoleCache?
        /// Each entry's place in ``entries`` by its row and canonical column (`row << 32 | column`).
        private var entryAt: [Int: Int] = [:]

        init(index: GeoJSONTileIndex, tiles: LabelTiles, poles: PoleCache? = nil) {
            self.poles = poles
            z = tiles.z
            entries = []
            let count = 1 << tiles.z
            for row in tiles.rows where row >= 0 && row < count {
                for column in tiles.columns {
                    let canonical = ((column % count) + count) % count
                    guard let tile = index.tile(z: tiles.z, x: canonical, y: row) else { continue }
                    var records: [Int: [Int]] = [:]
                    for i in tile.indices { records[tile.sourceIndex(at: i), default: []].append(i) }
                    if entryAt[row << 32 | canonical] == nil { entryAt[row << 32 | canonical] = entries.count }
                    entries.append(Entry(row: row, column: canonical, copy: (column - canonical) / count, tile: tile, records: records))
                }
            }
        }

        /// The lines of source feature `source`'s records in the tile at `row` and `column` (any world copy), in tile
        /// units of `extent` across the tile, in the tile's order: nil when the tile has none.
        func lines(of source: Int, row: Int, column: Int, extent: Double) -> [[Point]]? {
            let count = 1 << z
            let canonical = ((column % count) + count) % count
            guard let k = entryAt[row << 32 | canonical], let records = entries[k].records[source] else { return nil }
            let entry = entries[k]
            let scale = extent / Double(entry.tile.extent)
            return records.flatMap { record in
                (0..<entry.tile.ringCount(at: record)).map { ring in
                    entry.tile.points(at: record, ring: ring).map { Point(x: Double($0.x) * scale, y: Double($0.y) * scale) }
                }
            }
        }

        /// The first record of source feature `source` in the tile at `row` and canonical `column`.
        func record(of source: Int, row: Int, column: Int) -> Int? {
            entryAt[row << 32 | column].flatMap { entries[$0].records[source]?.first }
        }
    }

    /// The thinnest piece labelled, in tile units (1/8192 of a tile): wagyu snaps every edge through
    /// a vertex's unit square (its hot pixel) to the vertex, which collapses a piece whose pole lies
    /// nearer than half a unit to its outline (Native does not label Myanmar's island at 98.2 E 9.9 N
    /// at z2, simplified to a triangle 0.3 units thin). 0.3 to 0.71 gave the same pictures here.
    static let sliver = 0.5

    /// The tile buffer, in tiles (128 of 512 pixels).
    static let buffer = 0.25

    /// The order of a label anchored at a point (one tile: the one it lies in), of source feature
    /// `source` when the source's tiles are known.
    static func order(of anchor: LocationCoordinate2D, tiles: LabelTiles, sourceTiles: SourceTiles? = nil, source: Int = -1,
                      sequence: Int) -> Order {
        let p = Transform.mercator(anchor), n = Double(1 << tiles.z)
        let column = Int((p.x * n).rounded(.down)), row = Int((max(0, min(0.999_999_999, p.y)) * n).rounded(.down))
        let count = 1 << tiles.z
        let canonical = ((column % count) + count) % count
        let record = sourceTiles?.record(of: source, row: row, column: canonical) ?? 1
        return Order(row: row, column: canonical, copy: (column - canonical) / count, record: record, sequence: sequence)
    }

    /// The anchors of source feature `source`'s polygons in the source's tiles, as Native lays a
    /// GeoJSON tile's polygon out: each record's rings unioned by wagyu, grouped by
    /// `classifyRings`, each polygon labelled at its pole (to 16 units) when that lies in the tile.
    static func anchors(source: Int, in tiles: SourceTiles, sequence: inout Int) -> [Anchor] {
        var out: [Anchor] = []
        let n = Double(1 << tiles.z)
        for entry in tiles.entries {
            guard let records = entry.records[source] else { continue }
            let extent = Double(entry.tile.extent)
            for record in records where entry.tile.featureType(at: record) == .polygon {
                let found = tiles.poles?.poles(of: record, in: entry.tile) ?? poles(of: record, in: entry.tile)
                for (x, y) in found {
                    guard x >= 0, x < extent, y >= 0, y < extent else { continue }
                    let world = Point(x: (Double(entry.column) + x / extent) / n + Double(entry.copy), y: (Double(entry.row) + y / extent) / n)
                    out.append(Anchor(coordinate: Transform.coordinate(mercator: world),
                                      order: Order(row: entry.row, column: entry.column, copy: entry.copy, record: record, sequence: sequence)))
                    sequence += 1
                }
            }
        }
        return out
    }

    /// The label anchors of a tile's polygon feature in tile units, whether inside the tile or not:
    /// its rings (in the input's direction, as geojson-vt-cpp keeps them: wagyu's order depends on
    /// it) unioned by ``EvenOddUnion``, grouped by ``classifyRings(_:)``, each polygon's pole found to
    /// one tile pixel and kept as a float, as Native keeps an anchor. None when wagyu would throw.
    static func poles(of record: Int, in tile: Tile) -> [(x: Double, y: Double)] {
        var rings: [[(Int, Int)]] = []
        rings.reserveCapacity(tile.ringCount(at: record))
        for k in 0..<tile.ringCount(at: record) {
            tile.withUnsafePoints(at: record, ring: k) { p in
                var ring: [(Int, Int)] = []
                ring.reserveCapacity(p.count / 2)
                var i = 0
                while i + 1 < p.count {
                    ring.append((Int(p[i]), Int(p[i + 1])))
                    i += 2
                }
                if tile.ringWasReversed(at: record, ring: k) { ring.reverse() }
                rings.append(ring)
            }
        }
        guard let polygons = EvenOddUnion.polygons(rings) else { return [] }
        var out: [(x: Double, y: Double)] = []
        for polygon in classifyRings(polygons.flatMap { $0 }) {
            let plane = polygon.map { ring in ring.map { (Double($0.0), Double($0.1)) } }
            guard let pole = PoleOfInaccessibility.pole(plane, precision: Double(tile.extent) / 512) else { continue }
            out.append((Double(Float(pole.0)), Double(Float(pole.1))))
        }
        return out
    }

    /// The anchors of a source's tile features (``poles(of:in:)``), kept across layouts as Native
    /// keeps a laid-out tile (thread-safe; emptied past ``capacity`` features).
    final class PoleCache: @unchecked Sendable {
        struct Key: Hashable {
            var z: Int
            var x: Int
            var y: Int
            var record: Int
        }

        static let capacity = 50_000
        private let lock = NSLock()
        // guarded by `lock`
        private var entries: [Key: [(x: Double, y: Double)]] = [:]

        func poles(of record: Int, in tile: Tile) -> [(x: Double, y: Double)] {
            let key = Key(z: tile.id.z, x: tile.id.x, y: tile.id.y, record: record)
            if let found = lock.withLock({ entries[key] }) { return found }
            let found = PolygonLabelTiles.poles(of: record, in: tile)
            lock.withLock {
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = found
            }
            return found
        }
    }

    /// MapLibre Native's `classifyRings`: rings grouped into polygons, a new polygon at each ring
    /// wound like the first (rings of no area skipped; one ring or none kept as it is).
    static func classifyRings(_ rings: [[(Int, Int)]]) -> [[[(Int, Int)]]] {
        if rings.count <= 1 { return [rings] }
        var polygons: [[[(Int, Int)]]] = []
        var polygon: [[(Int, Int)]] = []
        var ccw = 0
        for ring in rings {
            var sum = 0.0
            var j = ring.count - 1
            for i in ring.indices {
                sum += Double(ring[j].0 - ring[i].0) * Double(ring[i].1 + ring[j].1)
                j = i
            }
            if sum == 0 { continue }
            let sign = sum < 0 ? -1 : 1
            if ccw == 0 { ccw = sign }
            if ccw == sign && !polygon.isEmpty {
                polygons.append(polygon)
                polygon = []
            }
            polygon.append(ring)
        }
        if !polygon.isEmpty { polygons.append(polygon) }
        return polygons
    }

    /// The anchors of one feature's polygons (each outer ring with its holes) over `tiles`, without
    /// the source's own tiles (the older model); `sequence` counts anchors in emission order across features.
    static func anchors(_ polygons: [[PositionList]], tiles: LabelTiles, sequence: inout Int) -> [Anchor] {
        let count = 1 << tiles.z, n = Double(count)
        // the polygons in world units, with their outer rings' bounds
        var projected: [[[(Double, Double)]]] = []
        var bounds: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        projected.reserveCapacity(polygons.count)
        for polygon in polygons {
            guard let outer = polygon.first, outer.count >= 3 else { continue }
            var rings: [[(Double, Double)]] = []
            rings.reserveCapacity(polygon.count)
            for ring in polygon {
                var r: [(Double, Double)] = []
                r.reserveCapacity(ring.count)
                for p in ring {
                    r.append(((p.longitude + 180) / 360, WebMercator.worldY(latitude: WebMercator.clampedLatitude(p.latitude))))
                }
                rings.append(r)
            }
            var b = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            for (x, y) in rings[0] {
                b = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
            }
            projected.append(rings)
            bounds.append(b)
        }
        guard !projected.isEmpty else { return [] }
        let precision = 1 / (512 * n)
        let pad = buffer / n
        var out: [Anchor] = []
        for row in tiles.rows where row >= 0 && row < count {
            let y0 = Double(row) / n, y1 = Double(row + 1) / n
            for column in tiles.columns {
                let canonical = ((column % count) + count) % count
                let copy = (column - canonical) / count
                let x0 = Double(canonical) / n, x1 = Double(canonical + 1) / n
                // geojson-vt's order within a tile: the west edge's copy (shifted east), the data, the east edge's copy
                for (wrapRank, shift) in [(0, 1.0), (1, 0.0), (2, -1.0)] {
                    var pieces: [Piece] = []
                    for (k, polygon) in projected.enumerated() {
                        let b = bounds[k]
                        guard b.maxX + shift >= x0 - pad, b.minX + shift <= x1 + pad,
                              b.maxY >= y0 - pad, b.minY <= y1 + pad else { continue }
                        guard let rings = clip(polygon, shift: shift, x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad,
                                               minimumArea: 1 / (8192 * n * 8192 * n)) else { continue }
                        pieces.append(Piece(rings: rings, index: k))
                    }
                    var poles: [(area: Double, index: Int, pole: (Double, Double))] = []
                    for piece in union(pieces, tileUnits: 8192 * n) {
                        guard let pole = PoleOfInaccessibility.poleAndDistance(piece.rings, precision: precision) else { continue }
                        // a sliver thinner than wagyu's snap rounding moves an edge collapses
                        // (found to a tenth of a unit first: the pole's own search stops at a pixel)
                        if pole.distance * 8192 * n < sliver,
                           (PoleOfInaccessibility.poleAndDistance(piece.rings, precision: 0.1 / (8192 * n))?.distance ?? 0) * 8192 * n < sliver {
                            continue
                        }
                        // only labels anchored inside the tile: the neighbours label the rest
                        guard pole.x >= x0, pole.x < x1, pole.y >= y0, pole.y < y1 else { continue }
                        poles.append((piece.area, piece.index, (pole.x, pole.y)))
                    }
                    for piece in poles {
                        let world = Point(x: piece.pole.0 + Double(copy), y: piece.pole.1)
                        out.append(Anchor(coordinate: Transform.coordinate(mercator: world),
                                          order: Order(row: row, column: canonical, copy: copy, record: wrapRank, sequence: sequence)))
                        sequence += 1
                    }
                }
            }
        }
        return out
    }

    /// A polygon shifted by `shift` world widths and cut to a rectangle (geojson-vt's clip: along x,
    /// then along y); nil when its outer ring is cut away or left flat (`classifyRings` skips rings
    /// of no area; `minimumArea` is one tile unit squared). Holes cut away are dropped.
    static func clip(_ polygon: [[(Double, Double)]], shift: Double,
                     x0: Double, y0: Double, x1: Double, y1: Double, minimumArea: Double) -> [[(Double, Double)]]? {
        var out: [[(Double, Double)]] = []
        for (i, ring) in polygon.enumerated() {
            var r = ring
            if shift != 0 { for j in r.indices { r[j].0 += shift } }
            r = clipRing(r, lower: x0, upper: x1, axis: 0)
            r = clipRing(r, lower: y0, upper: y1, axis: 1)
            if r.count < 3 || abs(signedArea(r)) / 2 < minimumArea {
                if i == 0 { return nil }
                continue
            }
            out.append(r)
        }
        return out
    }

    /// Sutherland-Hodgman against the slab `lower...upper` on one axis (0: x, 1: y).
    private static func clipRing(_ ring: [(Double, Double)], lower: Double, upper: Double, axis: Int) -> [(Double, Double)] {
        guard ring.count >= 2 else { return [] }
        @inline(__always) func v(_ p: (Double, Double)) -> Double { axis == 0 ? p.0 : p.1 }
        @inline(__always) func cut(_ a: (Double, Double), _ b: (Double, Double), _ at: Double) -> (Double, Double) {
            let t = (at - v(a)) / (v(b) - v(a))
            return axis == 0 ? (at, a.1 + (b.1 - a.1) * t) : (a.0 + (b.0 - a.0) * t, at)
        }
        // the whole ring inside: unchanged
        var inside = true
        for p in ring where v(p) < lower || v(p) > upper { inside = false; break }
        if inside { return ring }
        var result = ring
        for (bound, keepsAbove) in [(lower, true), (upper, false)] {
            let input = result
            result = []
            guard var prev = input.last else { break }
            result.reserveCapacity(input.count + 4)
            for p in input {
                let pIn = keepsAbove ? v(p) >= bound : v(p) <= bound
                let prevIn = keepsAbove ? v(prev) >= bound : v(prev) <= bound
                if pIn {
                    if !prevIn { result.append(cut(prev, p, bound)) }
                    result.append(p)
                } else if prevIn {
                    result.append(cut(prev, p, bound))
                }
                prev = p
            }
        }
        return result
    }

    private static func signedArea(_ ring: [(Double, Double)]) -> Double {
        var sum = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            sum += (ring[j].0 - ring[i].0) * (ring[i].1 + ring[j].1)
            j = i
        }
        return sum
    }
}
