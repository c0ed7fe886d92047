package import GeoJSON
package import MapStyle

/// One circle feature: one or more points (a MultiPoint draws several circles with the same paint).
package struct CircleFeature: Sendable {
    /// Circle centres in Web Mercator fractions of the world (``Transform/mercator(_:)``).
    package var points: [Point]
    /// Over terrain, how visible each point is (0 hidden behind the terrain ... 1; GL JS's `v_visibility`, per
    /// vertex): its fill and stroke are scaled by it. Nil: every point fully visible.
    package var visibility: [Float]?
    /// Over terrain, how much larger each point is drawn than at the flat ground where it is drawn (its raised
    /// position's perspective over the flat ground's, when the radius scales with the map). Nil: 1.
    package var scale: [Float]?

    /// Creates a circle feature from coordinates.
    package init(points: [LocationCoordinate2D]) { self.points = points.map(Transform.mercator) }

    /// Creates a circle feature from Web Mercator points.
    package init(mercator points: [Point]) { self.points = points }
}

/// A circle layer: its features (draw order = array order) and the paint evaluated per feature.
package struct CircleLayer: Sendable {
    /// The circle features in draw order (sort by `circle-sort-key` before handing them over).
    package var features: [CircleFeature]
    /// `circle-radius` in CSS pixels.
    package var radius: FeatureValue<Double> = .constant(5)
    /// `circle-color`.
    package var color: FeatureValue<RenderColor> = .constant(.black)
    /// `circle-blur` (fraction of the radius).
    package var blur: FeatureValue<Double> = .constant(0)
    /// `circle-opacity`.
    package var opacity: FeatureValue<Double> = .constant(1)
    /// `circle-stroke-width` in CSS pixels.
    package var strokeWidth: FeatureValue<Double> = .constant(0)
    /// `circle-stroke-color`.
    package var strokeColor: FeatureValue<RenderColor> = .constant(.black)
    /// `circle-stroke-opacity`.
    package var strokeOpacity: FeatureValue<Double> = .constant(1)
    /// `circle-pitch-scale`.
    package var pitchScale: CirclePitchScale = .map
    /// `circle-pitch-alignment`.
    package var pitchAlignment: CirclePitchAlignment = .viewport
    /// `circle-translate` in CSS pixels.
    package var translate: Point = Point(x: 0, y: 0)
    /// `circle-translate-anchor`.
    package var translateAnchor: TranslateAnchor = .map

    /// Creates a circle layer with default paint.
    package init(features: [CircleFeature]) { self.features = features }
}
