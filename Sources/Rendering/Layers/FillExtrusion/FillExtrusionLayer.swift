import GeoJSON
import MapStyle

/// One extruded feature: its polygons (each an exterior ring followed by holes).
public struct FillExtrusionFeature: Sendable {
    /// Polygons; each is `[exterior, hole, hole, ...]`.
    public var polygons: [[[LocationCoordinate2D]]]
    /// The one world copy the feature is drawn on (a source tile's), or nil for every visible copy.
    public var wrap: Int?

    /// Creates an extruded feature.
    public init(polygons: [[[LocationCoordinate2D]]], wrap: Int? = nil) {
        self.polygons = polygons
        self.wrap = wrap
    }
}

/// A `fill-extrusion` layer: polygons raised from `base` to `height` metres, lit by the style's light,
/// drawn with a depth buffer of its own and composited with the layer's opacity, as MapLibre does.
public struct FillExtrusionLayer: Sendable {
    /// The extruded features in draw order.
    public var features: [FillExtrusionFeature]
    /// `fill-extrusion-color` (its alpha premultiplies the colour; the layer's opacity is what makes it translucent).
    public var color: FeatureValue<RenderColor> = .constant(.black)
    /// `fill-extrusion-height` in metres.
    public var height: FeatureValue<Double> = .constant(0)
    /// `fill-extrusion-base` in metres.
    public var base: FeatureValue<Double> = .constant(0)
    /// `fill-extrusion-opacity`, for the whole layer.
    public var opacity: Double = 1
    /// `fill-extrusion-translate` in CSS pixels (x right, y down).
    public var translate: Point = Point(x: 0, y: 0)
    /// `fill-extrusion-translate-anchor`.
    public var translateAnchor: TranslateAnchor = .map
    /// `fill-extrusion-vertical-gradient`: walls darken towards their foot.
    public var verticalGradient = true
    /// The style's `light`.
    public var light = ExtrusionLight()
    /// `fill-extrusion-pattern` per feature (nil where a feature has none, or the image is missing).
    public var patterns: [StyleImage?]?

    /// Creates a fill-extrusion layer with default paint.
    public init(features: [FillExtrusionFeature]) { self.features = features }

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
        features += other.features.map { FillExtrusionFeature(polygons: $0.polygons, wrap: wrap) }
    }
}
