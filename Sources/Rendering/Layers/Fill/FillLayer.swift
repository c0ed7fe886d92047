import GeoJSON
import MapStyle

/// One polygon feature: polygons, each an exterior ring followed by holes (rings need not be closed).
public struct FillFeature: Sendable {
    /// Polygons; each is `[exterior, hole, hole, ...]`.
    public var polygons: [[[LocationCoordinate2D]]]

    /// Creates a polygon feature.
    public init(polygons: [[[LocationCoordinate2D]]]) { self.polygons = polygons }
}

/// A fill layer: its features and the paint evaluated per feature (index = feature index).
public struct FillLayer: Sendable {
    /// The polygon features in draw order.
    public var features: [FillFeature]
    /// `fill-color`.
    public var color: FeatureValue<RenderColor> = .constant(.black)
    /// `fill-opacity`.
    public var opacity: FeatureValue<Double> = .constant(1)
    /// `fill-outline-color`; `nil` means "same as fill-color" (MapLibre's default).
    public var outlineColor: FeatureValue<RenderColor>? = nil
    /// `fill-antialias`: draws MapLibre's 1 px antialiased outline when on.
    public var antialias: Bool = true
    /// `fill-translate` in CSS pixels (x right, y down).
    public var translate: Point = Point(x: 0, y: 0)
    /// `fill-translate-anchor`.
    public var translateAnchor: TranslateAnchor = .map
    /// `fill-pattern` per feature (nil where a feature has none, or the image is missing).
    public var patterns: [StyleImage?]?

    /// Creates a fill layer with default paint.
    public init(features: [FillFeature]) { self.features = features }
}
