import Geo

extension PointRuns {
    /// How far a thin line's drawing on the globe may move for a point of its runs to be left out: what
    /// ``forEachKept(inRun:tolerance:_:)`` allows.
    struct KeptTolerance {
        /// Device pixels the line's middle may move: a quarter of SwiftShader's subpixel step, the precision GL JS's
        /// references place vertices with.
        var distance = 1.0 / 64
        /// The most the foreshortening (the cosine between the sphere's normal and the direction to the camera) may
        /// differ, relatively, from its value interpolated between the points kept: the line's width on screen and
        /// its antialiasing (GL JS's `v_gamma_scale`) follow it, and a thousandth moved pixels of lines running to
        /// the limb by a tenth of their value.
        var foreshortening = 1e-4
        /// The camera's distance from the sphere's centre, in radii (the foreshortening from a horizon side).
        var cameraDistance: Double

        /// Strokes at most this many device pixels from their middle to their outer edge (antialiasing included)
        /// leave out points; a wider one's edges move by more than its middle.
        static let thinOutset = 3.0
    }

    /// Points left out in a row at most by ``forEachKept(inRun:tolerance:_:)``.
    static let maximumLeftOut = 8

    /// Calls `keep` with the indices in ``points`` of the points of run `k` its drawing needs: its first and last,
    /// and any other unless, with every point left out since the last kept, it lies within `tolerance` of the segment
    /// from the last kept point to the next, on screen and in foreshortening (at most ``maximumLeftOut`` in a row).
    ///
    /// The globe's lines are split on GL JS's grid and its data's points are as dense towards the limb as at the
    /// centre, where the sphere foreshortens them: a band of a continent's borders near the limb is thousands of
    /// sub-pixel segments, two triangles each, that draw what far fewer draw to a sixty-fourth of a pixel. Every
    /// point is kept for runs without screen positions, or without `tolerance`.
    func forEachKept(inRun k: Int, tolerance: KeptTolerance?, _ keep: (Int) -> Void) {
        let r = range(k)
        guard let tolerance, screen.count == points.count, sides.count == points.count, r.count > 2 else {
            for j in r { keep(j) }
            return
        }
        let d = tolerance.cameraDistance, distance2 = tolerance.distance * tolerance.distance
        screen.withUnsafeBufferPointer { screen in
            sides.withUnsafeBufferPointer { sides in
                // each point's foreshortening, worked out once (a point is tested again as the segment grows): with the
                // camera at distance d from the centre of the unit sphere, a point s with horizon side h has
                // s·c - 1 = d h and |c - s|² = d² - 2 d h - 1
                withUnsafeTemporaryAllocation(of: Double.self, capacity: r.count) { f in
                    for j in r {
                        let h = sides[j]
                        f[j - r.lowerBound] = d * h / max(1e-12, (d * d - 2 * d * h - 1).squareRoot())
                    }
                    let s = UnsafeBufferPointer(rebasing: screen[r])
                    var anchor = 0
                    keep(r.lowerBound)
                    for j in 1..<(r.count - 1) {
                        if j + 1 - anchor <= Self.maximumLeftOut + 1
                            && Self.near(s, f, from: anchor, to: j + 1, distance2: distance2, relative: tolerance.foreshortening) {
                            continue
                        }
                        keep(r.lowerBound + j)
                        anchor = j
                    }
                    keep(r.upperBound - 1)
                }
            }
        }
    }

    /// Whether every point strictly between `a` and `b` lies within the square root of `distance2` of segment `a b`
    /// on screen (`s`), and its foreshortening (`f`) within `relative` of its value interpolated between theirs (at
    /// its place along the segment).
    @inline(__always)
    private static func near(_ s: UnsafeBufferPointer<Point>, _ f: UnsafeMutableBufferPointer<Double>, from a: Int, to b: Int,
                             distance2: Double, relative: Double) -> Bool {
        let p = s[a], q = s[b]
        let dx = q.x - p.x, dy = q.y - p.y
        let length2 = dx * dx + dy * dy
        for m in (a + 1)..<b {
            let c = s[m]
            var ex = c.x - p.x, ey = c.y - p.y
            var t = 0.0
            if length2 > 0 {
                t = max(0, min(1, (ex * dx + ey * dy) / length2))
                ex -= t * dx
                ey -= t * dy
            }
            if ex * ex + ey * ey > distance2 { return false }
            if abs(f[a] + (f[b] - f[a]) * t - f[m]) > relative * f[m] { return false }
        }
        return true
    }
}
