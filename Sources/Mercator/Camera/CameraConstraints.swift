public import GeoJSON
public import Rendering

/// The limits a camera is kept within by gestures and animations: zoom range, pitch range
/// (MapLibre Native allows 0...60 degrees) and the latitudes the centre may reach. The arithmetic is
/// Rendering's (`MapCamera.constrained`).
public struct CameraConstraints: Sendable, Hashable {
    /// The smallest zoom (`minimumZoomLevel`).
    public var minimumZoom: Double
    /// The largest zoom (`maximumZoomLevel`; MapLibre Native's default is 25.5, GL JS's 22).
    public var maximumZoom: Double
    /// The smallest pitch in degrees.
    public var minimumPitch: Double
    /// The largest pitch in degrees (`maximumPitch`, at most 85, GL JS's largest in its render tests; MapLibre Native stops at 60).
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

    /// The largest pitch drawn, in degrees (85; MapLibre Native stops at 60).
    public static let pitchLimit = MapCamera.pitchLimit

    /// Constraints; `maximumPitch` is capped at 85 degrees.
    public init(minimumZoom: Double = 0, maximumZoom: Double = 25.5, minimumPitch: Double = 0, maximumPitch: Double = 85,
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
        camera.constrained(minimumZoom: minimumZoom, maximumZoom: maximumZoom, minimumPitch: minimumPitch, maximumPitch: maximumPitch,
                           latitude: latitudeBounds, keepingWorldHeightIn: mode == .heightOnly ? size?.height : nil)
    }
}
