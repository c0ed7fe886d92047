import Geo

/// A tile's polygons and lines cut to the tile's buffered box, as a tile's producer cuts them (geojson-vt with its
/// buffer, for GL JS drawing GeoJSON from its tiles): a tile drawing a country, an ocean or a long border then projects
/// and scans the part of it near the tile, not the whole of it in every tile (on the globe every point of every ring
/// is split on the tile's grid and projected, so a pitched view of a large country took seconds).
///
/// A tile's fills and lines are painted only inside the tile (``TileClippedLayer``), and what lies inside the box is
/// kept: a ring is cut by Sutherland-Hodgman, which moves what lies outside onto the box's sides and so changes no
/// point's winding inside the box; a line keeps its pieces inside the box. The cut's own edges and ends lie a quarter
/// tile outside the tile, where its clip hides them. A ring or line reaching past the world's west or east edge is
/// left whole (on the globe its part past the edge shows on the other side of the antimeridian, which the box does not
/// hold).
enum TileCut {
    /// How far the box reaches past the tile on each side, in tiles: GL JS's GeoJSON `buffer` (128 of 512 pixels).
    static let buffer = 0.25

    /// The box of tile `z`/`x`/`y` and its buffer, in world fractions.
    static func box(z: Int, x: Int, y: Int) -> WorldBounds {
        let n = Double(1 << max(0, min(30, z)))
        return WorldBounds(minX: (Double(x) - buffer) / n, minY: (Double(y) - buffer) / n,
                           maxX: (Double(x) + 1 + buffer) / n, maxY: (Double(y) + 1 + buffer) / n)
    }

    /// `polygons` (each `[exterior, hole, ...]`, world fractions) with every ring reaching past `box` cut to it:
    /// rings within it are kept as they are; a ring wholly outside is dropped, and a polygon whose exterior is.
    static func cut(polygons: [[[Point]]], to box: WorldBounds) -> [[[Point]]] {
        var out: [[[Point]]] = []
        out.reserveCapacity(polygons.count)
        for polygon in polygons {
            var rings: [[Point]] = []
            for (k, ring) in polygon.enumerated() {
                let cut = self.cut(ring: ring, to: box)
                if cut.count < 3 {
                    if k == 0 { break }
                    continue
                }
                rings.append(cut)
            }
            if !rings.isEmpty { out.append(rings) }
        }
        return out
    }

    /// `lines` (world fractions) cut to `box`: polygon rings (`closed`) as ``cut(ring:to:)`` cuts them, dropped when
    /// nothing is left; open lines into their pieces inside the box.
    static func cut(lines: [[Point]], closed: Bool, to box: WorldBounds) -> [[Point]] {
        var out: [[Point]] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            if closed {
                let cut = self.cut(ring: line, to: box)
                if cut.count >= 2 { out.append(cut) }
            } else {
                out += cut(line: line, to: box)
            }
        }
        return out
    }

    /// One ring cut to `box`: itself when it lies within the box or reaches past the world's west or east edge.
    static func cut(ring: [Point], to box: WorldBounds) -> [Point] {
        switch placement(ring, box) {
        case .within, .wrapping: return ring
        case .outside: return []
        case .crossing(let b):
            var points = ring
            if b.minX < box.minX { points = side(points, axisX: true, edge: box.minX, keepsAbove: true) }
            if b.maxX > box.maxX { points = side(points, axisX: true, edge: box.maxX, keepsAbove: false) }
            if b.minY < box.minY { points = side(points, axisX: false, edge: box.minY, keepsAbove: true) }
            if b.maxY > box.maxY { points = side(points, axisX: false, edge: box.maxY, keepsAbove: false) }
            return points
        }
    }

    /// One open line cut to `box`: its pieces inside the box, in order (itself when it lies within the box or
    /// reaches past the world's west or east edge). A piece starts or ends where the line crosses the box's side.
    static func cut(line: [Point], to box: WorldBounds) -> [[Point]] {
        switch placement(line, box) {
        case .within, .wrapping: return [line]
        case .outside: return []
        case .crossing: break
        }
        var pieces: [[Point]] = []
        var piece: [Point] = []
        for i in line.indices.dropLast() {
            guard let (t0, t1) = inside(line[i], line[i + 1], box) else { continue }
            let a = line[i], b = line[i + 1]
            let start = t0 == 0 ? a : Point(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
            if t0 > 0 || piece.isEmpty {
                if piece.count >= 2 { pieces.append(piece) }
                piece = [start]
            }
            piece.append(t1 == 1 ? b : Point(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1))
            if t1 < 1 {
                pieces.append(piece)
                piece = []
            }
        }
        if piece.count >= 2 { pieces.append(piece) }
        return pieces
    }

    private enum Placement {
        case within, outside, wrapping
        case crossing(WorldBounds)
    }

    /// Where `points` lie against `box`: within it, wholly outside its bounds, reaching past the world's west or east
    /// edge, or crossing its sides (with the points' bounds).
    private static func placement(_ points: [Point], _ box: WorldBounds) -> Placement {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        if minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY { return .within }
        if minX < 0 || maxX > 1 { return .wrapping }
        if maxX < box.minX || minX > box.maxX || maxY < box.minY || minY > box.maxY { return .outside }
        return .crossing(WorldBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
    }

    /// The part of segment `a`-`b` inside `box` as the range of its parameter (Liang-Barsky), or nil when none is.
    private static func inside(_ a: Point, _ b: Point, _ box: WorldBounds) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return nil }; t0 = max(t0, r) } else { if r < t0 { return nil }; t1 = min(t1, r) }
            }
        }
        return (t0, t1)
    }

    /// The closed ring `input` cut by the line x = `edge` (`axisX`) or y = `edge`, keeping the side at or above
    /// the edge (`keepsAbove`) or at or below it; the crossings lie exactly on the edge.
    private static func side(_ input: [Point], axisX: Bool, edge: Double, keepsAbove: Bool) -> [Point] {
        guard var previous = input.last else { return [] }
        @inline(__always) func value(_ p: Point) -> Double { axisX ? p.x : p.y }
        @inline(__always) func inside(_ p: Point) -> Bool { keepsAbove ? value(p) >= edge : value(p) <= edge }
        var out: [Point] = []
        out.reserveCapacity(input.count + 4)
        var previousInside = inside(previous)
        for p in input {
            let pInside = inside(p)
            if pInside != previousInside {
                let t = (edge - value(previous)) / (value(p) - value(previous))
                out.append(axisX ? Point(x: edge, y: previous.y + (p.y - previous.y) * t)
                                 : Point(x: previous.x + (p.x - previous.x) * t, y: edge))
            }
            if pInside { out.append(p) }
            previous = p
            previousInside = pInside
        }
        return out
    }
}
