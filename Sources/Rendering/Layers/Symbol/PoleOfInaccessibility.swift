import Foundation
import GeoJSON

/// The point of a polygon farthest from its outline (mapbox/polylabel's algorithm: a quadtree of
/// cells searched best-first), where MapLibre anchors a point label on a polygon. Computed in Web
/// Mercator, to a precision of 1/256 of the polygon's size.
enum PoleOfInaccessibility {
    static func anchor(_ rings: [PositionList]) -> LocationCoordinate2D? {
        guard let outer = rings.first, outer.count >= 3 else { return nil }
        let polygon = rings.map { ring in ring.map { (WebMercatorPoint.x($0.longitude), WebMercatorPoint.y($0.latitude)) } }
        guard let p = pole(polygon, precision: nil) else { return nil }
        return LocationCoordinate2D(latitude: WebMercatorPoint.latitude(p.1), longitude: WebMercatorPoint.longitude(p.0))
    }

    /// The pole of a polygon in plane coordinates (outer ring first), found to `precision` (1/256
    /// of the polygon's size when `nil`); the outer ring's bounding box's corner for a flat polygon.
    static func pole(_ polygon: [[(Double, Double)]], precision: Double?) -> (Double, Double)? {
        poleAndDistance(polygon, precision: precision).map { ($0.x, $0.y) }
    }

    /// The pole of a polygon (see ``pole(_:precision:)``) with its distance to the outline.
    static func poleAndDistance(_ polygon: [[(Double, Double)]], precision: Double?) -> (x: Double, y: Double, distance: Double)? {
        guard let outer = polygon.first, outer.count >= 3 else { return nil }
        let xs = outer.map(\.0), ys = outer.map(\.1)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        let width = maxX - minX, height = maxY - minY
        let cellSize = min(width, height)
        let precision = precision ?? max(width, height) / 256
        guard cellSize > 0, precision > 0 else { return (minX, minY, 0) }
        struct Cell {
            var x, y, h, d, max: Double
        }
        func cell(_ x: Double, _ y: Double, _ h: Double) -> Cell {
            let d = signedDistance(x, y, polygon)
            return Cell(x: x, y: y, h: h, d: d, max: d + h * 2.0.squareRoot())
        }
        // the cells by potential in a binary heap kept as libstdc++'s `priority_queue` keeps it
        // (Native's polylabel): cells of equal potential come out in the same order
        var queue: [Cell] = []
        func push(_ c: Cell) {
            queue.append(c)
            var hole = queue.count - 1
            var parent = (hole - 1) / 2
            while hole > 0 && queue[parent].max < c.max {
                queue[hole] = queue[parent]
                hole = parent
                parent = (hole - 1) / 2
            }
            queue[hole] = c
        }
        func pop() -> Cell {
            let top = queue[0]
            let len = queue.count - 1
            let value = queue[len]
            if len > 0 {
                var hole = 0, child = 0
                while child < (len - 1) / 2 {
                    child = 2 * (child + 1)
                    if queue[child].max < queue[child - 1].max { child -= 1 }
                    queue[hole] = queue[child]
                    hole = child
                }
                if len & 1 == 0 && child == (len - 2) / 2 {
                    child = 2 * (child + 1)
                    queue[hole] = queue[child - 1]
                    hole = child - 1
                }
                var parent = (hole - 1) / 2
                while hole > 0 && queue[parent].max < value.max {
                    queue[hole] = queue[parent]
                    hole = parent
                    parent = (hole - 1) / 2
                }
                queue[hole] = value
            }
            queue.removeLast()
            return top
        }
        var x = minX
        while x < maxX {
            var y = minY
            while y < maxY {
                push(cell(x + cellSize / 2, y + cellSize / 2, cellSize / 2))
                y += cellSize
            }
            x += cellSize
        }
        // the centroid is a good first guess (the first vertex for a ring of no area), the bbox centre another
        var best = centroidCell(polygon[0]).map { cell($0.0, $0.1, 0) } ?? cell(outer[0].0, outer[0].1, 0)
        let bboxCell = cell(minX + width / 2, minY + height / 2, 0)
        if bboxCell.d > best.d { best = bboxCell }
        var iterations = 0
        while !queue.isEmpty && iterations < 100_000 {
            iterations += 1
            let c = pop()
            if c.d > best.d { best = c }
            if c.max - best.d <= precision { continue }
            let h = c.h / 2
            push(cell(c.x - h, c.y - h, h))
            push(cell(c.x + h, c.y - h, h))
            push(cell(c.x - h, c.y + h, h))
            push(cell(c.x + h, c.y + h, h))
        }
        return (best.x, best.y, best.d)
    }

    /// Distance from a point to the outline, negative outside.
    private static func signedDistance(_ x: Double, _ y: Double, _ polygon: [[(Double, Double)]]) -> Double {
        var inside = false
        var minDist2 = Double.infinity
        for ring in polygon where ring.count >= 2 {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.1 > y) != (b.1 > y), x < (b.0 - a.0) * (y - a.1) / (b.1 - a.1) + a.0 { inside.toggle() }
                minDist2 = min(minDist2, segmentDistance2(x, y, a, b))
                j = i
            }
        }
        return (inside ? 1 : -1) * minDist2.squareRoot()
    }

    private static func segmentDistance2(_ px: Double, _ py: Double, _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        var x = a.0, y = a.1
        var dx = b.0 - x, dy = b.1 - y
        if dx != 0 || dy != 0 {
            let t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy)
            if t > 1 {
                x = b.0; y = b.1
            } else if t > 0 {
                x += dx * t; y += dy * t
            }
        }
        dx = px - x
        dy = py - y
        return dx * dx + dy * dy
    }

    private static func centroidCell(_ ring: [(Double, Double)]) -> (Double, Double)? {
        var area = 0.0, x = 0.0, y = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            let f = a.0 * b.1 - b.0 * a.1
            x += (a.0 + b.0) * f
            y += (a.1 + b.1) * f
            area += f * 3
            j = i
        }
        return area == 0 ? nil : (x / area, y / area)
    }
}

/// Web Mercator world units for polygon geometry (y grows southward), through Geo's ``WebMercator``.
private enum WebMercatorPoint {
    static func x(_ lon: Double) -> Double { (lon + 180) / 360 }
    static func y(_ lat: Double) -> Double { WebMercator.worldY(latitude: WebMercator.clampedLatitude(lat)) }
    static func longitude(_ x: Double) -> Double { x * 360 - 180 }
    static func latitude(_ y: Double) -> Double { WebMercator.cameraLatitude(worldY: y) }
}
