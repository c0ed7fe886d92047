import Foundation
package import Geo

/// A source tile's area in world units (`0...1` spans the Web Mercator square; `x` is shifted by
/// the tile's world copy): content drawn for one tile shows only inside it, as MapLibre clips each
/// tile's drawing with the stencil buffer. Geo's ``WorldBounds`` of the tile (`UnwrappedTileID.worldBounds`).
///
/// A pixel belongs to the tile when the world position under its centre does (half-open on the
/// right and bottom), so neighbouring tiles share no pixel and leave none out.
package typealias TileClip = WorldBounds

extension WorldBounds {
    /// The zoom of a tile this size (its width is `2^-zoom` of the world).
    var zoom: Double { (-log2(maxX - minX)).rounded() }

    /// Top left, top right, bottom right, bottom left.
    var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// Whether a world position lies in the tile (half-open on the right and bottom).
    @inline(__always)
    func contains(_ p: Point) -> Bool { contains(x: p.x, y: p.y) }
}

extension PaintContext {
    /// Whether pixel (x, y) may be painted under the current ``tileClip`` (always, without one).
    @inline(__always)
    func inTile(_ x: Int, _ y: Int) -> Bool {
        guard let spans = tileSpans else { return true }
        let (a, b) = spans.span(row: y)
        return x >= a && x < b
    }

    /// The pixels of `x0..<x1` in row `y` inside the current ``tileClip``: one run, since a tile
    /// is convex on screen (empty when none).
    @inline(__always)
    func tileSpan(row y: Int, _ x0: Int, _ x1: Int) -> (Int, Int) { Self.tileSpan(tileSpans, row: y, x0, x1) }

    /// ``tileSpan(row:_:_:)`` under `spans` (a tile's rows, or nil for no tile clip): for painters'
    /// closures, which should capture the spans rather than the whole context.
    @inline(__always)
    static func tileSpan(_ spans: TileRowSpans?, row y: Int, _ x0: Int, _ x1: Int) -> (Int, Int) {
        guard let spans else { return (x0, x1) }
        let (a, b) = spans.span(row: y)
        let lo = max(a, x0), hi = min(b, x1)
        return lo < hi ? (lo, hi) : (lo, lo)
    }
}

/// The pixels of each row that lie inside one source tile, for one paint context: a pixel is
/// inside when the world position under its centre is (``TileClip/contains(_:)``).
///
/// Along a row the world position is an affine function of the column, so the pixels inside form
/// one run: its ends are solved for once per row, then checked pixel by pixel against the exact
/// test, so the runs are exactly the pixels the per-pixel test accepts. Rows are worked out when
/// first asked for and kept (every layer of the tile asks again).
final class TileRowSpans {
    let tile: TileClip
    private let transform: Transform
    private let clip: PixelClip
    /// Start and end column per row of the clip; `Int32.min` where not worked out yet. Owned memory,
    /// not an array: painters ask per pixel, and a class's array would be checked for exclusive
    /// access and retained on every call.
    private let spans: UnsafeMutablePointer<Int32>
    private let spanCount: Int

