import Foundation

/// The horizon of a pitched flat map, as GL JS 5 draws it: the sky's horizon line (`getMercatorHorizon`)
/// and the far clipping plane that ends the ground a little above it (`_calculateNearFarZIfNeeded`).
extension Transform {
    /// GL JS's far clipping distance for a camera (device pixels along the view axis): 1.01 times the depth
    /// of the ground point seen at the top of the view or at the horizon line, whichever is nearer.
    ///
    /// GL JS measures from the lowest plane that may show: the lowest of the centre's altitude, 0 and 100 m
    /// below the camera; when that is below sea level the camera counts as that much farther away.
    static func farClipDepth(pitch: Double, roll: Double, fieldOfView: Double, distance: Double,
                             width: Double, height: Double, pixelsPerMeter: Double, centerAltitude: Double) -> Double {
        let pitchRadians = min(pitch, maximumHorizonAngle) * .pi / 180
        let cameraAltitude = cos(pitchRadians) * distance / pixelsPerMeter + centerAltitude
        let lowest = min(centerAltitude, 0, cameraAltitude - 100)
        let d = lowest < 0 ? distance - lowest * pixelsPerMeter / max(cos(pitchRadians), 1e-9) : distance
        let groundAngle = Double.pi / 2 + pitchRadians
        let rollRadians = roll * .pi / 180
        let zfov = fieldOfView * (abs(cos(rollRadians)) * height + abs(sin(rollRadians)) * width) / max(height, 1e-9)
        let fovAboveCenter = zfov * 0.5
        func clampAngle(_ a: Double) -> Double { max(0.01, min(Double.pi - 0.01, a)) }
        let topHalf = sin(fovAboveCenter) * d / sin(clampAngle(.pi - groundAngle - fovAboveCenter))
        let horizon = horizonOffset(pitch: pitch, distance: distance)
        let horizonAngle = atan(horizon / distance)
        let minimumAngle = (90 - maximumHorizonAngle) * .pi / 180
        let toHorizon = horizonAngle > minimumAngle ? horizonAngle : minimumAngle
        let topHalfHorizon = sin(toHorizon) * d / sin(clampAngle(.pi - groundAngle - toHorizon))
        return (cos(Double.pi / 2 - pitchRadians) * min(topHalf, topHalfHorizon) + d) * 1.01
    }

    /// GL JS's `getMercatorHorizon`: how far above the view's centre the horizon line is drawn (in the
    /// units of `distance`, the camera-to-centre distance).
    static func horizonOffset(pitch: Double, distance d: Double) -> Double {
        d * min(0.85 * tan((90 - pitch) * .pi / 180), tan((maximumHorizonAngle - pitch) * .pi / 180))
    }

    /// How far above the view's centre (device pixels, before the roll) the sky's horizon line is.
    package var horizonOffset: Double { Transform.horizonOffset(pitch: camera.pitch, distance: cameraToCenterDistance) }

    /// The offset from the view's centre (device pixels, before the roll, negative up) above which the
    /// ground is past the far clipping plane and not drawn, or nil when the view is not pitched.
    package var farClipOffset: Double? {
        guard isPitched else { return nil }
        let d = cameraToCenterDistance, far = farClipDepth
        let y = (d - far) / sinPitch
        return y * d * cosPitch / far
    }

    /// Whether the far clipping plane cuts the ground somewhere on screen (the sky shows past it).
    package var farClipIsOnScreen: Bool {
        guard let v = farClipOffset else { return false }
        // the screen's corners before the roll: the highest is at -(|h cos| + |w sin|) / 2
        let reach = (abs(height * cosRoll) + abs(width * sinRoll)) / 2
        return v > -reach
    }

    /// The visible ground's corners in world fractions for a steeply pitched or rolled view: the screen's
    /// rectangle (before the roll) cut by the far clipping plane, each point taken down to the plane.
    func groundWorldCorners() -> [(x: Double, y: Double)] {
        let corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
            .map(unrolled)
        // the plane's top edge: the far clip, below the true horizon
        var limit = farClipOffset ?? -.infinity
        if isPitched {
            let d = cameraToCenterDistance
            limit = max(limit, -d * cosPitch / sinPitch + 1e-6 * d)
        }
        var ring: [Point] = []
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let ina = a.y >= limit, inb = b.y >= limit
            if ina { ring.append(a) }
            if ina != inb {
                let t = (limit - a.y) / (b.y - a.y)
                ring.append(Point(x: a.x + (b.x - a.x) * t, y: limit))
            }
        }
        if ring.count < 3 { ring = corners }
        return ring.map { r in
            let d = cameraToCenterDistance
            let denom = d * cosPitch + r.y * sinPitch
            let y = denom > 1e-9 ? r.y * d / denom : -4 * max(width, height)
            let p = Point(x: r.x * (d - y * sinPitch) / d, y: y)
            let w = unrotate(p)
            return (x: (w.x + centerWorld.x) / worldSize, y: (w.y + centerWorld.y) / worldSize)
        }
    }
}

extension Transform {
    /// ``farClipOffset`` when the far plane cuts the ground on screen, else nil.
    package var farClipOnScreenOffset: Double? { farClipIsOnScreen ? farClipOffset : nil }
}
