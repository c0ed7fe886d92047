import Foundation
import GeoJSON

/// The path of a camera change, sampled by eased progress: `easeTo` (straight, zoom and centre together)
/// or `flyTo` (van Wijk & Nuij's optimal path: out, across, in), computed as GL JS computes them.
/// The engine side of the SDK's `CameraAnimation`.
package struct CameraPath: Sendable {
    /// The camera at progress 0.
    package let start: MapCamera
    /// The camera at progress 1 (longitude wrapped, bearing as the path turns to it).
    package let target: MapCamera
    /// The path's length in GL JS's units (screenfuls for `flyTo`; `nil` for `easeTo`), which sets
    /// a fly's default duration.
    package let length: Double?
    private let kind: Kind

    private enum Kind: Sendable {
        case ease(from: Point, delta: Point, base: Double)
        case fly(from: Point, delta: Point, rho: Double, r0: Double, length: Double, w0: Double, u1: Double, zoomOut: Double?)
        /// GL JS's globe `handleEaseTo`: longitude and latitude interpolated (`interpolateLngLatForGlobe`),
        /// the zoom normalized to the equator (kept as it is when the zoom does not change).
        case globeEase(dLng: Double, dLat: Double, base: Double, zoomFrom: Double, zoomTo: Double, isZooming: Bool)
        /// GL JS's globe `handleFlyTo`: van Wijk & Nuij's path over the angle between the centres.
        case globeFly(dLng: Double, dLat: Double, rho: Double, r0: Double, length: Double, w0: Double, u1: Double,
                      zoomOut: Double?, zoomFrom: Double)
    }

    private init(start: MapCamera, target: MapCamera, length: Double?, kind: Kind) {
        self.start = start
        var wrapped = target
        wrapped.center.longitude = WorldMath.wrap(longitude: target.center.longitude)
        self.target = wrapped
        self.length = length
        self.kind = kind
    }

    /// An `easeTo`: zoom, bearing, pitch and roll interpolated linearly, the centre moved along the straight
    /// line between the two, sped up while zooming in as GL JS does.
    package static func ease(from start: MapCamera, to target: MapCamera, onGlobe: Bool = false) -> CameraPath {
        let end = normalizedTarget(target, from: start)
        if onGlobe { return globeEase(from: start, to: end) }
        let from = WorldMath.world(start.center)
        let to = WorldMath.world(end.center)
        let scale = pow(2, end.zoom - start.zoom)
        let base = end.zoom > start.zoom ? min(2, scale) : max(0.5, scale)
        return CameraPath(start: start, target: end, length: nil,
                          kind: .ease(from: from, delta: Point(x: to.x - from.x, y: to.y - from.y), base: base))
    }

    /// A `flyTo` in a `width` x `height` view (points), with GL JS's parameters (`curve` is ρ); `nil`
    /// when start and target are the same view (GL JS eases then). `minimumZoom` is the zoom to pass
    /// through at the top of the arc (GL JS's `minZoom`), which sets ρ instead of `curve`.
    package static func fly(from start: MapCamera, to target: MapCamera, width: Int, height: Int,
                            curve: Double, minimumZoom: Double?, onGlobe: Bool = false) -> CameraPath? {
        var end = normalizedTarget(target, from: start)
        let from = WorldMath.world(start.center)
        let to = WorldMath.world(end.center)
        let startWorldSize = 512 * pow(2, start.zoom)
        let delta = Point(x: to.x - from.x, y: to.y - from.y)
        var u1 = (delta.x * delta.x + delta.y * delta.y).squareRoot() * startWorldSize
        let w0 = Double(max(width, height))
        var scaleOfZoom = pow(2, end.zoom - start.zoom)
        var scaleOfMinimumZoom = minimumZoom.map { pow(2, min($0, start.zoom, end.zoom) - start.zoom) }
        if onGlobe {
            // GL JS's globe handleFlyTo: the zooms normalized to the equator, the path the angle between the centres
            end.center.latitude = max(-GlobeCameraMath.maximumLatitude, min(GlobeCameraMath.maximumLatitude, end.center.latitude))
            u1 = GlobeCameraMath.pathLength(from: start, to: end.center)
            let startNormalized = GlobeCameraMath.normalizedZoom(start.zoom, latitude: start.center.latitude)
            let endNormalized = GlobeCameraMath.normalizedZoom(end.zoom, latitude: end.center.latitude)
            scaleOfZoom = pow(2, endNormalized - startNormalized)
            scaleOfMinimumZoom = minimumZoom.map {
                let m = GlobeCameraMath.normalizedZoom($0, latitude: end.center.latitude)
                return pow(2, min(m, startNormalized, endNormalized) - startNormalized)
            }
        }
        let w1 = w0 / scaleOfZoom
        var rho = curve
        if let scaleOfMinimumZoom {
            rho = (w0 / scaleOfMinimumZoom / u1 * 2).squareRoot()
        }
        let rho2 = rho * rho
        func r(_ i: Int) -> Double {
            let b = (w1 * w1 - w0 * w0 + (i == 1 ? -1.0 : 1.0) * rho2 * rho2 * u1 * u1) / (2 * (i == 1 ? w1 : w0) * rho2 * u1)
            return log((b * b + 1).squareRoot() - b)
        }
        let r0 = r(0)
        var length = (r(1) - r0) / rho
        var zoomOut: Double? = nil
        if abs(u1) < 2e-6 || !length.isFinite {
            if abs(w0 - w1) < 1e-6 { return nil }
            zoomOut = w1 < w0 ? -1 : 1
            length = abs(log(w1 / w0)) / rho
        }
        if onGlobe {
            return CameraPath(start: start, target: end, length: length,
                              kind: .globeFly(dLng: GlobeCameraMath.angleDifference(start.center.longitude, end.center.longitude),
                                              dLat: GlobeCameraMath.angleDifference(start.center.latitude, end.center.latitude),
                                              rho: rho, r0: r0, length: length, w0: w0, u1: u1, zoomOut: zoomOut,
                                              zoomFrom: GlobeCameraMath.normalizedZoom(start.zoom, latitude: start.center.latitude)))
        }
        return CameraPath(start: start, target: end, length: length,
                          kind: .fly(from: from, delta: delta, rho: rho, r0: r0, length: length, w0: w0, u1: u1, zoomOut: zoomOut))
    }

    /// The camera at eased progress `k` (0 the start, 1 the target).
    package func camera(progress k: Double) -> MapCamera {
        if k >= 1 { return target }
        var c = start
        c.bearing = start.bearing + (target.bearing - start.bearing) * k
        c.pitch = start.pitch + (target.pitch - start.pitch) * k
        c.roll = start.roll + (target.roll - start.roll) * k
        c.fieldOfView = start.fieldOfView + (target.fieldOfView - start.fieldOfView) * k
        c.centerAltitude = start.centerAltitude + (target.centerAltitude - start.centerAltitude) * k
        switch kind {
        case .ease(let from, let delta, let base):
            c.zoom = start.zoom + (target.zoom - start.zoom) * k
            let speedup = pow(base, 1 - k)
            c.center = Self.wrapped(Point(x: from.x + delta.x * k * speedup, y: from.y + delta.y * k * speedup))
        case .fly(let from, let delta, let rho, let r0, let length, let w0, let u1, let zoomOut):
            let (w, u) = Self.flight(at: k * length, rho: rho, r0: r0, w0: w0, u1: u1, zoomOut: zoomOut)
            c.zoom = start.zoom + log2(1 / w)
            c.center = Self.wrapped(Point(x: from.x + delta.x * u, y: from.y + delta.y * u))
        case .globeEase(let dLng, let dLat, let base, let zoomFrom, let zoomTo, let isZooming):
            let speedup = pow(base, 1 - k)
            var center = GlobeCameraMath.interpolate(start.center, dLng: dLng, dLat: dLat, k: k * speedup)
            center.longitude = WorldMath.wrap(longitude: center.longitude)
            c.center = center
            if isZooming {
                c.zoom = zoomFrom + (zoomTo - zoomFrom) * k + GlobeCameraMath.zoomAdjustment(0, center.latitude)
            }
        case .globeFly(let dLng, let dLat, let rho, let r0, let length, let w0, let u1, let zoomOut, let zoomFrom):
            let (w, u) = Self.flight(at: k * length, rho: rho, r0: r0, w0: w0, u1: u1, zoomOut: zoomOut)
            var center = GlobeCameraMath.interpolate(start.center, dLng: dLng, dLat: dLat, k: u)
            center.longitude = WorldMath.wrap(longitude: center.longitude)
            c.center = center
            c.zoom = zoomFrom + log2(1 / w) + GlobeCameraMath.zoomAdjustment(0, center.latitude)
        }
        return c
    }

    /// GL JS's globe `handleEaseTo` from `start` to `end` (already normalized: bearing the short way,
    /// longitude across the antimeridian when shorter).
    private static func globeEase(from start: MapCamera, to end: MapCamera) -> CameraPath {
        var end = end
        end.center.latitude = max(-GlobeCameraMath.maximumLatitude, min(GlobeCameraMath.maximumLatitude, end.center.latitude))
        let zoomFrom = GlobeCameraMath.normalizedZoom(start.zoom, latitude: start.center.latitude)
        let zoomTo = GlobeCameraMath.normalizedZoom(end.zoom, latitude: end.center.latitude)
        let finalScale = pow(2, zoomTo - zoomFrom)
        let base = zoomTo > zoomFrom ? min(2, finalScale) : max(0.5, finalScale)
        return CameraPath(start: start, target: end, length: nil,
                          kind: .globeEase(dLng: GlobeCameraMath.angleDifference(start.center.longitude, end.center.longitude),
                                           dLat: GlobeCameraMath.angleDifference(start.center.latitude, end.center.latitude),
                                           base: base, zoomFrom: zoomFrom, zoomTo: zoomTo, isZooming: end.zoom != start.zoom))
    }

    /// Van Wijk and Nuij's flight at path length `s`: the scale `w` (zoom out by log2(1 / w)) and the share `u` of
    /// the way travelled; `zoomOut` (the sign) when the path only zooms.
    private static func flight(at s: Double, rho: Double, r0: Double, w0: Double, u1: Double,
                               zoomOut: Double?) -> (w: Double, u: Double) {
        if let sign = zoomOut { return (exp(sign * rho * s), 0) }
        return (cosh(r0) / cosh(r0 + rho * s), w0 * ((cosh(r0) * tanh(r0 + rho * s) - sinh(r0)) / (rho * rho)) / u1)
    }

    private static func wrapped(_ world: Point) -> LocationCoordinate2D {
        var c = WorldMath.coordinate(world)
        c.longitude = WorldMath.wrap(longitude: c.longitude)
        return c
    }

    /// The target as GL JS animates to it: bearing turned the short way round from the start's, the
    /// centre's longitude moved by 360° when that is the shorter way (across the antimeridian).
    private static func normalizedTarget(_ target: MapCamera, from start: MapCamera) -> MapCamera {
        var t = target
        t.bearing = normalize(bearing: target.bearing, current: start.bearing)
        let d = t.center.longitude - start.center.longitude
        t.center.longitude += d > 180 ? -360 : (d < -180 ? 360 : 0)
        return t
    }

    /// GL JS's `_normalizeBearing`: `bearing` wrapped into (-180, 180], then moved by 360 when that
    /// brings it nearer `current`.
    package static func normalize(bearing: Double, current: Double) -> Double {
        let d = 360.0
        var b = ((bearing + 180).truncatingRemainder(dividingBy: d) + d).truncatingRemainder(dividingBy: d) - 180
        if b == -180 { b = 180 }
        let diff = abs(b - current)
        if abs(b - 360 - current) < diff { b -= 360 }
        if abs(b + 360 - current) < diff { b += 360 }
        return b
    }
}
