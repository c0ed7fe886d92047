import Foundation
import Geo

/// The pixels of a paint context's clip that show the globe: the tile meshes of the tiles covering
/// the view rasterized as GL JS draws a background on the globe (`draw_background.ts`: each covering
/// tile's mesh, reaching the poles, no stencil), one run per row, worked out when first asked for and
/// kept for the render (backgrounds and layers covering the whole view read it).
///
/// The sphere's outline is convex: a row shows it on one run of columns. A blend with Mercator's outline is not
/// (near a pole in view, the world's top edge bends down between two points: GL JS's mesh leaves a notch there), and
/// its rows may show it on several runs (``forEachSpan(row:from:to:_:)``).
final class GlobeCover {
    let globe: GlobeView
    let clip: PixelClip
    private let transform: Transform
    /// Start and end column per row of the clip, once worked out: the first and last columns showing the globe.
    private var runs: [Int32] = []
    /// In a blend, each row's runs of columns showing the globe (start and end, in order, apart), row `r`'s from
    /// `pieces[2 * pieceStarts[r]]` to `pieces[2 * pieceStarts[r + 1]]`; empty on the sphere (one run a row: ``runs``).
    private var pieces: [Int32] = []
    private var pieceStarts: [Int] = []

    init(transform: Transform, globe: GlobeView, clip: PixelClip) {
        self.transform = transform
        self.globe = globe
        self.clip = clip
    }

    /// The columns `a..<b` of row `y` from the first to the last showing the globe (empty when `a >= b`): all of them
    /// show it on the sphere; in a blend, see ``forEachSpan(row:from:to:_:)``.
    @inline(__always)
    func span(row y: Int) -> (Int, Int) {
        if runs.isEmpty { work() }
        let i = 2 * (y - clip.y0)
        guard i >= 0, i + 1 < runs.count else { return (0, 0) }
        return (Int(runs[i]), Int(runs[i + 1]))
    }

    /// Calls `body` with each run of columns `a..<b` of row `y` that shows the globe, within `x0..<x1`, left to right.
    @inline(__always)
    func forEachSpan(row y: Int, from x0: Int, to x1: Int, _ body: (Int, Int) -> Void) {
        let (a, b) = span(row: y)
        let r = y - clip.y0
        if pieceStarts.isEmpty || r < 0 || r + 1 >= pieceStarts.count {
            let (lo, hi) = (max(a, x0), min(b, x1))
            if lo < hi { body(lo, hi) }
            return
        }
        for k in pieceStarts[r]..<pieceStarts[r + 1] {
            let (lo, hi) = (max(Int(pieces[2 * k]), x0), min(Int(pieces[2 * k + 1]), x1))
            if lo < hi { body(lo, hi) }
        }
    }

