import Geo
package import GeoJSON
package import MapStyle

/// One polygon feature: polygons, each an exterior ring followed by holes (rings need not be closed).
package struct FillFeature: Sendable {
    /// Polygons in Web Mercator fractions of the world (``Transform/mercator(_:)``, projected once);
    /// each is `[exterior, hole, hole, ...]`.
    package var polygons: [[[Point]]] {
        didSet {
            bounds = FillFeature.bounds(polygons)
            globeSplits = GlobeSplitCache(ringsPerPolygon: polygons.map(\.count))
        }
    }
    /// The bounds of every ring of every polygon (bands skip features outside their rows).
    private(set) var bounds: WorldBounds
    /// The rings split and on the sphere for the globe, kept between frames (``GlobeSplitCache``).
    private(set) var globeSplits: GlobeSplitCache

    /// Creates a polygon feature from coordinates.
    package init(polygons: [[[LocationCoordinate2D]]]) { self.init(mercator: polygons.map { $0.map { $0.map(Transform.mercator) } }) }

    /// Creates a polygon feature from Web Mercator points.
    package init(mercator polygons: [[[Point]]]) {
        self.polygons = polygons
        bounds = FillFeature.bounds(polygons)
        globeSplits = GlobeSplitCache(ringsPerPolygon: polygons.map(\.count))
    }

    private static func bounds(_ polygons: [[[Point]]]) -> WorldBounds {
        var b = WorldBounds.enclosing([])
        for polygon in polygons {
            let p = WorldBounds.enclosing(polygon)
            b = WorldBounds(minX: min(b.minX, p.minX), minY: min(b.minY, p.minY), maxX: max(b.maxX, p.maxX), maxY: max(b.maxY, p.maxY))
        }
        return b
    }
}

/// A fill layer: its features and the paint evaluated per feature (index = feature index).
package struct FillLayer: Sendable {
    /// The polygon features in draw order.
    package var features: [FillFeature]
    /// `fill-color`.
    package var color: FeatureValue<RenderColor> = .constant(.black)
    /// `fill-opacity`.
    package var opacity: FeatureValue<Double> = .constant(1)
    /// `fill-outline-color`; `nil` means "same as fill-color" (MapLibre's default).
    package var outlineColor: FeatureValue<RenderColor>? = nil
    /// `fill-antialias`: draws MapLibre's 1 px antialiased outline when on.
    package var antialias: Bool = true
    /// `fill-translate` in CSS pixels (x right, y down).
    package var translate: Point = Point(x: 0, y: 0)
    /// `fill-translate-anchor`.
    package var translateAnchor: TranslateAnchor = .map
    /// `fill-pattern` per feature (nil where a feature has none, or the image is missing).
    package var patterns: [StyleImage?]?

    /// Creates a fill layer with default paint.
    package init(features: [FillFeature]) { self.features = features }
}
