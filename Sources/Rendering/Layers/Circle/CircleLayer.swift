import GeoJSON
import MapStyle

/// One circle feature: one or more points (a MultiPoint draws several circles with the same paint).
public struct CircleFeature: Sendable {
    /// Circle centres.
    public var points: [LocationCoordinate2D]

    /// Creates a circle feature.
    public init(points: [LocationCoordinate2D]) { self.points = points }
}

/// A circle layer: its features (draw order = array order) and the paint evaluated per feature.
public struct CircleLayer: Sendable {
    /// The circle features in draw order (sort by `circle-sort-key` before handing them over).
    public var features: [CircleFeature]
    /// `circle-radius` in CSS pixels.
    public var radius: FeatureValue<Double> = .constant(5)
    /// `circle-color`.
    public var color: FeatureValue<RenderColor> = .constant(.black)
    /// `circle-blur` (fraction of the radius).
    public var blur: FeatureValue<Double> = .constant(0)
    /// `circle-opacity`.
    public var opacity: FeatureValue<Double> = .constant(1)
    /// `circle-stroke-width` in CSS pixels.
    public var strokeWidth: FeatureValue<Double> = .constant(0)
    /// `circle-stroke-color`.
    public var strokeColor: FeatureValue<RenderColor> = .constant(.black)
    /// `circle-stroke-opacity`.
    public var strokeOpacity: FeatureValue<Double> = .constant(1)
    /// `circle-pitch-scale`.
    public var pitchScale: CirclePitchScale = .map
    /// `circle-pitch-alignment`.
    public var pitchAlignment: CirclePitchAlignment = .viewport
    /// `circle-translate` in CSS pixels.
    public var translate: Point = Point(x: 0, y: 0)
    /// `circle-translate-anchor`.
    public var translateAnchor: TranslateAnchor = .map

    /// Creates a circle layer with default paint.
    public init(features: [CircleFeature]) { self.features = features }
}