    private func work() {
        let rows = max(0, clip.y1 - clip.y0)
        if isInsideGlobe(clip) {
            // the whole clip shows the globe (its outline is convex): no mesh to draw
            var runs = [Int32](repeating: 0, count: 2 * max(1, rows))
            for r in 0..<rows {
                runs[2 * r] = Int32(clip.x0)
                runs[2 * r + 1] = Int32(clip.x1)
            }
            self.runs = runs
            return
        }
        var runs = [Int32](repeating: Int32(clip.x0), count: 2 * max(1, rows))
        let y0 = clip.y0
        // On the sphere, a row whose whole width lies on the globe (a margin inside its outline, as for
        // the whole clip above) shows it from edge to edge: the meshes are drawn only over the rows from
        // the first to the last that reach the outline (the outline is convex: the rows at the top and
        // bottom of the globe, and those beside its limb).
        var meshRows = 0..<rows
        if globe.isSphere {
            var first = rows, last = -1
            // (the lines through the rows' boxes' tops and bottoms: a whole margin apart from the rows, the line
            // under row r's box is over row r + 2 · margin + 1's)
            let margin = GlobeCover.insideMargin
            let crossings = outlineCrossings(from: Double(y0) - margin, count: rows + Int(2 * margin) + 1)
            for r in 0..<rows {
                if rowIsInsideGlobe(r, crossings) {
                    runs[2 * r + 1] = Int32(clip.x1)
                } else {
                    first = min(first, r)
                    last = r
                }
            }
            guard first <= last else {
                self.runs = runs
                return
            }
            meshRows = first..<(last + 1)
            for r in meshRows { runs[2 * r + 1] = Int32(clip.x0) }
        }
        let meshClip = PixelClip(x0: clip.x0, y0: y0 + meshRows.lowerBound, x1: clip.x1, y1: y0 + meshRows.upperBound)
        var rasterizer = GlobeMeshRasterizer(globe: globe, clip: meshClip)
        rasterizer.skipsTilesOffClip = skipsTilesOffClip
        rasterizer.interpolates = false  // (only the runs' ends are read)
        if globe.isSphere && skipsInnerQuads {
            // Only the ends of each row's run come from the meshes' triangles near the outline: what lies well
            // inside it is covered (as whole rows are above), so each row starts with its inner columns and
            // the quads wholly within them are not rasterized.
            let inner = innerColumns(rows: meshClip.y0..<meshClip.y1)
            for (k, r) in meshRows.enumerated() where inner[2 * k] <= inner[2 * k + 1] {
                let a = max(clip.x0, Int((inner[2 * k] - 0.5).rounded(.up)))
                let b = min(clip.x1, Int((inner[2 * k + 1] - 0.5).rounded(.down)) + 1)
                if a < b {
                    runs[2 * r] = Int32(a)
                    runs[2 * r + 1] = Int32(b)
                }
            }
            let firstRow = meshClip.y0, rowCount = meshClip.y1 - meshClip.y0
            rasterizer.skipsQuad = { minX, minY, maxX, maxY in
                // the rows whose centres the quad can reach (its triangles cover centres in (minY, maxY]);
                // inner's left edge is convex in y and its right concave, so the two end rows decide
                let top = max(0, Int((minY - 0.5).rounded(.down)) - firstRow)
                let bottom = min(rowCount - 1, Int((maxY - 0.5).rounded(.up)) - firstRow)
                if top > bottom { return true }
                return inner[2 * top] <= minX && maxX <= inner[2 * top + 1]
                    && inner[2 * bottom] <= minX && maxX <= inner[2 * bottom + 1]
            }
        }
        // (in a blend, every span kept by row, to be joined into the row's runs)
        var rowSpans: [[(Int32, Int32)]] = globe.isSphere ? [] : Array(repeating: [], count: rows)
        for tile in GlobeCover.tiles(transform: transform, globe: globe) {
            rasterizer.rasterize(GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile)) { s in
                let i = 2 * (s.y - y0)
                if runs[i] >= runs[i + 1] {
                    runs[i] = Int32(s.x0)
                    runs[i + 1] = Int32(s.x1)
                } else {
                    runs[i] = min(runs[i], Int32(s.x0))
                    runs[i + 1] = max(runs[i + 1], Int32(s.x1))
                }
                if !rowSpans.isEmpty { rowSpans[s.y - y0].append((Int32(s.x0), Int32(s.x1))) }
            }
        }
        if !rowSpans.isEmpty { (pieces, pieceStarts) = GlobeCover.joined(rowSpans) }
        self.runs = runs
    }

    /// Each row's spans sorted and joined where they touch or overlap, one after another (start and end), and where
    /// each row's start: ``pieces`` and ``pieceStarts``.
    static func joined(_ rows: [[(Int32, Int32)]]) -> (pieces: [Int32], starts: [Int]) {
        var pieces: [Int32] = [], starts: [Int] = [0]
        starts.reserveCapacity(rows.count + 1)
        for spans in rows {
            var count = 0
            for (a, b) in spans.sorted(by: { $0.0 < $1.0 }) where a < b {
                if count > 0, a <= pieces[pieces.count - 1] {
                    pieces[pieces.count - 1] = max(pieces[pieces.count - 1], b)
                } else {
                    pieces.append(a)
                    pieces.append(b)
                    count += 1
                }
            }
            starts.append(starts[starts.count - 1] + count)
        }
        return (pieces, starts)
    }

    /// A world point (Web Mercator fractions, x within half a world of the centre's) of the globe seen in the
    /// clip, or `nil` when the clip shows none of it: painters ask on which side of a ring the clip's part of the
    /// globe lies when the ring itself is off the clip.
    private(set) lazy var probe: Point? = {
        for y in clip.y0..<clip.y1 {
            var first: (Int, Int)?
            forEachSpan(row: y, from: clip.x0, to: clip.x1) { a, b in if first == nil { first = (a, b) } }
            guard let (a, b) = first, let w = globe.world(screenX: Double(a + b) / 2, y: Double(y) + 0.5) else { continue }
            return w
        }
        return nil
    }()

    /// Whether ``work()`` leaves out the quads that lie within ``innerColumns(rows:)`` (tests compare both ways).
    var skipsInnerQuads = true
    /// Whether ``work()`` leaves out tiles that cannot reach its rows (``GlobeMeshRasterizer/skipsTilesOffClip``).
    var skipsTilesOffClip = true

    /// For each row of `rows`, the continuous columns `left...right` (two entries a row) whose pixel centres lie
    /// well inside the globe's outline: a box of ``innerMargin`` pixels around the centre lies on it (the tile
    /// meshes' chords are a small fraction of a pixel inside the true outline). The outline is convex, so a box
    /// is on it when its corners are: the right end is the nearer of the outline's right crossings of the rows
    /// above and below, less the margin (likewise the left). A row with none has `left > right`.
    func innerColumns(rows: Range<Int>) -> [Double] {
        let m = GlobeCover.innerMargin
        var inner = [Double](repeating: 0, count: 2 * rows.count)
        // the outline's crossings of the rows through each centre's box's top and bottom, each once: a whole margin
        // apart from the centres, the bottom of row k's box is the top of row k + 2m's
        let reach = Int(2 * m)
        let crossings = outlineCrossings(from: Double(rows.lowerBound) + 0.5 - m, count: rows.count + reach)
        for k in 0..<rows.count {
            guard let above = crossings[k], let below = crossings[k + reach] else {
                inner[2 * k] = 1; inner[2 * k + 1] = 0
                continue
            }
            inner[2 * k] = max(above.left, below.left) + m
            inner[2 * k + 1] = min(above.right, below.right) - m
        }
        return inner
    }

    /// How far inside the outline (pixels) a pixel centre's box must lie for ``innerColumns(rows:)`` (half pixels).
    static let innerMargin = 3.0

    /// Whether the whole clip lies on the globe, a margin inside its outline: the outline of a
    /// sphere seen in perspective is an ellipse (convex), so four corners on it put the rectangle on
    /// it; the margin keeps the mesh's chords (inside the true outline) around the corners too. A
    /// blend with Mercator bends the outline: checked along the clip's edges instead.
    private func isInsideGlobe(_ clip: PixelClip) -> Bool {
        guard !clip.isEmpty else { return false }
        let margin = GlobeCover.insideMargin
        let x0 = Double(clip.x0) - margin, y0 = Double(clip.y0) - margin
        let x1 = Double(clip.x1) + margin, y1 = Double(clip.y1) + margin
        let steps = globe.isSphere ? 1 : 16
        for k in 0...steps {
            let f = Double(k) / Double(steps)
            let xs = x0 + (x1 - x0) * f, ys = y0 + (y1 - y0) * f
            for (x, y) in [(xs, y0), (xs, y1), (x0, ys), (x1, ys)] where !globe.isOnGlobe(screenX: x, y: y) {
                return false
            }
        }
        return true
    }

    /// How far outside a clip (pixels) its box must lie on the globe for ``isInsideGlobe(_:)`` (whole pixels: rows
    /// share the lines through their boxes).
    static let insideMargin = 2.0

    /// The outline's crossings (``GlobeCamera/outline(row:)``) of `count` lines a pixel apart, from line `first` down:
    /// each worked out once where rows share them.
    private func outlineCrossings(from first: Double, count: Int) -> [(left: Double, right: Double)?] {
        let camera = globe.camera
        return (0..<count).map { camera.outline(row: first + Double($0)) }
    }

    /// ``isInsideGlobe(_:)`` for the clip's row `r` (from its first) on the sphere, from the outline's crossings of
    /// the lines through the box's top and bottom corners (`crossings`, from ``insideMargin`` above the clip's first
    /// row: the outline is convex, so the box's corners lie on the globe when they lie between the crossings of their
    /// lines), without a ray per corner.
    private func rowIsInsideGlobe(_ r: Int, _ crossings: [(left: Double, right: Double)?]) -> Bool {
        let margin = GlobeCover.insideMargin
        guard let top = crossings[r], let bottom = crossings[r + Int(2 * margin) + 1] else { return false }
        let left = Double(clip.x0) - margin, right = Double(clip.x1) + margin
        return max(top.left, bottom.left) <= left && right <= min(top.right, bottom.right)
    }

    /// The world rectangles of the tiles covering the globe's view, as GL JS covers it for its background: from a
    /// covering zoom of 5 its variable-zoom tiles (``Transform/sourceTiles(tileSize:minimumZoom:maximumZoom:rounding:)``:
    /// a tile's zoom falls with its distance, so a steep view at a deep zoom takes a few hundred tiles, not the camera
    /// zoom's tiles over the whole rectangle out to the horizon, billions at zoom 22); below it the tiles at the camera's
    /// tile zoom over the world rectangle holding what shows (x within half a world of the centre's).
    static func tiles(transform: Transform, globe: GlobeView) -> [WorldBounds] {
        if transform.coversWithVariableZoom {
            var seen = Set<TileID>()
            var tiles: [WorldBounds] = []
            // one tile per column of the sphere (x and x + 2^z are the same tile on the globe)
            for id in transform.sourceTiles(tileSize: 512, minimumZoom: 0, maximumZoom: 24) {
                let c = id.tile.canonical
                guard seen.insert(c).inserted else { continue }
                let n = Double(1 << c.z)
                tiles.append(WorldBounds(minX: Double(c.x) / n, minY: Double(c.y) / n, maxX: Double(c.x + 1) / n, maxY: Double(c.y + 1) / n))
            }
            if !tiles.isEmpty { return tiles }
        }
        let corners = globe.visibleWorldCorners()
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in corners {
            minX = min(minX, c.x); maxX = max(maxX, c.x); minY = min(minY, c.y); maxY = max(maxY, c.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return [] }
        let z = max(0, min(24, transform.tileZoom))
        let n = Double(1 << z)
        let x0 = Int((minX * n).rounded(.down)), x1 = Int((maxX * n).rounded(.down))
        let y0 = max(0, Int((minY * n).rounded(.down))), y1 = min((1 << z) - 1, Int((maxY * n).rounded(.down)))
        guard x1 >= x0, y1 >= y0 else { return [] }
        // one tile per column of the sphere (x and x + 2^z are the same tile on the globe)
        let columns = Array(x0...min(x1, x0 + (1 << z) - 1))
        var tiles: [WorldBounds] = []
        for y in y0...y1 {
            for x in columns {
                tiles.append(WorldBounds(minX: Double(x) / n, minY: Double(y) / n, maxX: Double(x + 1) / n, maxY: Double(y + 1) / n))
            }
        }
        return tiles
    }
}
