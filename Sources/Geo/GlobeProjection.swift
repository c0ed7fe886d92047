import Foundation
internal import CMercatorMath

/// A point in 3D: on (or off) the unit sphere of the globe, or in a camera's view space.
package struct Vector3: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package var z: Double

    @inlinable @inline(__always)
    package init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    @inlinable @inline(__always)
    package func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }

    @inlinable
    package var length: Double { dot(self).squareRoot() }

    @inlinable
    package static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable
    package static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable
    package static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
}

/// MapLibre GL JS's globe geometry on plain `Double`s: the unit sphere the Web Mercator world is wrapped
/// around, the globe's size in pixels for a zoom, and the `globe` preset's blend with Mercator.
///
/// The sphere's axes are GL JS's (`angularCoordinatesRadiansToVector`): `y` points to the north pole,
/// `z` to longitude 0 on the equator and `x` to 90° E. World x and y are Web Mercator fractions
/// (``WebMercator``: 0...1 across the world, y down); y past the square's edge keeps going towards
/// the pole (a vector tile's buffer reaches past 85.05°).
package enum GlobeProjection {
    /// The unit-sphere point of a Web Mercator position (GL JS's `projectTileCoordinatesToSphere`).
    ///
    /// Latitude is `2 atan(e^t) - π/2` with `t = π (1 - 2y)`, so its sine and cosine are `tanh t` and
    /// `1 / cosh t`: one exponential, no inverse tangent.
    package static func spherePoint(worldX x: Double, worldY y: Double) -> Vector3 {
        let lng = x * 2 * .pi - .pi
        let t = max(-40, min(40, .pi * (1 - 2 * y)))
        let e = exp(t)
        let e2 = e * e
        let sinLat = (e2 - 1) / (e2 + 1)
        let cosLat = 2 * e / (e2 + 1)
        // (the longitude's sine and cosine at once: the same values as `sin` and `cos`, for one argument reduction)
        var sinLng = 0.0, cosLng = 0.0
        mercator_sincos(lng, &sinLng, &cosLng)
        return Vector3(sinLng * cosLat, sinLat, cosLng * cosLat)
    }

    /// ``spherePoint(worldX:worldY:)`` of many points, in place: each element holds a world x and y (its `z` unread)
    /// and gets its sphere point.
    ///
    /// Four at a time where the machine allows it (x86-64 with AVX2 and glibc's vector math library, loaded at run time):
    /// the exponentials, sines and cosines then come within 4 ulp of the C library's, the points within 1e-15 of
    /// ``spherePoint(worldX:worldY:)``'s, about four times as fast (`mercator-bench sphere-points`). Elsewhere, and
    /// with `vectorized` false, the same values as ``spherePoint(worldX:worldY:)``.
    package static func spherePoints(inPlace points: UnsafeMutableBufferPointer<Vector3>, vectorized: Bool = true) {
        // (C reads three doubles a point, x, y and z, in that order: a vector laid out otherwise takes the Swift loop)
        if vectorized, vectorThreeDoubles, let base = points.baseAddress,
           mercator_sphere_points(UnsafeMutableRawPointer(base).assumingMemoryBound(to: Double.self), points.count) != 0 {
            return
        }
        for i in points.indices { points[i] = spherePoint(worldX: points[i].x, worldY: points[i].y) }
    }

    private static let vectorThreeDoubles = MemoryLayout<Vector3>.stride == 24 && MemoryLayout<Vector3>.offset(of: \Vector3.y) == 8
        && MemoryLayout<Vector3>.offset(of: \Vector3.z) == 16

    /// Whether ``spherePoints(inPlace:vectorized:)`` computes four points at a time on this machine.
    package static var spherePointsAreVectorized: Bool { mercator_sphere_points_vectorized() != 0 }

    /// The unit-sphere point of a longitude and latitude in degrees (GL JS's `angularCoordinatesToSurfaceVector`).
    @inlinable
    package static func spherePoint(longitude: Double, latitude: Double) -> Vector3 {
        let lng = longitude * .pi / 180, lat = latitude * .pi / 180
        let c = cos(lat)
        return Vector3(sin(lng) * c, sin(lat), cos(lng) * c)
    }

    /// Longitude (-180...180) and latitude in degrees of a point on the unit sphere (normalized first;
    /// GL JS's `sphereSurfacePointToCoordinates`). The poles get longitude 0.
    package static func coordinate(spherePoint p: Vector3) -> (longitude: Double, latitude: Double) {
        let l = p.length
        guard l > 0, l.isFinite else { return (0, 0) }
        let latitude = asin(max(-1, min(1, p.y / l))) * 180 / .pi
        let xz = (p.x * p.x + p.z * p.z).squareRoot() / l
        if xz <= 1e-12 { return (0, latitude) }
        return (atan2(p.x, p.z) * 180 / .pi, latitude)
    }

    /// Web Mercator fractions (x in 0...1, y not clamped) of a point on the unit sphere.
    package static func world(spherePoint p: Vector3) -> (x: Double, y: Double) {
        let c = coordinate(spherePoint: p)
        return WebMercator.cameraWorld(longitude: c.longitude, latitude: c.latitude)
    }

    /// The globe's radius in pixels (GL JS's `getGlobeRadiusPixels`): `worldSize / 2π`, scaled up by
    /// `1 / cos(latitude)` of the view's centre so that features at the centre are as large as in
    /// Mercator at the same zoom.
    @inlinable
    package static func radiusPixels(worldSize: Double, latitude: Double) -> Double {
        worldSize / (2 * .pi) / cos(latitude * .pi / 180)
    }

    /// How much to add to the zoom to keep the globe the same size when the centre moves from
    /// `oldLatitude` to `newLatitude` (GL JS's `getZoomAdjustment`).
    package static func zoomAdjustment(fromLatitude oldLatitude: Double, toLatitude newLatitude: Double) -> Double {
        log2(cos(newLatitude * .pi / 180) / cos(oldLatitude * .pi / 180))
    }

    /// The globeness of GL JS's `globe` projection preset at a zoom:
    /// `["interpolate", ["linear"], ["zoom"], 11, "vertical-perspective", 12, "mercator"]` (GL JS 5.24's
    /// `projection_factory`): 1 (the sphere) up to zoom 11, 0 (Mercator) from zoom 12, linear between.
    @inlinable
    package static func presetGlobeness(zoom: Double) -> Double {
        guard zoom.isFinite else { return 1 }
        return max(0, min(1, 12 - zoom))
    }
}
