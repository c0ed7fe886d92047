import Geo

/// The sphere's projection in a view, its numbers copied out of ``GlobeCamera`` into plain values: the screen
/// position and horizon side of a unit-sphere point worked out as the camera's `view`, `screen(view:)` and
/// `horizonSide` work them out (the same operations in the same order, so the same values), but inlined into the
/// painters' per-point loops, where the camera's own methods, in another module, were called once per point.
struct SphereProjector {
    private let m0, m1, m2, m3, m4, m5, m6, m7, m8: Double
    private let ox, oy, oz: Double
    private let radius, distance, halfWidth, halfHeight: Double
    private let nx, ny, nz, horizonDistance: Double

    init(_ camera: GlobeCamera) {
        let (m, offset) = camera.viewTransform
        (m0, m1, m2, m3, m4, m5, m6, m7, m8) = m
        (ox, oy, oz) = (offset.x, offset.y, offset.z)
        radius = camera.radius
        distance = camera.distance
        halfWidth = camera.halfWidth
        halfHeight = camera.halfHeight
        let n = camera.horizonNormal
        (nx, ny, nz) = (n.x, n.y, n.z)
        horizonDistance = camera.horizonDistance
    }

    /// The view-space position (pixels) of `s`: the camera's `view`.
    @inline(__always)
    func view(_ s: Vector3) -> Vector3 {
        Vector3(radius * (m0 * s.x + m1 * s.y + m2 * s.z) + ox, radius * (m3 * s.x + m4 * s.y + m5 * s.z) + oy,
                radius * (m6 * s.x + m7 * s.y + m8 * s.z) + oz)
    }

    /// The screen position (pixels from the top left) of a view-space point: the camera's `screen(view:)`.
    @inline(__always)
    func screen(view v: Vector3) -> (x: Double, y: Double) {
        let w = max(-v.z, 1e-9)
        return (halfWidth + distance * v.x / w, halfHeight - distance * v.y / w)
    }

    /// The screen position (pixels from the top left) and horizon side (negative: behind the horizon) of `s`:
    /// ``GlobeView/project(sphere:worldX:y:wrapped:)`` on the sphere.
    @inline(__always)
    func project(_ s: Vector3) -> (x: Double, y: Double, side: Double) {
        let p = screen(view: view(s))
        return (p.x, p.y, s.x * nx + s.y * ny + s.z * nz - horizonDistance)
    }
}
