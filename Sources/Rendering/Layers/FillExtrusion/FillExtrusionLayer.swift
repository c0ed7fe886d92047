package import Geo
package import GeoJSON
package import MapStyle

/// One extruded feature: its polygons (each an exterior ring followed by holes).
package struct FillExtrusionFeature: Sendable {
    /// Polygons in Web Mercator fractions of the world; each is `[exterior, hole, hole, ...]`.
    package var polygons: [[[Point]]]
    /// The one world copy the feature is drawn on (a source tile's), or nil for every visible copy.
    package var wrap: Int?
    /// The square of the tile whose source cut the polygons to its buffered box (tiled GeoJSON), or nil: walls along
    /// the cut are not drawn (``TileCut/isCutEdge(_:_:tile:)``, GL JS's `isBoundaryEdge`).
    package var cutTile: WorldBounds?

    /// Creates an extruded feature from coordinates.
    package init(polygons: [[[LocationCoordinate2D]]], wrap: Int? = nil) {
        self.init(mercator: polygons.map { $0.map { $0.map(Transform.mercator) } }, wrap: wrap)
    }

    /// Creates an extruded feature from Web Mercator points.
    package init(mercator polygons: [[[Point]]], wrap: Int? = nil) {
        self.polygons = polygons
        self.wrap = wrap
    }
}

/// A `fill-extrusion` layer: polygons raised from `base` to `height` metres, lit by the style's light,
/// drawn with a depth buffer of its own and composited with the layer's opacity, as MapLibre does.
package struct FillExtrusionLayer: Sendable {
    /// The extruded features in draw order.
    package var features: [FillExtrusionFeature]
    /// `fill-extrusion-color` (its alpha premultiplies the colour; the layer's opacity is what makes it translucent).
    package var color: FeatureValue<RenderColor> = .constant(.black)
    /// `fill-extrusion-height` in metres.
    package var height: FeatureValue<Double> = .constant(0)
    /// `fill-extrusion-base` in metres.
    package var base: FeatureValue<Double> = .constant(0)
    /// `fill-extrusion-opacity`, for the whole layer.
    package var opacity: Double = 1
    /// `fill-extrusion-translate` in CSS pixels (x right, y down).
    package var translate: Point = Point(x: 0, y: 0)
    /// `fill-extrusion-translate-anchor`.
    package var translateAnchor: TranslateAnchor = .map
    /// `fill-extrusion-vertical-gradient`: walls darken towards their foot.
    package var verticalGradient = true
    /// The style's `light`.
    package var light = ExtrusionLight()
    /// `fill-extrusion-pattern` per feature (nil where a feature has none, or the image is missing).
    package var patterns: [StyleImage?]?
    /// Over 3D terrain: per feature, the ground's elevation under its centroid (metres; over the flat terrain less the
    /// view centre's, whose camera stands over it), which raises its base and top onto the ground as GL JS's terrain
    /// shader does (``StandingTerrain``, ``drawnBaseAndHeight(_:)``); nil without terrain.
    package var terrainLift: [Double]?

    /// Feature `i`'s base and top (metres, sanitized) as drawn: over terrain both raised by ``terrainLift``, and a base
    /// at the ground given a 10 m basement, so that a footprint on a slope does not hang above it (GL JS's
    /// `fill_extrusion` vertex shader with `TERRAIN3D`).
    func drawnBaseAndHeight(_ i: Int) -> (base: Double, height: Double) {
        let base = ExtrusionShading.sanitized(self.base[i]), height = ExtrusionShading.sanitized(self.height[i])
        guard let lifts = terrainLift, i < lifts.count else { return (base, height) }
        return (base + lifts[i] - (self.base[i] > 0 ? 0 : 10), height + lifts[i])
    }

    /// Creates a fill-extrusion layer with default paint.
    package init(features: [FillExtrusionFeature]) { self.features = features }

    /// Appends `other`'s features (one source tile's, on world copy `wrap`) with their paint.
    mutating func append(_ other: FillExtrusionLayer, wrap: Int) {
        let n = features.count, m = other.features.count
        func merged<T>(_ a: FeatureValue<T>, _ b: FeatureValue<T>) -> FeatureValue<T> {
            if n == 0 { return b }
            return .perFeature((0..<n).map { a[$0] } + (0..<m).map { b[$0] })
        }
        color = merged(color, other.color)
        height = merged(height, other.height)
        base = merged(base, other.base)
        if patterns != nil || other.patterns != nil {
            let mine = patterns ?? Array(repeating: nil, count: n)
            patterns = mine + (other.patterns ?? Array(repeating: nil, count: m))
        }
        features += other.features.map { feature in
            var feature = feature
            feature.wrap = wrap
            return feature
        }
    }
}
