/// A cubic Bézier timing curve from (0, 0) to (1, 1) through two control points, solved as
/// `@mapbox/unitbezier` (WebKit's `UnitBezier`) does: Newton steps, then bisection. The
/// `cubic-bezier` interpolation of expressions and the camera's easing both use it.
public struct UnitBezier: Sendable, Hashable {
    let cx, bx, ax, cy, by, ay: Double

    /// The curve with control points (x1, y1) and (x2, y2).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The curve's progress at time fraction `x` (0...1).
    public func solve(_ x: Double, epsilon: Double = 1e-6) -> Double {
        sampleY(solveX(x, epsilon: epsilon))
    }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    private func solveX(_ x: Double, epsilon: Double) -> Double {
        if x < 0 { return 0 }
        if x > 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < epsilon { return t }
            let d = derivativeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<20 {
            let value = sampleX(t)
            if abs(value - x) < epsilon { break }
            if x > value { lo = t } else { hi = t }
            t = (hi - lo) * 0.5 + lo
        }
        return t
    }
}
