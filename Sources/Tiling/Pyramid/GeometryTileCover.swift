import Foundation
package import GeoJSON

/// The tiles of one zoom that a GeoJSON geometry touches (MapLibre's `util::tileCover(geometry, z)`,
/// which offline packs over a geometry download): for a point the tile holding it, for a line every
/// tile it passes through, for a polygon every tile whose square meets its area — the tiles its
/// rings pass through and the tiles wholly inside, not those wholly inside a hole.
///
/// Positions are projected to Web Mercator with latitudes clamped to ±`WebMercator.maximumLatitude` and longitudes to
/// ±180° (no wrapping across the antimeridian). A segment lying on a tile border counts for the tile
/// east or south of it, as MapLibre's scanline does.
package enum GeometryTileCover {
    /// The tiles of zoom `zoom` that `geometry` touches, ordered by row (`y`) then column (`x`).
    /// Rings need not repeat their first position; a polygon's holes are its rings after the first
    /// (even-odd within a polygon, whatever their winding); a multi-polygon's parts are joined.
    package static func tiles(of geometry: Geometry, zoom: Int) -> [TileID] {
        guard zoom >= 0, zoom <= TileID.maximumZoom else { return [] }
        var cover = Cover(zoom: zoom)
        cover.add(geometry)
        return cover.tiles.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The number of tiles `tiles(of:zoom:)` returns.
    package static func count(of geometry: Geometry, zoom: Int) -> Int {
        guard zoom >= 0, zoom <= TileID.maximumZoom else { return 0 }
        var cover = Cover(zoom: zoom)
        cover.add(geometry)
        return cover.tiles.count
    }

    /// Tiles gathered for one zoom, in tile units (0...2^z across the Mercator square).
    private struct Cover {
        let zoom: Int
        let last: Int
        let scale: Double
        var tiles = Set<TileID>()

        init(zoom: Int) {
            self.zoom = zoom
            last = (1 << zoom) - 1
            scale = Double(1 << zoom)
        }

        typealias Point = (x: Double, y: Double)

        func project(_ p: Position) -> Point? {
            guard p.longitude.isFinite, p.latitude.isFinite else { return nil }
            let lon = min(180, max(-180, p.longitude))
            let lat = min(WebMercator.maximumLatitude, max(-WebMercator.maximumLatitude, p.latitude))
            return (WebMercator.worldX(longitude: lon) * scale, WebMercator.worldY(latitude: lat) * scale)
        }

        func clamp(_ v: Double) -> Int {
            v <= 0 ? 0 : v >= Double(last) ? last : Int(v)
        }

        mutating func add(_ geometry: Geometry) {
            switch geometry {
            case .point(let p): point(p)
            case .multiPoint(let list): list.forEach { point($0) }
            case .lineString(let list): line(list, closed: false)
            case .multiLineString(let lines): lines.forEach { line($0, closed: false) }
            case .polygon(let rings): polygon(rings)
            case .multiPolygon(let polygons): polygons.forEach { polygon($0) }
            case .geometryCollection(let collection): collection.geometries.forEach { add($0) }
            }
        }

        mutating func point(_ position: Position) {
            guard let p = project(position) else { return }
            tiles.insert(TileID(z: zoom, x: clamp(p.x.rounded(.down)), y: clamp(p.y.rounded(.down))))
        }

        /// The projected points of a line or ring (a ring closed when it is not).
        func points(_ list: PositionList, closed: Bool) -> [Point] {
            var out = list.compactMap(project)
            if closed, let first = out.first, let end = out.last, first != end { out.append(first) }
            return out
        }

        mutating func line(_ list: PositionList, closed: Bool) {
            let pts = points(list, closed: closed)
            if pts.count == 1 { tiles.insert(TileID(z: zoom, x: clamp(pts[0].x.rounded(.down)), y: clamp(pts[0].y.rounded(.down)))) }
            for i in pts.indices.dropLast() { segment(pts[i], pts[i + 1]) }
        }

        /// The tiles a segment passes through: per row it crosses, the columns between where it
        /// enters and leaves the row. A segment ending on a row's top edge does not enter that row.
        mutating func segment(_ a: Point, _ b: Point) {
            let top = min(a.y, b.y), bottom = max(a.y, b.y)
            let firstRow = clamp(top.rounded(.down))
            let lastRow = max(firstRow, clamp(bottom.rounded(.up) - 1))
            for row in firstRow...lastRow {
                let x0: Double, x1: Double
                if a.y == b.y {
                    (x0, x1) = (a.x, b.x)
                } else {
                    func x(at y: Double) -> Double { a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y) }
                    (x0, x1) = (x(at: max(top, Double(row))), x(at: min(bottom, Double(row + 1))))
                }
                let first = clamp(min(x0, x1).rounded(.down))
                let lastColumn = max(first, clamp(max(x0, x1).rounded(.up) - 1))
                for column in first...lastColumn { tiles.insert(TileID(z: zoom, x: column, y: row)) }
            }
        }

        /// The tiles the rings pass through, then the tiles whose centres are inside (even-odd over
        /// the polygon's rings: a tile no ring passes through is wholly inside or wholly outside).
        mutating func polygon(_ rings: [PositionList]) {
            var crossings: [Int: [Double]] = [:]
            for ring in rings {
                let pts = points(ring, closed: true)
                line(ring, closed: true)
                for i in pts.indices.dropLast() {
                    let a = pts[i], b = pts[i + 1]
                    guard a.y != b.y else { continue }
                    // rows whose centre line y = row + 0.5 lies in [top, bottom)
                    let top = min(a.y, b.y), bottom = max(a.y, b.y)
                    let firstRow = max(0, Int((top - 0.5).rounded(.up)))
                    let lastRow = min(last, Int((bottom - 0.5).rounded(.up)) - 1)
                    guard firstRow <= lastRow else { continue }
                    for row in firstRow...lastRow {
                        let y = Double(row) + 0.5
                        crossings[row, default: []].append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
                    }
                }
            }
            for (row, xs) in crossings {
                let sorted = xs.sorted()
                for pair in stride(from: 0, to: sorted.count - 1, by: 2) {
                    // columns whose centre x = column + 0.5 lies in [left, right)
                    let first = max(0, Int((sorted[pair] - 0.5).rounded(.up)))
                    let lastColumn = min(last, Int((sorted[pair + 1] - 0.5).rounded(.up)) - 1)
                    guard first <= lastColumn else { continue }
                    for column in first...lastColumn { tiles.insert(TileID(z: zoom, x: column, y: row)) }
                }
            }
        }
    }
}
