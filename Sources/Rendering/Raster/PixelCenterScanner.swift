/// Scans polygons the way a GPU rasterizes triangles without multisampling: a pixel belongs to the
/// polygon when its centre does (half-open on the right and bottom).
///
/// MapLibre draws fills, lines and circles this way and computes antialiasing in its shaders, so the
/// painters use this scanner plus per-pixel alpha functions to match MapLibre's output. Edge storage
/// is reused between calls.
struct PixelCenterScanner {
    private struct Edge {
        var y0: Double
        var y1: Double
        var x0: Double
        var slope: Double
        var dir: Int32
    }
    private var edges: [Edge] = []
    /// Scratch for ``orderByFirstRow(rows:above:)``: the edges put in order, and where each row's start.
    private var ordered: [Edge] = []
    private var rowFirsts: [Int] = []
    private var active: [Int] = []
    private var crossings: [(x: Double, dir: Int32)] = []
    /// Which polygon owns a pixel centre on a horizontal edge when a scan does not say
    /// (``HorizontalTie``): a paint context sets its transform's reference's rule (``RasterReference/flatTies``).
    var ties = HorizontalTie.below

    init() {}

    /// The bytes its reused storage holds (``PaintScratch``).
    var byteCount: Int {
        (edges.capacity + ordered.capacity) * MemoryLayout<Edge>.stride + (rowFirsts.capacity + active.capacity) * MemoryLayout<Int>.stride
            + crossings.capacity * MemoryLayout<(x: Double, dir: Int32)>.stride
    }

    /// Calls `body(y, x0, x1)` for each run of covered pixels `x0..<x1` in row `y`, clipped to `width x height`.
    mutating func scan(rings: [[Point]], rule: FillRule, width: Int, height: Int,
                       _ body: (Int, Int, Int) -> Void) {
        scan(rings: rings, rule: rule, clip: PixelClip(width: width, height: height), body)
    }

    /// Calls `body(y, x0, x1)` for each run of covered pixels `x0..<x1` in row `y`, within `clip`.
    ///
    /// `ties` says which polygon owns a pixel centre lying exactly on a horizontal edge: the one below it
    /// (``HorizontalTie/below``: MapLibre Native's references, GL's window y axis pointing down the
    /// picture) or the one above it (``HorizontalTie/above``: GL JS's references, drawn by Chromium's
    /// SwiftShader into a framebuffer whose rows are turned over when read back); nil is the scanner's ``ties``.
    mutating func scan(rings: [[Point]], rule: FillRule, clip: PixelClip, ties: HorizontalTie? = nil,
                       _ body: (Int, Int, Int) -> Void) {
        edges.removeAll(keepingCapacity: true)
        // (only the edges reaching the clip's rows: the others cross none of the rows scanned)
        let top = Double(clip.y0), bottom = Double(clip.y1)
        for ring in rings { addRing(ring[...], top: top, bottom: bottom) }
        run(rule: rule, clip: clip, ties: ties ?? self.ties, body)
    }

    /// ``scan(rings:rule:clip:ties:_:)`` over rings stored one after another (``PointRuns``).
    mutating func scan(rings: PointRuns, rule: FillRule, clip: PixelClip, ties: HorizontalTie? = nil,
                       _ body: (Int, Int, Int) -> Void) {
        edges.removeAll(keepingCapacity: true)
        let top = Double(clip.y0), bottom = Double(clip.y1)
        for k in 0..<rings.count { addRing(rings[k], top: top, bottom: bottom) }
        run(rule: rule, clip: clip, ties: ties ?? self.ties, body)
    }

    /// Which polygon owns a pixel centre exactly on a horizontal edge (see ``scan(rings:rule:clip:ties:_:)``).
    enum HorizontalTie {
        case below
        case above
    }

    /// Scans one triangle (either winding) with the same pixel-centre rule as ``scan(rings:rule:width:height:_:)``,
    /// without building an edge list: line meshes are many small triangles.
    static func scanTriangle(_ a: Point, _ b: Point, _ c: Point, width: Int, height: Int,
                             _ body: (Int, Int, Int) -> Void) {
        scanTriangle(a, b, c, clip: PixelClip(width: width, height: height), body)
    }

