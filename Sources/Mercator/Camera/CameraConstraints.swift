import Foundation
import GeoJSON
import Rendering

/// The limits a camera is kept within by gestures and animations: zoom range, pitch range
/// (MapLibre Native allows 0...60 degrees) and the latitudes the centre may reach.
public struct CameraConstraints: Sendable, Hashable {
    /// The smallest zoom (`minimumZoomLevel`).
    public var minimumZoom: Double
    /// The largest zoom (`maximumZoomLevel`; MapLibre Native's default is 25.5, GL JS's 22).
    public var maximumZoom: Double
    /// The smallest pitch in degrees.
    public var minimumPitch: Double
    /// The largest pitch in degrees (`maximumPitch`, at most 60 as in MapLibre Native).
    public var maximumPitch: Double
    /// The latitudes the camera centre may take (the Web Mercator square by default).
    public var latitudeBounds: ClosedRange<Double>
    /// Whether the view may show past the world's top and bottom edges.
    public var mode: ConstrainMode = .heightOnly

    /// How the world's edges limit the camera (MapLibre Native's `ConstrainMode`).
    public enum ConstrainMode: Sendable, Hashable {
        /// Only the centre's latitude is limited.
        case none
        /// The world's top and bottom edges stay outside the view (MapLibre Native's default): the
        /// world is at least as tall as the view and the centre keeps half a view from either edge.
        case heightOnly
    }

    /// The largest pitch MapLibre Native draws, in degrees.
    public static let pitchLimit = 60.0

    /// Constraints; `maximumPitch` is capped at 60 degrees.
    public init(minimumZoom: Double = 0, maximumZoom: Double = 25.5, minimumPitch: Double = 0, maximumPitch: Double = 60,
                latitudeBounds: ClosedRange<Double> = -WebMercator.maximumLatitude...WebMercator.maximumLatitude) {
        self.minimumZoom = minimumZoom
        self.maximumZoom = max(minimumZoom, maximumZoom)
        self.minimumPitch = max(0, minimumPitch)
        self.maximumPitch = max(self.minimumPitch, min(CameraConstraints.pitchLimit, maximumPitch))
        self.latitudeBounds = max(-WebMercator.maximumLatitude, latitudeBounds.lowerBound)...min(WebMercator.maximumLatitude, max(latitudeBounds.lowerBound, latitudeBounds.upperBound))
    }

    /// `camera` kept within these limits in a view of `size`: zoom and pitch clamped, the centre's
    /// latitude clamped (and, in ``ConstrainMode/heightOnly``, kept half the view's height inside
    /// the world's edges), its longitude wrapped into -180...180 and the bearing into 0..<360.
    public func constrain(_ camera: MapCamera, in size: MapSize? = nil) -> MapCamera {
        var c = camera
        c.zoom = min(maximumZoom, max(minimumZoom, c.zoom))
        if mode == .heightOnly, let size, size.height > 0 {
            // As MapLibre Native's TransformState::constrain: scale >= height / tileSize, then the
            // centre's y within (worldSize - height) / 2 of the world's middle.
            let h = Double(size.height)
            c.zoom = min(maximumZoom, max(c.zoom, log2(h / 512)))
            let half = h / 2 / (512 * pow(2, c.zoom))
            var w = WorldMath.world(c.center)
            w.y = min(1 - half, max(half, w.y))
            c.center.latitude = WorldMath.coordinate(w).latitude
        }
        c.pitch = min(maximumPitch, max(minimumPitch, c.pitch))
        c.center.latitude = min(latitudeBounds.upperBound, max(latitudeBounds.lowerBound, c.center.latitude))
        c.center.longitude = WorldMath.wrap(longitude: c.center.longitude)
        c.bearing = Self.normalized(bearing: c.bearing)
        return c
    }

    /// A bearing wrapped into 0..<360 degrees (the range of the SDK's `direction`).
    static func normalized(bearing: Double) -> Double {
        let b = bearing.truncatingRemainder(dividingBy: 360)
        return b < 0 ? b + 360 : b
    }
}
