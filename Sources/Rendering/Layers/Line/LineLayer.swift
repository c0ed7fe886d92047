import Geo
package import GeoJSON
package import MapStyle

/// One line feature: one or more polylines.
package struct LineFeature: Sendable {
    /// Polylines in Web Mercator fractions of the world (``Transform/mercator(_:)``, projected once).
    package var lines: [[Point]] {
        didSet {
            bounds = WorldBounds.enclosing(lines)
            globeSplits = GlobeSplitCache(ringsPerPolygon: Array(repeating: 1, count: lines.count))
        }
    }
    /// The bounds of every point of every line (bands skip features outside their rows).
    private(set) var bounds: WorldBounds
    /// The lines split and on the sphere for the globe, kept between frames (``GlobeSplitCache``).
    private(set) var globeSplits: GlobeSplitCache
    /// Whether the lines are polygon rings: MapLibre joins a ring's last segment to its first and draws
    /// no caps. Set it for features whose geometry is a Polygon/MultiPolygon.
    package var closedRings: Bool

    /// Creates a line feature from coordinates.
    package init(lines: [[LocationCoordinate2D]], closedRings: Bool = false) {
        self.init(mercator: lines.map { $0.map(Transform.mercator) }, closedRings: closedRings)
    }

    /// Creates a line feature from Web Mercator points.
    package init(mercator lines: [[Point]], closedRings: Bool = false) {
        self.lines = lines
        self.closedRings = closedRings
        bounds = WorldBounds.enclosing(lines)
        globeSplits = GlobeSplitCache(ringsPerPolygon: Array(repeating: 1, count: lines.count))
    }
}

/// A line layer: its features and the paint evaluated per feature.
package struct LineLayer: Sendable {
    /// The line features in draw order.
    package var features: [LineFeature]
    /// `line-color`.
    package var color: FeatureValue<RenderColor> = .constant(.black)
    /// `line-opacity`.
    package var opacity: FeatureValue<Double> = .constant(1)
    /// `line-width` in CSS pixels.
    package var width: FeatureValue<Double> = .constant(1)
    /// `line-gap-width` in CSS pixels: draws two lines on either side of a gap.
    package var gapWidth: FeatureValue<Double> = .constant(0)
    /// `line-offset` in CSS pixels (positive = right of the line direction).
    package var offset: FeatureValue<Double> = .constant(0)
    /// `line-blur` in CSS pixels.
    package var blur: FeatureValue<Double> = .constant(0)
    /// `line-dasharray` in line widths (empty = solid). Layer-wide, as in MapLibre.
    package var dashArray: [Double] = []
    /// `line-width` evaluated at the integer zoom below the camera's (MapLibre's `floorwidth`), which
    /// scales the dash pattern (and, for a globe style, the line pattern: ``LinePattern``); `nil` uses `width`.
    /// Only differs for zoom-dependent widths.
    package var floorWidth: FeatureValue<Double>? = nil
    /// The length of the `line-dasharray` MapLibre crossfades from (the array one zoom away, in widths,
    /// times its fade scale: 2 below, 1/2 above); the dashes' edges are as sharp as the shorter of it
    /// and `dashArray`'s length allows (the shader's `u_sdfgamma`). `nil`: `dashArray`'s own length.
    package var dashFadeLength: Double? = nil
    /// `line-join`.
    package var join: FeatureValue<LineJoin> = .constant(.miter)
    /// `line-cap` (layer-wide).
    package var cap: LineCap = .butt
    /// `line-miter-limit`.
    package var miterLimit: Double = 2
    /// `line-round-limit`.
    package var roundLimit: Double = 1.05
    /// `line-translate` in CSS pixels.
    package var translate: Point = Point(x: 0, y: 0)
    /// `line-translate-anchor`.
    package var translateAnchor: TranslateAnchor = .map
    /// `line-gradient` sampled at line progress `i / (count - 1)` (MapLibre uses 256 samples); when set
    /// it replaces `color`, and each line's progress runs from 0 at its start to 1 at its end.
    package var gradient: [RenderColor]? = nil

    /// Creates a line layer with default paint.
    /// `line-pattern` per feature (nil where a feature's image is missing: nothing is drawn there).
    package var patterns: [StyleImage?]?

    package init(features: [LineFeature]) { self.features = features }
}