    /// ``scanTriangle(_:_:_:width:height:_:)`` within `clip`.
    ///
    /// A row at `yc` crosses an edge when `upper.y <= yc < lower.y`, at `upper.x + (yc - upper.y) · slope`; with the
    /// corners sorted by y, rows above the middle corner cross the long edge and the upper short edge, the rows below
    /// it the long edge and the lower one (each edge's slope worked out once, the same value every row would).
    static func scanTriangle(_ a: Point, _ b: Point, _ c: Point, clip: PixelClip, _ body: (Int, Int, Int) -> Void) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, c.x.isFinite, c.y.isFinite else { return }
        // corners top to bottom
        var (p0, p1, p2) = (a, b, c)
        if p1.y < p0.y { swap(&p0, &p1) }
        if p2.y < p1.y { swap(&p1, &p2) }
        if p1.y < p0.y { swap(&p0, &p1) }
        let rowStart = clip.firstRow(atOrBelow: p0.y)
        let rowEnd = clip.firstRow(atOrBelow: p2.y)
        if rowStart >= rowEnd || max(a.x, b.x, c.x) < Double(clip.x0) - 1 || min(a.x, b.x, c.x) > Double(clip.x1) + 1 { return }
        // (p0.y < p2.y here: a flat triangle holds no row)
        let long = (p2.x - p0.x) / (p2.y - p0.y)
        let upper = p0.y < p1.y ? (p1.x - p0.x) / (p1.y - p0.y) : 0
        let lower = p1.y < p2.y ? (p2.x - p1.x) / (p2.y - p1.y) : 0
        for y in rowStart..<rowEnd {
            let yc = Double(y) + 0.5
            let x = p0.x + (yc - p0.y) * long
            let other = yc < p1.y ? p0.x + (yc - p0.y) * upper : p1.x + (yc - p1.y) * lower
            let x0 = clip.firstColumn(atOrRightOf: min(x, other))
            let x1 = clip.firstColumn(atOrRightOf: max(x, other))
            if x0 < x1 { body(y, x0, x1) }
        }
    }

    /// Adds the ring's edges that reach rows `top...bottom` (a row's centre is half a pixel below its top: an edge
    /// wholly above or below them is active in no row between).
    private mutating func addRing(_ ring: ArraySlice<Point>, top: Double, bottom: Double) {
        guard ring.count >= 2 else { return }
        var prev = ring[ring.endIndex - 1]
        for p in ring {
            defer { prev = p }
            guard p.x.isFinite, p.y.isFinite, prev.x.isFinite, prev.y.isFinite else { continue }
            if p.y == prev.y { continue }
            let (a, b, d): (Point, Point, Int32) = p.y > prev.y ? (prev, p, 1) : (p, prev, -1)
            if b.y < top || a.y > bottom { continue }
            edges.append(Edge(y0: a.y, y1: b.y, x0: a.x, slope: (b.x - a.x) / (b.y - a.y), dir: d))
        }
    }

    /// Scans the edge list row by row. A row's centre `yc` crosses an edge when `y0 <= yc < y1` with ties to the
    /// polygon below (a centre on a horizontal edge is the lower polygon's) and when `y0 < yc <= y1` with ties to
    /// the polygon above.
    private mutating func run(rule: FillRule, clip: PixelClip, ties: HorizontalTie, _ body: (Int, Int, Int) -> Void) {
        if edges.isEmpty { return }
        var minY = Double.infinity, maxY = -Double.infinity
        for e in edges {
            minY = min(minY, e.y0)
            maxY = max(maxY, e.y1)
        }
        let above = ties == .above
        // rows whose centre lies in [minY, maxY), or (minY, maxY] with ties above
        let rowStart = above ? clampedInt((minY + 0.5).rounded(.down), clip.y0, clip.y1) : clip.firstRow(atOrBelow: minY)
        let rowEnd = above ? clampedInt((maxY + 0.5).rounded(.down), clip.y0, clip.y1) : clip.firstRow(atOrBelow: maxY)
        if rowStart >= rowEnd { return }
        // in the order the rows reach them: sorted by their tops, or, when they are many for the rows, put in each's
        // first row (a pass over them and the rows, where a sort costs n log n: a country's ring has thousands)
        if edges.count >= 32 && edges.count * 8 >= rowEnd - rowStart {
            orderByFirstRow(rows: rowStart..<rowEnd, above: above)
        } else {
            edges.sort { $0.y0 < $1.y0 }
        }
        active.removeAll(keepingCapacity: true)
        var next = 0
        for y in rowStart..<rowEnd {
            let yc = Double(y) + 0.5
            while next < edges.count, above ? edges[next].y0 < yc : edges[next].y0 <= yc {
                active.append(next)
                next += 1
            }
            crossings.removeAll(keepingCapacity: true)
            var k = 0
            while k < active.count {
                let e = edges[active[k]]
                if above ? e.y1 < yc : e.y1 <= yc {
                    active[k] = active[active.count - 1]
                    active.removeLast()
                    continue
                }
                crossings.append((e.x0 + (yc - e.y0) * e.slope, e.dir))
                k += 1
            }
            emit(row: y, rule: rule, clip: clip, body)
        }
    }

    /// Puts the edges in the order of the first row of `rows` whose centre reaches them (``run(rule:clip:ties:_:)``'s:
    /// `y0 <= yc`, or `y0 < yc` with ties `above`), those reaching it before `rows` in its first and those after in
    /// none of them last: each row then takes the next edges in order while they are reached, as after sorting them
    /// by `y0` (the first row never falls as `y0` grows), and the rows' crossings are the same, sorted by x.
    private mutating func orderByFirstRow(rows: Range<Int>, above: Bool) {
        let count = rows.count
        @inline(__always) func first(_ e: Edge) -> Int {
            // (the first row y with y0 <= y + 0.5, or y0 < y + 0.5: within the rows, or just after them)
            (above ? clampedInt((e.y0 + 0.5).rounded(.down), rows.lowerBound, rows.upperBound)
                   : clampedCeil(e.y0 - 0.5, rows.lowerBound, rows.upperBound)) - rows.lowerBound
        }
        rowFirsts.removeAll(keepingCapacity: true)
        rowFirsts.append(contentsOf: repeatElement(0, count: count + 2))
        for e in edges { rowFirsts[first(e) + 1] += 1 }
        for r in 0...count { rowFirsts[r + 1] += rowFirsts[r] }
        ordered.removeAll(keepingCapacity: true)
        ordered.append(contentsOf: edges)
        ordered.withUnsafeMutableBufferPointer { out in
            rowFirsts.withUnsafeMutableBufferPointer { starts in
                for e in edges {
                    let r = first(e)
                    out[starts[r]] = e
                    starts[r] += 1
                }
            }
        }
        swap(&edges, &ordered)
    }

    /// Sorts the row's crossings and calls `body` for each run of pixels inside by `rule`.
    @inline(__always)
    private mutating func emit(row y: Int, rule: FillRule, clip: PixelClip, _ body: (Int, Int, Int) -> Void) {
        if crossings.count < 2 { return }
        if crossings.count > 32 {
            // Many crossings (a zig-zag or comb whose edges all start on one row come out of the
            // active list in no x order): sort them, so a row costs n log n, not n^2.
            crossings.sort { $0.x < $1.x }
        } else {
            // Insertion sort: crossings per row are usually few.
            for i in 1..<crossings.count {
                let c = crossings[i]
                var j = i - 1
                while j >= 0, crossings[j].x > c.x {
                    crossings[j + 1] = crossings[j]
                    j -= 1
                }
                crossings[j + 1] = c
            }
        }
        var winding: Int32 = 0
        for i in 0..<(crossings.count - 1) {
            winding += crossings[i].dir
            let inside = rule == .nonZero ? winding != 0 : (winding & 1) != 0
            if !inside { continue }
            let xa = crossings[i].x, xb = crossings[i + 1].x
            let x0 = clip.firstColumn(atOrRightOf: xa)
            let x1 = clip.firstColumn(atOrRightOf: xb)
            if x0 < x1 { body(y, x0, x1) }
        }
    }
}

/// `v` as an integer within `lo...hi`: huge and infinite values clamp, NaN gives `lo` (a span
/// of nothing), so no coordinate, however absurd, can trap the conversion.
@inline(__always)
func clampedInt(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    guard v > Double(lo) else { return lo }
    guard v < Double(hi) else { return hi }
    return Int(v)
}
