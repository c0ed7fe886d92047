import Foundation
import Geo

/// The tile grid GL JS's globe subdivision puts its new vertices on: a tile's integer coordinates (8192 units across
/// the tile at the data's tile zoom). GL JS splits a tile's lines and rings on its granularity grid in the tile's
/// coordinates and stores each new vertex as the tile's integers (`subdivideVertexLine`, `Subdivider._vertexToIndex`),
/// so a split point lies up to half a unit off its segment; an overzoomed tile's unit spans pixels, and lines bend there.
struct GlobeTileUnits: Sendable {
    /// Tile units across the world: 8192 a tile at the data's tile zoom.
    var unitsPerWorld: Double
    /// The data tile's top left corner in those units, or nil for untiled geometry (GL JS cuts it into tiles of that
    /// zoom: each segment is taken in the tile holding its start).
    var origin: Point?

    /// Tile units across one tile.
    static let extent = 8192.0

    /// How GL JS works out the split points.
    enum Rule: Sendable {
        /// Lines, and the outlines of rings (`subdivideVertexLine`): a walk from the start, each step to the nearer
        /// grid line, the coordinate off it carried from step to step, then rounded; cells `floor(8192 / granularity)`.
        case walk
        /// Fill interiors (`Subdivider`): each crossing worked out from the segment's start, both coordinates
        /// rounded; cells `8192 / granularity`.
        case direct
    }

    /// Calls `emit` with the points where segment `a`-`b` (world fractions) crosses the grid of `cells` cells across
    /// the world, in order from `a`, as GL JS stores them: rounded to whole units (JavaScript's `Math.round`), a point
    /// rounded onto the one before it, onto `a` or onto `b` left out.
    func forEachSplit(_ a: Point, _ b: Point, cells: Double, rule: Rule, _ emit: (Point) -> Void) {
        guard cells > 0, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, a != b else { return }
        let u = unitsPerWorld
        // (cells a tile; one cell a tile still splits at the tile's edges, where a neighbour of a lower zoom in a
        // variable-zoom cover splits, so that the line meets itself there)
        let granularity = cells * Self.extent / u
        guard granularity >= 1 else { return }
        // the tile's coordinates: GL JS's arithmetic, in its magnitudes (a world copy's whole worlds taken off), from
        // its integers (a tile's points are whole units; worked out from world fractions they may be off by 1e-10)
        let (ox, oy) = origin.map { ($0.x, $0.y) }
            ?? ((a.x * u / Self.extent).rounded(.down) * Self.extent, (a.y * u / Self.extent).rounded(.down) * Self.extent)
        let copies = ((a.x * u - ox - Self.extent / 2) / u).rounded()
        let shiftX = ox + copies * u
        let ax = (a.x * u - shiftX).rounded(), ay = (a.y * u - oy).rounded()
        let bx = (b.x * u - shiftX).rounded(), by = (b.y * u - oy).rounded()
        // a segment crossing more grid lines than 4096 is split evenly, as the exact split does (the work bounded)
        let walkCell = (Self.extent / granularity).rounded(.down)
        let crossings = abs((bx / walkCell).rounded(.down) - (ax / walkCell).rounded(.down))
            + abs((by / walkCell).rounded(.down) - (ay / walkCell).rounded(.down))
        guard crossings.isFinite, crossings <= 4096 else {
            GlobeSubdivision.forEachSplit(a, b, cells: cells, emit)
            return
        }
        var previous = Point(x: ax, y: ay)
        let end = Point(x: bx, y: by)
        func add(_ p: Point) {
            if p == previous || p == end { return }
            previous = p
            emit(Point(x: (p.x + shiftX) / u, y: (p.y + oy) / u))
        }
        switch rule {
        case .walk: Self.walk(ax, ay, bx, by, cell: walkCell, add)
        case .direct: Self.direct(ax, ay, bx, by, cell: Self.extent / granularity, add)
        }
    }

    /// JavaScript's `Math.round`: halves up.
    @inline(__always)
    static func jsRound(_ v: Double) -> Double { (v + 0.5).rounded(.down) }

