import Foundation
import GeoJSON

/// A point in camera space (device pixels): `x` right, `y` down on screen, `depth` along the view
/// direction from the camera. It lands on screen at `(width / 2 + d * x / w, height / 2 + d * y / w)`,
/// `d` being the camera-to-centre distance and `w` the perspective divisor: the depth, except in the
/// axonometric projection, where heights leave `w` alone and lean `x` and `y` by the skews instead.
struct CameraPoint: Sendable {
    var x: Double
    var y: Double
    var depth: Double
    var w: Double

    init(x: Double, y: Double, depth: Double) {
        self.x = x
        self.y = y
        self.depth = depth
        w = depth
    }

    init(x: Double, y: Double, depth: Double, w: Double) {
        self.x = x
        self.y = y
        self.depth = depth
        self.w = w
    }
}

extension Transform {
    /// Device pixels per metre of height, as MapLibre's projection matrix scales `z`: by the metres
    /// per pixel at the camera centre's latitude (one scale for the whole view).
    var pixelsPerMeter: Double {
        let lat = camera.center.latitude * .pi / 180
        return worldSize / (max(cos(lat), 1e-9) * 2 * .pi * 6378137)
    }

    /// The camera-space position of a plane point raised `z` device pixels above the map.
    ///
    /// The camera sits `cameraToCenterDistance` from the centre, tilted by the pitch towards the
    /// bottom of the view; at zero height this agrees with ``screen(plane:)``.
    ///
    /// In the axonometric projection (``ProjectionMode``) the height leaves the perspective divisor alone
    /// and moves the point by the skews instead: `xSkew * z` right and `ySkew * z` up in clip space,
    /// that is `xSkew * z * (width / 2) / w` device pixels (MapLibre Native's projection matrix with
    /// entries 8, 9 and 11 replaced).
    @inline(__always)
    func cameraPoint(plane p: Point, z: Double) -> CameraPoint {
        let depth = cameraToCenterDistance - p.y * sinPitch - z * cosPitch
        if projectionMode.axonometric {
            let d = cameraToCenterDistance
            return CameraPoint(x: p.x + width / 2 / d * projectionMode.xSkew * z,
                               y: p.y * cosPitch - height / 2 / d * projectionMode.ySkew * z,
                               depth: depth, w: d - p.y * sinPitch)
        }
        return CameraPoint(x: p.x, y: p.y * cosPitch - z * sinPitch, depth: depth)
    }

    /// The screen position (device pixels) of a camera-space point in front of the camera.
    @inline(__always)
    func screen(camera c: CameraPoint) -> Point {
        let k = cameraToCenterDistance / c.w
        if isRolled { return rolled(x: c.x * k, y: c.y * k) }
        return Point(x: width / 2 + c.x * k, y: height / 2 + c.y * k)
    }

    /// The depth-test key of a camera-space point, larger nearer and affine on screen over a planar
    /// face: `1 / depth` with the perspective camera; in the axonometric projection, whose divisor is
    /// not the depth, `(2 far - depth) / w` (MapLibre's depth `z / w` turned round and kept positive).
    @inline(__always)
    func depthKey(_ c: CameraPoint) -> Double {
        projectionMode.axonometric ? (2 * farDepth - c.depth) / c.w : 1 / c.depth
    }

    /// ``depthKey(_:)`` of the horizontal plane `z` device pixels up, seen through the centre of screen
    /// row `rowCenter`, or 0 where the row does not see the plane in front of the camera.
    func depthKey(ofPlaneAt z: Double, rowCenter: Double) -> Double {
        guard projectionMode.axonometric else {
            let depth = depth(ofPlaneAt: z, rowCenter: rowCenter)
            return depth > 0 ? 1 / depth : 0
        }
        guard let y = axonometricPlaneY(z: z, screenY: rowCenter) else { return 0 }
        let c = cameraPoint(plane: Point(x: 0, y: y), z: z)
        return c.depth > 0 && c.w > 0 ? depthKey(c) : 0
    }

    /// The plane y of the point `z` up drawn on screen row `screenY` in the axonometric projection.
    private func axonometricPlaneY(z: Double, screenY: Double) -> Double? {
        let d = cameraToCenterDistance
        let v = screenY - height / 2
        let denominator = d * cosPitch + v * sinPitch
        guard abs(denominator) > 1e-12 else { return nil }
        return (v * d + height / 2 * projectionMode.ySkew * z) / denominator
    }

    /// The depth of the horizontal plane `z` device pixels up, seen through the centre of screen row
    /// `rowCenter` (device pixels): a horizontal plane's depth is the same along a screen row.
    @inline(__always)
    func depth(ofPlaneAt z: Double, rowCenter: Double) -> Double {
        let d = cameraToCenterDistance
        let v = rowCenter - height / 2
        let denominator = d * cosPitch + v * sinPitch
        let y = (v * (d - z * cosPitch) + d * z * sinPitch) / denominator
        return d - y * sinPitch - z * cosPitch
    }

    /// The plane point raised `z` under screen position `s`, on the horizontal plane at that height
    /// (nil when the ray through `s` does not meet it in front of the camera).
    func plane(screen s: Point, z: Double) -> Point? {
        let d = cameraToCenterDistance
        let r = unrolled(s)
        let u = r.x, v = r.y
        if projectionMode.axonometric {
            guard let y = axonometricPlaneY(z: z, screenY: s.y) else { return nil }
            let w = d - y * sinPitch
            guard w > 0, d - y * sinPitch - z * cosPitch > 0 else { return nil }
            return Point(x: (u * w - width / 2 * projectionMode.xSkew * z) / d, y: y)
        }
        let denominator = d * cosPitch + v * sinPitch
        guard abs(denominator) > 1e-12 else { return nil }
        let y = (v * (d - z * cosPitch) + d * z * sinPitch) / denominator
        let depth = d - y * sinPitch - z * cosPitch
        guard depth > 0 else { return nil }
        return Point(x: u * depth / d, y: y)
    }

    /// The near clipping distance of MapLibre's projection for 3D layers (a tenth of the camera-to-centre
    /// distance), in device pixels.
    var nearDepth: Double { 0.1 * cameraToCenterDistance }

    /// MapLibre's far clipping distance: a little past the farthest visible point of the map plane.
    var farDepth: Double {
        let halfFov = fieldOfViewRadians / 2
        let groundAngle = Double.pi / 2 + camera.pitch * .pi / 180
        let topHalf = sin(halfFov) * cameraToCenterDistance / sin(max(1e-9, .pi - groundAngle - halfFov))
        return (cos(Double.pi / 2 - camera.pitch * .pi / 180) * topHalf + cameraToCenterDistance) * 1.01
    }

    /// The camera's position above the plane: `(plane y, height)` in device pixels (plane x is 0).
    var cameraPosition: (y: Double, z: Double) { (cameraToCenterDistance * sinPitch, cameraToCenterDistance * cosPitch) }
}
