import GeoJSON

/// Planar point-in-polygon tests on longitude/latitude (exact enough at building scale).
enum PointInPolygon {
    /// Whether `(x, y)` is inside the ring (even-odd rule; a point on an edge counts as inside).
    static func ring(_ ring: PositionList, contains x: Double, _ y: Double) -> Bool {
        let n = ring.count
        guard n >= 3 else { return false }
        var inside = false
        return ring.withUnsafeValues { v -> Bool in
            let s = ring.stride
            var j = n - 1
            for i in 0..<n {
                let xi = v[i * s], yi = v[i * s + 1]
                let xj = v[j * s], yj = v[j * s + 1]
                // On the edge (collinear and within the segment's box)?
                let cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi)
                if cross == 0, min(xi, xj) <= x, x <= max(xi, xj), min(yi, yj) <= y, y <= max(yi, yj) { return true }
                if (yi > y) != (yj > y) {
                    let xCross = xi + (y - yi) * (xj - xi) / (yj - yi)
                    if x < xCross { inside.toggle() }
                }
                j = i
            }
            return inside
        }
    }

    /// Whether the point is inside the polygon: in the exterior ring and in none of the holes.
    static func polygon(_ rings: [PositionList], contains x: Double, _ y: Double) -> Bool {
        guard let outer = rings.first, ring(outer, contains: x, y) else { return false }
        for hole in rings.dropFirst() where ring(hole, contains: x, y) {
            // On the hole's edge still counts as inside the polygon.
            if onBoundary(hole, x, y) { return true }
            return false
        }
        return true
    }

    /// Whether a geometry's area contains the point (polygons and multipolygons; other types never).
    static func geometry(_ g: Geometry, contains x: Double, _ y: Double) -> Bool {
        switch g {
        case .polygon(let rings): return polygon(rings, contains: x, y)
        case .multiPolygon(let polys): return polys.contains { polygon($0, contains: x, y) }
        case .geometryCollection(let c): return c.geometries.contains { geometry($0, contains: x, y) }
        default: return false
        }
    }

    private static func onBoundary(_ ring: PositionList, _ x: Double, _ y: Double) -> Bool {
        let n = ring.count
        guard n >= 2 else { return false }
        for i in 0..<n {
            let j = (i + 1) % n
            let xi = ring.x(i), yi = ring.y(i), xj = ring.x(j), yj = ring.y(j)
            let cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi)
            if cross == 0, min(xi, xj) <= x, x <= max(xi, xj), min(yi, yj) <= y, y <= max(yi, yj) { return true }
        }
        return false
    }

    /// The planar area of a geometry in squared degrees (holes subtracted), to prefer the smallest
    /// of several spaces that contain a point.
    static func area(_ g: Geometry) -> Double {
        func ringArea(_ r: PositionList) -> Double {
            let n = r.count
            guard n >= 3 else { return 0 }
            var sum = 0.0
            for i in 0..<n {
                let j = (i + 1) % n
                sum += r.x(i) * r.y(j) - r.x(j) * r.y(i)
            }
            return abs(sum) / 2
        }
        func polygonArea(_ rings: [PositionList]) -> Double {
            guard let outer = rings.first else { return 0 }
            return ringArea(outer) - rings.dropFirst().reduce(0) { $0 + ringArea($1) }
        }
        switch g {
        case .polygon(let rings): return polygonArea(rings)
        case .multiPolygon(let polys): return polys.reduce(0) { $0 + polygonArea($1) }
        case .geometryCollection(let c): return c.geometries.reduce(0) { $0 + area($1) }
        default: return 0
        }
    }
}