    /// `subdivideVertexLine`'s walk along one segment (tile units), the same operations in the same order.
    private static func walk(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, cell: Double, _ add: (Point) -> Void) {
        guard cell > 0 else { return }
        let dirX = x1 - x0, dirY = y1 - y0
        let absDirX = abs(dirX), absDirY = abs(dirY)
        let movesX = dirX != 0, movesY = dirY != 0
        var lastX = x0, lastY = y0
        // (a step a grid line: ``forEachSplit(_:_:cells:rule:_:)`` splits a segment crossing more than 4096 evenly)
        for _ in 0...8192 {
            let nextX = dirX > 0 ? ((lastX / cell).rounded(.down) + 1) * cell : ((lastX / cell).rounded(.up) - 1) * cell
            let nextY = dirY > 0 ? ((lastY / cell).rounded(.down) + 1) * cell : ((lastY / cell).rounded(.up) - 1) * cell
            let toBoundaryX = abs(lastX - nextX), toBoundaryY = abs(lastY - nextY)
            let toEndX = abs(lastX - x1), toEndY = abs(lastY - y1)
            let realX = movesX ? toBoundaryX / absDirX : .infinity
            let realY = movesY ? toBoundaryY / absDirY : .infinity
            if (toEndX <= toBoundaryX || !movesX) && (toEndY <= toBoundaryY || !movesY) { return }
            if (realX < realY && movesX) || !movesY {
                lastX = nextX
                lastY = lastY + dirY * realX
                add(Point(x: lastX, y: jsRound(lastY)))
            } else {
                lastX = lastX + dirX * realY
                lastY = nextY
                add(Point(x: jsRound(lastX), y: lastY))
            }
        }
    }

    /// The `Subdivider`'s crossings of one segment (tile units): a vertical grid line at `y = y0 + dy (x - x0) / dx`,
    /// a horizontal one at `x = x0 + dx t` with `t = (y - y0) / dy`, in order along the segment.
    private static func direct(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, cell: Double, _ add: (Point) -> Void) {
        guard cell > 0 else { return }
        let dx = x1 - x0, dy = y1 - y0
        // the grid lines strictly between the ends, walked from the start's side
        func lines(_ from: Double, _ to: Double) -> (first: Double, step: Double, count: Int) {
            guard from != to else { return (0, 0, 0) }
            let lo = min(from, to) / cell, hi = max(from, to) / cell
            let first = lo.rounded(.down) + 1, last = hi.rounded(.up) - 1
            let count = max(0, Int(last - first) + 1)
            return from < to ? (first, 1, count) : (last, -1, count)
        }
        let xs = lines(x0, x1), ys = lines(y0, y1)
        var i = 0, j = 0
        while i < xs.count || j < ys.count {
            let kx = xs.first + Double(i) * xs.step, ky = ys.first + Double(j) * ys.step
            let tx = i < xs.count ? (kx * cell - x0) / dx : .infinity
            let ty = j < ys.count ? (ky * cell - y0) / dy : .infinity
            if tx <= ty {
                let x = kx * cell
                add(Point(x: x, y: jsRound(y0 + dy * (x - x0) / dx)))
                i += 1
            } else {
                let y = ky * cell
                add(Point(x: jsRound(x0 + dx * ((y - y0) / dy)), y: y))
                j += 1
            }
        }
    }
}

extension PaintContext {
    /// The tile grid the current layer's geometry comes from (``GlobeTileUnits``): the source tile's, or for untiled
    /// geometry quantized to tiles, the camera's tile zoom's; nil for untiled geometry not quantized
    /// (``RenderScene/tileQuantization`` off).
    var globeTileUnits: GlobeTileUnits? {
        if let c = tileClip {
            let u = GlobeTileUnits.extent * pow(2, c.zoom)
            return GlobeTileUnits(unitsPerWorld: u, origin: Point(x: c.minX * u, y: c.minY * u))
        }
        return transform.quantizationUnits.map { GlobeTileUnits(unitsPerWorld: $0, origin: nil) }
    }
}

extension GlobeSubdivision {
    /// ``split(_:_:cells:into:)`` on a tile's integer grid (``GlobeTileUnits``) when one is given.
    static func split(_ a: Point, _ b: Point, cells: Double, units: GlobeTileUnits?, rule: GlobeTileUnits.Rule,
                      into out: inout [Point]) {
        if let units { units.forEachSplit(a, b, cells: cells, rule: rule) { out.append($0) } } else { split(a, b, cells: cells, into: &out) }
    }
}
