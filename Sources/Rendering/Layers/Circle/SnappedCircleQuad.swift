import Geo

/// The pixels a circle pitched with the map covers in GL JS's reference pictures: GL JS draws each circle as a quad
/// (two triangles, `(0, 1, 2)` and `(0, 2, 3)` of the extrusion corners `(-1, -1)`, `(1, -1)`, `(1, 1)`, `(-1, 1)`)
/// and SwiftShader rasterizes it from vertices on its 1/16-pixel grid (``Transform/snapped(_:)``), while the
/// extrusion the fragment shader reads stays that of the exact position. A circle far away in a steep view is a
/// sliver under a pixel tall, so whether a pixel centre falls in it is decided by the snapped quad.
enum SnappedCircleQuad {
    /// Calls `body(y, x0, x1)` for the pixels of the quad with screen corners `corners` (in the order above) in each
    /// row. A centre on an edge belongs to the triangle on the edge's right or, for a horizontal edge, above it
    /// (GL's top-left rule in its y-up window, as ``PixelCenterScanner/HorizontalTie/above``); the two triangles
    /// share their diagonal, so no centre is covered twice.
    static func scan(_ corners: [Point], clip: PixelClip, _ body: (Int, Int, Int) -> Void) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        for (i, j, k) in [(0, 1, 2), (0, 2, 3)] {
            scanTriangle(corners[i], corners[j], corners[k], clip: clip, body)
        }
    }

    private static func scanTriangle(_ a: Point, _ b: Point, _ c: Point, clip: PixelClip, _ body: (Int, Int, Int) -> Void) {
        let minY = min(a.y, b.y, c.y), maxY = max(a.y, b.y, c.y)
        // rows whose centre lies in (minY, maxY]
        let y0 = clampedInt((minY + 0.5).rounded(.down), clip.y0, clip.y1)
        let y1 = clampedInt((maxY + 0.5).rounded(.down), clip.y0, clip.y1)
        guard y0 < y1 else { return }
        let points = [a, b, c]
        for y in y0..<y1 {
            let yc = Double(y) + 0.5
            var lx = Double.infinity, rx = -Double.infinity
            for k in 0..<3 {
                var u = points[k], v = points[(k + 1) % 3]
                // every edge evaluated from its upper end, so the triangles sharing it agree exactly
                if u.y > v.y || (u.y == v.y && u.x > v.x) { swap(&u, &v) }
                guard u.y < yc, yc <= v.y else { continue }
                let x = u.x + (v.x - u.x) * ((yc - u.y) / (v.y - u.y))
                lx = min(lx, x)
                rx = max(rx, x)
            }
            guard lx < rx else { continue }
            let x0 = clip.firstColumn(atOrRightOf: lx), x1 = clip.firstColumn(atOrRightOf: rx)
            if x0 < x1 { body(y, x0, x1) }
        }
    }
}