    init(tile: TileClip, transform: Transform, clip: PixelClip) {
        self.tile = tile
        self.transform = transform
        self.clip = clip
        spanCount = 2 * max(0, clip.y1 - clip.y0)
        spans = .allocate(capacity: spanCount)
        spans.initialize(repeating: Int32.min, count: spanCount)
        if let globe = transform.globe {
            // on the globe: the pixels of the tile's stencil mesh (GL JS clips each tile with the
            // stencil buffer, drawn with the tile's mesh); the first and last pixel of each row (a tile
            // is one run across a row but for slivers at the horizon, which the run then covers)
            for i in stride(from: 0, to: spanCount, by: 2) {
                spans[i] = Int32(clip.x0)
                spans[i + 1] = Int32(clip.x0)
            }
            let mesh = GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.stencil)
            let spans = spans, y0 = clip.y0
            GlobeMeshRasterizer(globe: globe, clip: clip).rasterize(mesh) { s in
                let i = 2 * (s.y - y0)
                if spans[i] >= spans[i + 1] {
                    spans[i] = Int32(s.x0)
                    spans[i + 1] = Int32(s.x1)
                } else {
                    spans[i] = min(spans[i], Int32(s.x0))
                    spans[i + 1] = max(spans[i + 1], Int32(s.x1))
                }
            }
        }
    }

    deinit { spans.deallocate() }

    /// The columns `a..<b` of row `y` inside the tile (within the clip; empty when `a >= b`).
    @inline(__always)
    func span(row y: Int) -> (Int, Int) {
        let i = 2 * (y - clip.y0)
        guard i >= 0, i < spanCount else { return (0, 0) }
        let a = spans[i]
        if a != Int32.min { return (Int(a), Int(spans[i + 1])) }
        return computeAndKeep(row: y, at: i)
    }

    /// A row's span worked out the first time it is asked for (kept out of line, so that the per-pixel path above
    /// is loads only and the painters calling it keep no reference count traffic).
    @inline(never)
    private func computeAndKeep(row y: Int, at i: Int) -> (Int, Int) {
        let (a, b) = compute(row: y)
        spans[i] = Int32(a)
        spans[i + 1] = Int32(b)
        return (a, b)
    }

    /// The exact test: the world position under the centre of pixel (x, y) lies in the tile.
    private func contains(_ x: Int, _ y: Int) -> Bool {
        guard let q = transform.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { return false }
        return tile.contains(transform.worldFraction(plane: q))
    }

    private func compute(row y: Int) -> (Int, Int) {
        let lo = clip.x0, hi = clip.x1
        guard lo < hi else { return (lo, lo) }
        if transform.isRolled && transform.isPitched { return computeRolled(row: y) }
        // the world position along the row, from two pixel centres (nil above a pitched horizon, for the whole row)
        func world(_ x: Int) -> Point? {
            transform.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)).map { transform.worldFraction(plane: $0) }
        }
        guard let p0 = world(lo), let p1 = world(lo + 1) else { return (lo, lo) }
        var left = -Double.infinity, right = Double.infinity
        for (start, step, minimum, maximum) in [(p0.x, p1.x - p0.x, tile.minX, tile.maxX), (p0.y, p1.y - p0.y, tile.minY, tile.maxY)] {
            if step == 0 || !step.isFinite {
                if !(start >= minimum && start < maximum) { return (lo, lo) }
                continue
            }
            let t1 = (minimum - start) / step, t2 = (maximum - start) / step
            left = max(left, min(t1, t2))
            right = min(right, max(t1, t2))
        }
        guard left.isFinite || left == -.infinity, right.isFinite || right == .infinity, left <= right + 2 else { return (lo, lo) }
        // the solved run, within a pixel of the exact one: widen or narrow its ends until they agree
        var a = clampedInt(Double(lo) + left.rounded(.down), lo, hi)
        var b = clampedInt(Double(lo) + right.rounded(.up) + 1, lo, hi)
        while a > lo && contains(a - 1, y) { a -= 1 }
        while a < b && !contains(a, y) { a += 1 }
        if a >= b { return (a, a) }
        while b < hi && contains(b, y) { b += 1 }
        while b > a && !contains(b - 1, y) { b -= 1 }
        return (a, b)
    }

    /// ``compute(row:)`` for a rolled, pitched view, where a screen row crosses the ground at varying depth and the
    /// world position along it is projective, not affine: `N(x) / D(x)` with `N` and `D` affine in the column (`D` the
    /// depth factor, positive below the horizon), so each edge of the tile is a linear inequality in `x`.
    private func computeRolled(row y: Int) -> (Int, Int) {
        let lo = clip.x0, hi = clip.x1
        let t = transform
        let d = t.cameraToCenterDistance
        // (world x · D, world y · D, D) at a column's centre, each affine in the column
        func terms(_ x: Int) -> (Double, Double, Double) {
            let r = t.unrolled(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            let denominator = d * t.cosPitch + r.y * t.sinPitch
            let w = t.unrotate(Point(x: r.x * d * t.cosPitch, y: r.y * d))
            return ((w.x + t.centerWorld.x * denominator) / t.worldSize, (w.y + t.centerWorld.y * denominator) / t.worldSize, denominator)
        }
        let (x0, y0, d0) = terms(lo), (x1, y1, d1) = terms(lo + 1)
        var left = -Double.infinity, right = Double.infinity
        // a + b·k >= 0 (k columns from lo): a half-line of k
        func atLeastZero(_ a: Double, _ b: Double) -> Bool {
            if b == 0 { return a >= 0 }
            let k = -a / b
            if b > 0 { left = max(left, k) } else { right = min(right, k) }
            return true
        }
        let dx = x1 - x0, dy = y1 - y0, dd = d1 - d0
        guard atLeastZero(d0 - 1e-9, dd),
              atLeastZero(x0 - tile.minX * d0, dx - tile.minX * dd), atLeastZero(tile.maxX * d0 - x0, tile.maxX * dd - dx),
              atLeastZero(y0 - tile.minY * d0, dy - tile.minY * dd), atLeastZero(tile.maxY * d0 - y0, tile.maxY * dd - dy),
              left <= right + 2 else { return (lo, lo) }
        var a = clampedInt(Double(lo) + (left.isFinite ? left.rounded(.down) : -1), lo, hi)
        var b = clampedInt(Double(lo) + (right.isFinite ? right.rounded(.up) + 1 : Double(hi - lo)), lo, hi)
        while a > lo && contains(a - 1, y) { a -= 1 }
        while a < b && !contains(a, y) { a += 1 }
        if a >= b { return (a, a) }
        while b < hi && contains(b, y) { b += 1 }
        while b > a && !contains(b - 1, y) { b -= 1 }
        return (a, b)
    }
}
