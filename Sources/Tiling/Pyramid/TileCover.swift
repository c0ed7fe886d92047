import Foundation
package import Geo

/// Which tiles a view needs: the tiles of one zoom that a convex view area touches, nearest the
/// centre first (MapLibre's `tileCover`), and the zoom a source's tiles are taken from.
package enum TileCover {
    /// The most tiles one cover returns (a pitched view reaching the horizon is cut off here).
    package static let maximumTiles = 4096

    /// The tiles at `zoom` touching the convex polygon `corners` (world units: 0...1 spans the
    /// Mercator square from west to east and north to south; x outside 0...1 is another world copy),
    /// ordered by the distance of their centres from `center`, nearest first.
    package static func tiles(covering corners: [(x: Double, y: Double)], zoom: Int,
                             center: (x: Double, y: Double)) -> [UnwrappedTileID] {
        guard zoom >= 0, zoom <= TileID.maximumZoom, corners.count >= 3,
              corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        let n = Double(1 << zoom)
        // a view edge that lies on a tile edge but for rounding noise does not reach into the next tile
        func snapped(_ v: Double) -> Double { abs(v - v.rounded()) < 1e-9 ? v.rounded() : v }
        let polygon = corners.map { (x: snapped($0.x * n), y: snapped($0.y * n)) }
        let minY = max(0, Int(polygon.map(\.y).min()!.rounded(.down)))
        let maxY = min(Int(n) - 1, Int(polygon.map(\.y).max()!.rounded(.up)) - 1)
        guard minY <= maxY else { return [] }
        var out: [UnwrappedTileID] = []
        for row in minY...maxY {
            guard let (x0, x1) = xExtent(of: polygon, from: Double(row), to: Double(row + 1)) else { continue }
            let first = Int(x0.rounded(.down)), last = Int(x1.rounded(.up)) - 1
            guard first <= last else {
                // A degenerate (zero-width) span still touches one column.
                out.append(UnwrappedTileID(z: zoom, x: first, y: row))
                continue
            }
            for column in first...last {
                out.append(UnwrappedTileID(z: zoom, x: column, y: row))
                if out.count > maximumTiles * 4 { break }
            }
        }
        let cx = center.x * n, cy = center.y * n
        func distance(_ t: UnwrappedTileID) -> Double {
            let x = Double(t.canonical.x + t.wrap * (1 << zoom)) + 0.5 - cx, y = Double(t.canonical.y) + 0.5 - cy
            return x * x + y * y
        }
        let distances: [Double] = out.map(distance)
        let order = out.indices.sorted { (i: Int, j: Int) -> Bool in
            distances[i] < distances[j] || (distances[i] == distances[j] && i < j)
        }
        return order.prefix(maximumTiles).map { out[$0] }
    }

    /// The x extent of a convex polygon within the horizontal band `y0...y1`, or nil when it misses the band.
    static func xExtent(of polygon: [(x: Double, y: Double)], from y0: Double, to y1: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        func include(_ x: Double) {
            lo = min(lo, x)
            hi = max(hi, x)
        }
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            if a.y >= y0 && a.y <= y1 { include(a.x) }
            // Where the edge crosses the band's top and bottom lines.
            for y in [y0, y1] where (a.y < y) != (b.y < y) {
                include(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// The zoom of the tiles a source with tiles of `tileSize` pixels draws at camera zoom `zoom`:
    /// `floor` for vector sources, `round` for raster sources, as MapLibre's `coveringZoomLevel`.
    package static func coveringZoom(cameraZoom zoom: Double, tileSize: Int, rounding: FloatingPointRoundingRule = .down) -> Int {
        guard zoom.isFinite, tileSize > 0 else { return 0 }
        let z = (zoom + log2(512 / Double(tileSize))).rounded(rounding)
        return Int(max(0, min(Double(TileID.maximumZoom), z)))
    }

    /// The tiles a source draws for a view: the cover at the covering zoom clamped to the source's
    /// `minzoom...maxzoom`, overscaled past `maxzoom`; empty below `minzoom`.
    package static func sourceTiles(covering corners: [(x: Double, y: Double)], center: (x: Double, y: Double),
                                   cameraZoom: Double, tileSize: Int, minimumZoom: Int, maximumZoom: Int,
                                   rounding: FloatingPointRoundingRule = .down) -> [OverscaledTileID] {
        let ideal = coveringZoom(cameraZoom: cameraZoom, tileSize: tileSize, rounding: rounding)
        guard ideal >= minimumZoom else { return [] }
        let z = min(ideal, maximumZoom)
        return tiles(covering: corners, zoom: z, center: center).map { OverscaledTileID(overscaledZ: ideal, tile: $0) }
    }
}
