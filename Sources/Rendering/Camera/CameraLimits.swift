import Foundation
import GeoJSON

extension MapCamera {
    /// This camera kept within limits: zoom and pitch clamped, the centre's latitude clamped (and, with
    /// `keepingWorldHeightIn` a view height in points, kept half that height inside the world's top and
    /// bottom edges, as MapLibre Native's `TransformState::constrain` in `ConstrainMode::HeightOnly`),
    /// its longitude wrapped into -180...180 and the bearing into 0..<360. The engine side of the SDK's
    /// `CameraConstraints.constrain(_:in:)`.
    package func constrained(minimumZoom: Double, maximumZoom: Double, minimumPitch: Double, maximumPitch: Double,
                             latitude: ClosedRange<Double>, keepingWorldHeightIn viewHeight: Int?) -> MapCamera {
        var c = self
        c.zoom = min(maximumZoom, max(minimumZoom, c.zoom))
        if let viewHeight, viewHeight > 0 {
            // scale >= height / tileSize, then the centre's y within (worldSize - height) / 2 of the world's middle
            let h = Double(viewHeight)
            c.zoom = min(maximumZoom, max(c.zoom, log2(h / 512)))
            let half = h / 2 / (512 * pow(2, c.zoom))
            var w = WorldMath.world(c.center)
            w.y = min(1 - half, max(half, w.y))
            c.center.latitude = WorldMath.coordinate(w).latitude
        }
        c.pitch = min(maximumPitch, max(minimumPitch, c.pitch))
        c.center.latitude = min(latitude.upperBound, max(latitude.lowerBound, c.center.latitude))
        c.center.longitude = WorldMath.wrap(longitude: c.center.longitude)
        c.bearing = Self.normalized(bearing: c.bearing)
        return c
    }

    /// A bearing wrapped into 0..<360 degrees (the range of the SDK's `direction`).
    package static func normalized(bearing: Double) -> Double {
        let b = bearing.truncatingRemainder(dividingBy: 360)
        return b < 0 ? b + 360 : b
    }
}
