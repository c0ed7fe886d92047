import Foundation

/// GL JS's vertical-perspective camera for one view, on plain `Double`s: the globe's model-view
/// (`_globeViewProjMatrixNoCorrection` without the projection), the camera's position on the unit
/// sphere's scale, the horizon plane and the ray through a screen point.
///
/// View space is GL's: the camera at the origin looking down `-z`, `y` up, in pixels. A unit-sphere
/// point `s` is at `Rz(roll) (radius * M s - radius * (0, sin pitch, cos pitch)) - (0, 0, distance)` with
/// `M = Rx(-pitch) Rz(bearing) Rx(latitude) Ry(-longitude)` (gl-matrix's rotations), so the
/// centre of the view lies `distance` in front of the camera, as in Mercator, and a roll turns the picture about it.
package struct GlobeCamera: Sendable {
    /// The globe's radius in pixels (``GlobeProjection/radiusPixels(worldSize:latitude:)``).
    package let radius: Double
    /// Distance from the camera to the view's centre, in pixels (the Mercator camera's).
    package let distance: Double
    /// Half the output's width and height, in pixels.
    package let halfWidth: Double
    package let halfHeight: Double
    /// `Rz(roll) M`, row-major.
    @usableFromInline let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    /// The view-space offset added after `radius * M s`.
    @usableFromInline let offset: Vector3
    /// The camera's position, in unit-sphere space.
    package let cameraPosition: Vector3
    /// The unit normal of the horizon plane (towards the camera) and its distance from the globe's
    /// centre: a point `s` of the unit sphere is seen when `s · normal >= horizonDistance`
    /// (GL JS's clipping plane: the plane through every point where a ray from the camera touches
    /// the sphere).
    package let horizonNormal: Vector3
    package let horizonDistance: Double

    /// The camera looking at `longitude`, `latitude` (degrees) with `bearing`, `pitch` and `roll` (degrees),
    /// the world `worldSize` pixels wide, over an output `width` by `height` pixels whose camera stands
    /// `distance` pixels from the centre.
    package init(longitude: Double, latitude: Double, worldSize: Double, bearing: Double, pitch: Double, roll: Double = 0,
                 width: Double, height: Double, distance: Double) {
        radius = GlobeProjection.radiusPixels(worldSize: worldSize, latitude: latitude)
        self.distance = distance
        halfWidth = width / 2
        halfHeight = height / 2
        let p = pitch * .pi / 180, b = bearing * .pi / 180
        let lat = latitude * .pi / 180, lng = longitude * .pi / 180
        // M = Rx(-p) · Rz(b) · Rx(lat) · Ry(-lng), rotations as gl-matrix builds them (column vectors)
        typealias M3 = [Double]
        func mul(_ a: M3, _ c: M3) -> M3 {
            var r = M3(repeating: 0, count: 9)
            for i in 0..<3 { for j in 0..<3 { r[3 * i + j] = a[3 * i] * c[j] + a[3 * i + 1] * c[3 + j] + a[3 * i + 2] * c[6 + j] } }
            return r
        }
        func rx(_ a: Double) -> M3 { [1, 0, 0, 0, cos(a), -sin(a), 0, sin(a), cos(a)] }
        func ry(_ a: Double) -> M3 { [cos(a), 0, sin(a), 0, 1, 0, -sin(a), 0, cos(a)] }
        func rz(_ a: Double) -> M3 { [cos(a), -sin(a), 0, sin(a), cos(a), 0, 0, 0, 1] }
        let r = mul(mul(rx(-p), rz(b)), mul(rx(lat), ry(-lng)))
        // GL JS turns the view by the roll after the pitch (`rotateZ(roll)` next to the camera's distance): the picture
        // turns about its centre, the camera stays where it is
        let turn = rz(roll * .pi / 180)
        let rolled = mul(turn, r)
        m = (rolled[0], rolled[1], rolled[2], rolled[3], rolled[4], rolled[5], rolled[6], rolled[7], rolled[8])
        let back = -radius * sin(p)
        offset = Vector3(turn[1] * back, turn[4] * back, -radius * cos(p) - distance)
        // camera: where the view-space origin is, M^T ((0, sin p, cos p) + (0, 0, distance / radius))
        let c = Vector3(0, sin(p), cos(p) + distance / radius)
        let camera = Vector3(r[0] * c.x + r[3] * c.y + r[6] * c.z,
                             r[1] * c.x + r[4] * c.y + r[7] * c.z,
                             r[2] * c.x + r[5] * c.y + r[8] * c.z)
        cameraPosition = camera
        let d = camera.length
        horizonNormal = camera * (1 / d)
        horizonDistance = 1 / d
    }

    /// `M v`: a unit-sphere direction turned into view space's axes (no scale or offset).
    @inlinable @inline(__always)
    package func rotate(_ v: Vector3) -> Vector3 {
        Vector3(m.0 * v.x + m.1 * v.y + m.2 * v.z, m.3 * v.x + m.4 * v.y + m.5 * v.z, m.6 * v.x + m.7 * v.y + m.8 * v.z)
    }

    /// `M` (row-major) and the view-space offset, for a caller's own copy of the view transform (a hot loop that keeps
    /// its numbers in registers: see the renderer's `SphereProjector`).
    package var viewTransform: (m: (Double, Double, Double, Double, Double, Double, Double, Double, Double), offset: Vector3) {
        (m, offset)
    }

    /// The view-space position (pixels) of a unit-sphere point.
    @inlinable @inline(__always)
    package func view(_ s: Vector3) -> Vector3 {
        Vector3(radius * (m.0 * s.x + m.1 * s.y + m.2 * s.z) + offset.x,
                radius * (m.3 * s.x + m.4 * s.y + m.5 * s.z) + offset.y,
                radius * (m.6 * s.x + m.7 * s.y + m.8 * s.z) + offset.z)
    }

    /// The screen position (pixels from the top left) of a view-space point: GL's perspective
    /// divide with the vertical field of view that puts the camera `distance` from the centre.
    @inlinable @inline(__always)
    package func screen(view v: Vector3) -> (x: Double, y: Double) {
        let w = max(-v.z, 1e-9)
        return (halfWidth + distance * v.x / w, halfHeight - distance * v.y / w)
    }

    /// The screen position (pixels from the top left) of a unit-sphere point.
    @inlinable @inline(__always)
    package func screen(_ s: Vector3) -> (x: Double, y: Double) { screen(view: view(s)) }

    /// How far a unit-sphere point is in front of the horizon plane (negative: on the far side).
    @inlinable @inline(__always)
    package func horizonSide(_ s: Vector3) -> Double { s.dot(horizonNormal) - horizonDistance }

    /// Whether a unit-sphere point is on the side of the globe the camera sees (GL JS's `isSurfacePointVisible`).
    @inlinable
    package func isVisible(_ s: Vector3) -> Bool { horizonSide(s) >= 0 }

    /// The unit-length direction, in unit-sphere space, of the ray from the camera through a screen point.
    @inlinable
    package func rayDirection(screenX x: Double, y: Double) -> Vector3 {
        let v = Vector3((x - halfWidth) / distance, -(y - halfHeight) / distance, -1)
        // M^T v
        let d = Vector3(m.0 * v.x + m.3 * v.y + m.6 * v.z, m.1 * v.x + m.4 * v.y + m.7 * v.z, m.2 * v.x + m.5 * v.y + m.8 * v.z)
        return d * (1 / d.length)
    }

    /// The unit-sphere point seen at a screen position, or `nil` when the ray misses the globe
    /// (the nearer intersection, solved as GL JS solves it: Ray Tracing Gems, chapter 7). With `radius`,
    /// the point of the sphere of that radius (a shell above the globe: an extrusion's roof).
    @inlinable
    package func spherePoint(screenX x: Double, y: Double, radius: Double = 1) -> Vector3? {
        let dir = rayDirection(screenX: x, y: y)
        let o = cameraPosition
        let b = o.dot(dir)
        let inner = o - dir * b
        let discriminant = radius * radius - inner.dot(inner)
        if discriminant < 0 { return nil }
        let c = o.dot(o) - radius * radius
        let q = -b + (b < 0 ? 1 : -1) * discriminant.squareRoot()
        let t0 = c / q, t1 = q
        let t = min(t0, t1)
        if t < 0 { return nil }
        return o + dir * t
    }

    /// The columns (continuous x, pixels from the left) where row `y`'s rays meet the globe: the outline's
    /// crossings of the row, or `nil` when the row misses the globe. The rays through a row are `o + t d(x)` with
    /// `d` affine in `x`, so where they meet the unit sphere, `(o · d)² - |d|² (|o|² - 1) >= 0`, is where a
    /// quadratic in `x` is not negative.
    package func outline(row y: Double) -> (left: Double, right: Double)? {
        let o = cameraPosition
        let k = o.dot(o) - 1
        guard k > 0 else { return nil }
        // d(x) = Mᵀ v(x), v(x) = ((x - halfWidth) / distance, -(y - halfHeight) / distance, -1) = v0 + x v1
        let v0 = Vector3(-halfWidth / distance, -(y - halfHeight) / distance, -1)
        let v1 = Vector3(1 / distance, 0, 0)
        let mo = rotate(o)  // o · Mᵀ v = (M o) · v
        let p = mo.dot(v0), q = mo.dot(v1)
        let a = q * q - k * v1.dot(v1)
        let b = 2 * (p * q - k * v0.dot(v1))
        let c = p * p - k * v0.dot(v0)
        guard a < 0 else { return nil }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let x0 = (-b + root) / (2 * a), x1 = (-b - root) / (2 * a)
        let left = min(x0, x1), right = max(x0, x1)
        // the rays must meet the globe in front of the camera
        guard p + q * (left + right) / 2 < 0, left.isFinite, right.isFinite else { return nil }
        return (left, right)
    }

    /// The point of the horizon circle nearest to the ray through a screen position (GL JS unprojects
    /// a point off the globe to it).
    package func horizonPoint(screenX x: Double, y: Double) -> Vector3 {
        let dir = rayDirection(screenX: x, y: y)
        let o = cameraPosition
        let n = horizonNormal
        let denominator = dir.dot(n)
        var p: Vector3
        let t = denominator != 0 ? (horizonDistance - o.dot(n)) / denominator : -1
        if t > 0 { p = o + dir * t } else {
            let far = o + dir * 2
            p = far - n * (far.dot(n) - horizonDistance)
        }
        let centre = n * horizonDistance
        let r = (1 - horizonDistance * horizonDistance).squareRoot()
        let rel = p - centre
        let l = rel.length
        guard l > 0 else { return centre + Vector3(0, 1, 0) * r }
        return centre + rel * (r / l)
    }
}
