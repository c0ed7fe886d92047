import Foundation

/// A cap of the unit sphere (the points within an angle of a centre) bounding a set of sphere points: the
/// globe's painters test it against the horizon and the screen to skip a line or ring that cannot show.
package struct SphereCap: Sendable {
    /// The unit centre.
    package var centre: Vector3
    /// Cosine and sine of the angular radius (a cap of radius π or more holds the whole sphere).
    package var cosRadius: Double
    package var sinRadius: Double

    /// The whole sphere.
    package static let sphere = SphereCap(centre: Vector3(0, 1, 0), cosRadius: -1, sinRadius: 0)

    /// A cap holding every point of `points` (unit-sphere points), widened by `margin` radians.
    package init(bounding points: [Vector3], margin: Double) {
        self.init(bounding: points[...], margin: margin)
    }

    /// ``init(bounding:margin:)`` of a run of points.
    package init(bounding points: ArraySlice<Vector3>, margin: Double) {
        var sum = Vector3(0, 0, 0)
        for p in points { sum = sum + p }
        let l = sum.length
        guard l > 1e-9, !points.isEmpty else { self = .sphere; return }
        let c = sum * (1 / l)
        // (a point off the unit sphere, as SwiftShader's sines put them: one outside it by its direction, whose dot with
        // the centre would reach past 1 and shrink the cap to nothing; one inside it by its dot, which holds its
        // direction and the point itself)
        var lowest = 1.0
        for p in points { lowest = min(lowest, p.dot(c) / max(1, p.length)) }
        let angle = acos(max(-1, min(1, lowest))) + margin
        guard angle < .pi else { self = .sphere; return }
        self.init(centre: c, cosRadius: cos(angle), sinRadius: sin(angle))
    }

    package init(centre: Vector3, cosRadius: Double, sinRadius: Double) {
        self.centre = centre
        self.cosRadius = cosRadius
        self.sinRadius = sinRadius
    }

    /// The largest value of `n · s` over the cap's points `s`.
    @inlinable
    package func highest(_ n: Vector3) -> Double {
        let length = n.length
        guard length > 0 else { return 0 }
        if cosRadius <= -1 { return length }
        let cosTheta = max(-1, min(1, n.dot(centre) / length))
        // within the radius of the direction: the direction itself is in the cap
        if cosTheta >= cosRadius { return length }
        let sinTheta = (1 - cosTheta * cosTheta).squareRoot()
        return length * (cosTheta * cosRadius + sinTheta * sinRadius)
    }
}

extension GlobeCamera {
    /// Whether every point of `cap` is surely behind the horizon (``horizonSide(_:)`` below 0).
    package func hides(_ cap: SphereCap) -> Bool {
        // (a cap is never lower than its centre, ``SphereCap/highest(_:)``: one in front of the plane is not hidden,
        // told without its square roots)
        if horizonNormal.dot(cap.centre) - horizonDistance >= -1e-9 { return false }
        return cap.highest(horizonNormal) - horizonDistance < -1e-9
    }

    /// Whether every point of `cap` is surely in front of the horizon (``horizonSide(_:)`` above 0).
    package func shows(_ cap: SphereCap) -> Bool {
        // (as in ``hides(_:)``: a cap whose centre is not surely in front is not)
        if -horizonNormal.dot(cap.centre) + horizonDistance >= -1e-9 { return false }
        return -cap.highest(horizonNormal * -1) - horizonDistance > 1e-9
    }

    /// Whether every point of `cap` on the side the camera sees surely projects outside the screen rectangle
    /// `left...right` by `top...bottom` (pixels from the top left): all beyond one of its edges (a `nil` edge is
    /// not tested).
    package func screenMisses(_ cap: SphereCap, left: Double?, top: Double?, right: Double?, bottom: Double?) -> Bool {
        // a view point v is inside an edge's half of the screen when a · v >= 0 (a point in front of the camera)
        // and a · v = radius (Mᵀ a) · s + a · offset for the sphere point s
        func outside(_ a: Vector3) -> Bool {
            let n = Vector3(m.0 * a.x + m.3 * a.y + m.6 * a.z, m.1 * a.x + m.4 * a.y + m.7 * a.z,
                            m.2 * a.x + m.5 * a.y + m.8 * a.z) * radius
            let k = a.dot(offset), limit = -1e-6 * (abs(k) + 1)
            // (a cap is never lower than its centre: one whose centre is inside is not outside, told without roots)
            if n.dot(cap.centre) + k >= limit { return false }
            return cap.highest(n) + k < limit
        }
        return left.map { outside(Vector3(distance, 0, $0 - halfWidth)) } ?? false
            || right.map { outside(Vector3(-distance, 0, -($0 - halfWidth))) } ?? false
            || top.map { outside(Vector3(0, -distance, -(halfHeight - $0))) } ?? false
            || bottom.map { outside(Vector3(0, distance, halfHeight - $0)) } ?? false
    }
}

extension SphereCap {
    /// A cap holding every sphere point of a world rectangle (Web Mercator fractions; `y` clamped to the poles),
    /// or the whole sphere when the rectangle spans half the world's longitudes or more.
    ///
    /// The rectangle is a longitude-latitude box: a cap holding its outline holds the box too while the cap is
    /// smaller than a hemisphere (the box, less than a hemisphere, cannot hold the rest of the sphere). The
    /// outline is sampled a degree or less apart and the cap widened by that step, so every point between
    /// samples is in it; `margin` radians more cover sphere points worked out with approximate sines.
    package init(worldBounds b: WorldBounds, margin: Double) {
        let width = b.maxX - b.minX
        guard width.isFinite, b.minY.isFinite, b.maxY.isFinite, width >= 0, width < 0.5, b.maxY >= b.minY else {
            self = .sphere
            return
        }
        let y0 = max(0, min(1, b.minY)), y1 = max(0, min(1, b.maxY))
        let step = 1.0 / 360  // a degree of longitude in world x; in y, a degree of latitude or less
        let columns = max(1, Int((width / step).rounded(.up)))
        let rows = max(1, Int(((y1 - y0) / step).rounded(.up)))
        var outline: [Vector3] = []
        outline.reserveCapacity(2 * (columns + rows + 2))
        for i in 0...columns {
            let x = b.minX + width * Double(i) / Double(columns)
            outline.append(GlobeProjection.spherePoint(worldX: x, worldY: y0))
            outline.append(GlobeProjection.spherePoint(worldX: x, worldY: y1))
        }
        for j in 0...rows {
            let y = y0 + (y1 - y0) * Double(j) / Double(rows)
            outline.append(GlobeProjection.spherePoint(worldX: b.minX, worldY: y))
            outline.append(GlobeProjection.spherePoint(worldX: b.maxX, worldY: y))
        }
        let cap = SphereCap(bounding: outline, margin: 2 * .pi * step + margin)
        // a cap of a hemisphere or more could lie inside the box's complement: no bound then
        self = cap.cosRadius > 1e-9 ? cap : .sphere
    }
}
