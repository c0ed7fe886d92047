package import MapStyle
/// An exact-area antialiasing scanline rasterizer (the signed-area / cover accumulation scheme of
/// font rasterizers such as font-rs and FreeType's "smooth" renderer).
///
/// Each edge adds, to the cells it crosses, the signed area it leaves to its right; a running sum
/// along a row then gives every pixel's exact covered area (times winding). The fill rule is applied to
/// that sum: non-zero takes `min(1, |sum|)`, even-odd folds it modulo 2. The accumulation buffer is
/// reused between calls, so rasterizing many small shapes allocates nothing.
package struct CoverageRasterizer: Sendable {
    private var accumulation: [Float] = []
    private var rowCoverage: [Float] = []

    /// Creates a rasterizer with empty scratch buffers.
    package init() {}

    /// Rasterizes closed polygons (rings need not repeat their first point) clipped to `width x height`
    /// and calls `body(y, x0, coverage)` for each row with a run of coverage values starting at `x0`.
    package mutating func rasterize(_ rings: [[Point]], rule: FillRule, width: Int, height: Int,
                                   _ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for ring in rings {
            for p in ring where p.x.isFinite && p.y.isFinite {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, width > 0, height > 0 else { return }
        let col0 = Int(max(0, min(Double(width), minX.rounded(.down))))
        let col1 = Int(max(0, min(Double(width), maxX.rounded(.up))))
        let row0 = Int(max(0, min(Double(height), minY.rounded(.down))))
        let row1 = Int(max(0, min(Double(height), maxY.rounded(.up))))
        guard col0 < col1, row0 < row1 else { return }
        let spanWidth = col1 - col0
        let stride = spanWidth + 3
        let rows = row1 - row0
        let needed = stride * rows
        if accumulation.count < needed { accumulation = [Float](repeating: 0, count: needed) }
        if rowCoverage.count < spanWidth { rowCoverage = [Float](repeating: 0, count: spanWidth) }
        let right = Double(spanWidth + 1)
        accumulation.withUnsafeMutableBufferPointer { acc in
            let a = acc.baseAddress!
            for ring in rings where ring.count >= 2 {
                var prev = ring[ring.count - 1]
                for p in ring {
                    defer { prev = p }
                    guard p.x.isFinite, p.y.isFinite, prev.x.isFinite, prev.y.isFinite else { continue }
                    // Local coordinates: x relative to col0, y relative to row0.
                    let ax = prev.x - Double(col0), ay = prev.y - Double(row0)
                    let bx = p.x - Double(col0), by = p.y - Double(row0)
                    CoverageRasterizer.addClipped(a, stride: stride, rows: rows, right: right,
                                                  ax, ay, bx, by)
                }
            }
        }
        accumulation.withUnsafeMutableBufferPointer { acc in
            rowCoverage.withUnsafeMutableBufferPointer { cov in
                let a = acc.baseAddress!
                for r in 0..<rows {
                    let line = a + r * stride
                    var sum: Float = 0
                    var any = false
                    for x in 0..<spanWidth {
                        sum += line[x]
                        var c: Float
                        switch rule {
                        case .nonZero:
                            c = min(1, abs(sum))
                        case .evenOdd:
                            let m = abs(sum).truncatingRemainder(dividingBy: 2)
                            c = m > 1 ? 2 - m : m
                        }
                        if c < 1e-6 { c = 0 } else { any = true }
                        cov[x] = c
                    }
                    for x in 0..<stride { line[x] = 0 }
                    if any {
                        body(row0 + r, col0, UnsafeBufferPointer(start: cov.baseAddress!, count: spanWidth))
                    }
                }
            }
        }
    }

    /// Splits an edge at the left (0) and right buffer bounds and clamps x so that parts outside still
    /// contribute their winding to the visible cells.
    private static func addClipped(_ a: UnsafeMutablePointer<Float>, stride: Int, rows: Int, right: Double,
                                   _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
        if ay == by { return }
        let dx = bx - ax
        var t1 = 2.0, t2 = 2.0  // split parameters inside (0, 1), if any
        if dx != 0 {
            let ta = (0 - ax) / dx, tb = (right - ax) / dx
            if ta > 0 && ta < 1 { t1 = ta }
            if tb > 0 && tb < 1 { if t1 > 1 { t1 = tb } else { t2 = tb } }
            if t1 < 1 && t2 < 1 && t2 < t1 { swap(&t1, &t2) }
        }
        var start = 0.0
        for end in [t1, t2, 1.0] where end <= 1 && end > start {
            let x0 = max(0, min(right, ax + dx * start)), x1 = max(0, min(right, ax + dx * end))
            let y0 = ay + (by - ay) * start, y1 = ay + (by - ay) * end
            drawLine(a, stride: stride, rows: rows, x0, y0, x1, y1)
            start = end
        }
    }

    /// Accumulates one edge (font-rs's `draw_line`), clipped vertically to the rows of the buffer.
    private static func drawLine(_ a: UnsafeMutablePointer<Float>, stride: Int, rows: Int,
                                 _ px0: Double, _ py0: Double, _ px1: Double, _ py1: Double) {
        if py0 == py1 { return }
        let (dir, p0x, p0y, p1x, p1y): (Double, Double, Double, Double, Double) =
            py0 < py1 ? (1, px0, py0, px1, py1) : (-1, px1, py1, px0, py0)
        let dxdy = (p1x - p0x) / (p1y - p0y)
        let yStart = max(0, p0y)
        let yEnd = min(Double(rows), p1y)
        if yStart >= yEnd { return }
        var x = p0x + (yStart - p0y) * dxdy
        var y = Int(yStart.rounded(.down))
        let lastRow = Int(yEnd.rounded(.up))
        while y < lastRow {
            let line = a + y * stride
            let dy = min(Double(y + 1), yEnd) - max(Double(y), yStart)
            let xnext = x + dxdy * dy
            let d = Float(dy * dir)
            let (x0, x1) = x < xnext ? (x, xnext) : (xnext, x)
            let x0floor = x0.rounded(.down)
            let x0i = Int(x0floor)
            let x1ceil = x1.rounded(.up)
            let x1i = Int(x1ceil)
            if x1i <= x0i + 1 {
                let xmf = Float(0.5 * (x + xnext) - x0floor)
                line[x0i] += d - d * xmf
                line[x0i + 1] += d * xmf
            } else {
                let s = Float(1 / (x1 - x0))
                let x0f = Float(x0 - x0floor)
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = Float(x1 - x1ceil + 1)
                let am = 0.5 * s * x1f * x1f
                line[x0i] += d * a0
                if x1i == x0i + 2 {
                    line[x0i + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    line[x0i + 1] += d * (a1 - a0)
                    if x0i + 2 < x1i - 1 {
                        for xi in (x0i + 2)..<(x1i - 1) { line[xi] += d * s }
                    }
                    let a2 = a1 + Float(x1i - x0i - 3) * s
                    line[x1i - 1] += d * (1 - a2 - am)
                }
                line[x1i] += d * am
            }
            x = xnext
            y += 1
        }
    }
}

extension Canvas {
    /// Fills polygons with exact-area antialiasing and composites `color` (source-over).
    package mutating func fill(_ rings: [[Point]], color: PremultipliedColor, rule: FillRule = .nonZero,
                              using rasterizer: inout CoverageRasterizer) {
        let w = width, h = height
        pixels.withUnsafeMutableBufferPointer { buf in
            let p = buf.baseAddress!
            rasterizer.rasterize(rings, rule: rule, width: w, height: h) { y, x0, coverage in
                var offset = 4 * (y * w + x0)
                for c in coverage {
                    if c > 0 { Canvas.blendPixel(p, offset: offset, color: color, alpha: c) }
                    offset += 4
                }
            }
        }
    }

    /// Strokes a polyline (device pixels) with exact-area antialiasing: the stroker's pieces are filled
    /// as one non-zero shape, so overlaps are not blended twice.
    package mutating func stroke(_ polyline: [Point], width: Double, color: PremultipliedColor,
                                join: LineJoin = .miter, cap: LineCap = .butt, miterLimit: Double = 2,
                                roundLimit: Double = 1.05, closed: Bool = false,
                                using rasterizer: inout CoverageRasterizer) {
        let pts = Stroker.deduplicated(polyline)
        guard pts.count >= 2, width > 0 else { return }
        var rings: [[Point]] = []
        var stroker = Stroker()
        let style = StrokeStyle(extent: width / 2, join: join, cap: cap, miterLimit: miterLimit, roundLimit: roundLimit)
        stroker.stroke(pts, closed: closed, style: style) { piece in
            var ring = piece.polygon
            if signedArea(ring) < 0 { ring.reverse() }
            rings.append(ring)
        }
        fill(rings, color: color, rule: .nonZero, using: &rasterizer)
    }
}

/// Twice the signed area of a ring (positive = clockwise on a y-down screen).
func signedArea(_ ring: [Point]) -> Double {
    guard ring.count >= 3 else { return 0 }
    var sum = 0.0
    var prev = ring[ring.count - 1]
    for p in ring {
        sum += prev.x * p.y - p.x * prev.y
        prev = p
    }
    return sum
}
