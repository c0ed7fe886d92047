import GeoJSON
import MapStyle

/// One line feature: one or more polylines.
public struct LineFeature: Sendable {
    /// Polylines.
    public var lines: [[LocationCoordinate2D]]
    /// Whether the lines are polygon rings: MapLibre joins a ring's last segment to its first and draws
    /// no caps. Set it for features whose geometry is a Polygon/MultiPolygon.
    public var closedRings: Bool

    /// Creates a line feature.
    public init(lines: [[LocationCoordinate2D]], closedRings: Bool = false) {
        self.lines = lines
        self.closedRings = closedRings
    }
}

/// A line layer: its features and the paint evaluated per feature.
public struct LineLayer: Sendable {
    /// The line features in draw order.
    public var features: [LineFeature]
    /// `line-color`.
    public var color: FeatureValue<RenderColor> = .constant(.black)
    /// `line-opacity`.
    public var opacity: FeatureValue<Double> = .constant(1)
    /// `line-width` in CSS pixels.
    public var width: FeatureValue<Double> = .constant(1)
    /// `line-gap-width` in CSS pixels: draws two lines on either side of a gap.
    public var gapWidth: FeatureValue<Double> = .constant(0)
    /// `line-offset` in CSS pixels (positive = right of the line direction).
    public var offset: FeatureValue<Double> = .constant(0)
    /// `line-blur` in CSS pixels.
    public var blur: FeatureValue<Double> = .constant(0)
    /// `line-dasharray` in line widths (empty = solid). Layer-wide, as in MapLibre.
    public var dashArray: [Double] = []
    /// `line-width` evaluated at the integer zoom below the camera's (MapLibre's `floorwidth`), which
    /// scales the dash pattern; `nil` uses `width`. Only differs for zoom-dependent widths.
    public var dashWidth: FeatureValue<Double>? = nil
    /// `line-join`.
    public var join: FeatureValue<LineJoin> = .constant(.miter)
    /// `line-cap` (layer-wide).
    public var cap: LineCap = .butt
    /// `line-miter-limit`.
    public var miterLimit: Double = 2
    /// `line-round-limit`.
    public var roundLimit: Double = 1.05
    /// `line-translate` in CSS pixels.
    public var translate: Point = Point(x: 0, y: 0)
    /// `line-translate-anchor`.
    public var translateAnchor: TranslateAnchor = .map
    /// `line-gradient` sampled at line progress `i / (count - 1)` (MapLibre uses 256 samples); when set
    /// it replaces `color`, and each line's progress runs from 0 at its start to 1 at its end.
    public var gradient: [RenderColor]? = nil

    /// Creates a line layer with default paint.
    /// `line-pattern` per feature (nil where a feature's image is missing: nothing is drawn there).
    public var patterns: [StyleImage?]?

    public init(features: [LineFeature]) { self.features = features }
}
