import Foundation
import GeoJSON

/// The camera arithmetic of the map view's gestures, as MapLibre Native's gesture handlers compute
/// it: a released pan's glide, a pinch's zoom and rotation, the one-finger zoom and two-finger tilt
/// rates. The engine side of the SDK's `MapGestures`, which keeps only the recognizer's state.
package enum GestureMath {
    /// Points dragged up per zoom level of a one-finger zoom (tap, then touch and drag).
    package static let oneFingerZoomPoints = 75.0
    /// Degrees of pitch per point two fingers are dragged up.
    package static let pitchDegreesPerPoint = 0.5

    /// A released pan gliding to a stop: the finger's velocity decays by `rate` every millisecond.
    package struct Glide: Sendable {
        /// The finger's speed at release (points per second).
        package var velocity: Point
        /// Native's `decelerationRate`: the fraction of speed kept per millisecond.
        package var rate: Double

        package init(velocity: Point, rate: Double) {
            self.velocity = velocity
            self.rate = rate
        }

        /// How far the finger would have travelled `t` seconds after release.
        package func offset(at t: Double) -> Point {
            let lnr = log(rate)
            let f = (pow(rate, 1000 * min(t, duration)) - 1) / (1000 * lnr)
            return Point(x: velocity.x * f, y: velocity.y * f)
        }

        /// Seconds until the speed falls under one point per second.
        package var duration: Double {
            let speed = GestureMath.length(velocity)
            return speed <= 1 ? 0 : log(1 / speed) / (1000 * log(rate))
        }
    }

    /// A pinch step from one pair of finger positions to the next.
    package struct PinchStep: Sendable {
        /// The zoom change: log2 of the change in finger distance (0 when either distance is 0).
        package var zoomDelta: Double
        /// The bearing change in degrees: turning the fingers clockwise lowers the bearing.
        package var bearingDelta: Double
        /// The fingers' centroid before and after.
        package var from: Point, to: Point
    }

    /// The zoom, rotation and centroid move from `previous` to `current` (two points each).
    package static func pinch(from previous: [Point], to current: [Point]) -> PinchStep {
        let v0 = Point(x: previous[1].x - previous[0].x, y: previous[1].y - previous[0].y)
        let v1 = Point(x: current[1].x - current[0].x, y: current[1].y - current[0].y)
        let d0 = length(v0), d1 = length(v1)
        guard d0 > 0, d1 > 0 else {
            return PinchStep(zoomDelta: 0, bearingDelta: 0, from: centroid(previous), to: centroid(current))
        }
        // Screen angles grow clockwise (y down); turning the fingers clockwise turns the map
        // clockwise, which lowers the bearing.
        let turn = atan2(v0.x * v1.y - v0.y * v1.x, v0.x * v1.x + v0.y * v1.y) * 180 / .pi
        return PinchStep(zoomDelta: log2(d1 / d0), bearingDelta: -turn, from: centroid(previous), to: centroid(current))
    }

    /// The velocity between two samples (points per second); zero when they share a time.
    package static func velocity(from a: Point, at ta: Double, to b: Point, at tb: Double) -> Point {
        let dt = tb - ta
        return dt > 0 ? Point(x: (b.x - a.x) / dt, y: (b.y - a.y) / dt) : Point(x: 0, y: 0)
    }

    /// Two fingers moving the same way up or down, side by side, with little change in spread.
    package static func isVerticalDrag(from start: [Point], to current: [Point]) -> Bool {
        let d0 = Point(x: current[0].x - start[0].x, y: current[0].y - start[0].y)
        let d1 = Point(x: current[1].x - start[1].x, y: current[1].y - start[1].y)
        guard d0.y * d1.y > 0, abs(d0.y) > 2 * abs(d0.x), abs(d1.y) > 2 * abs(d1.x) else { return false }
        let across = Point(x: start[1].x - start[0].x, y: start[1].y - start[0].y)
        return abs(across.x) > abs(across.y)
    }

    /// The midpoint of two fingers.
    package static func centroid(_ p: [Point]) -> Point {
        Point(x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2)
    }

    /// The distance between two points.
    package static func distance(_ a: Point, _ b: Point) -> Double {
        length(Point(x: a.x - b.x, y: a.y - b.y))
    }

    /// The length of a vector.
    package static func length(_ v: Point) -> Double {
        (v.x * v.x + v.y * v.y).squareRoot()
    }
}
