/// Everything the renderer draws for one snapshot: output size, camera and an ordered list of layers.
///
/// This is the renderer's own plain description of a map; the style module evaluates a style
/// (filters, zoom, data-driven properties) into it. Layers are drawn bottom to top.
public struct RenderScene: Sendable {
    /// Output width in CSS pixels (the image is `width * pixelRatio` device pixels wide).
    public var width: Int
    /// Output height in CSS pixels.
    public var height: Int
    /// Device pixels per CSS pixel (1 = normal, 2 = retina).
    public var pixelRatio: Double
    /// Where the map looks.
    public var camera: Camera
    /// Layers, bottom first.
    public var layers: [RenderLayer]
    /// Whether lon/lat are snapped to MapLibre's vector-tile grid (8192 units per tile at the integer
    /// zoom below the camera's, capped at `tileQuantizationMaxZoom`) before drawing, as MapLibre does for
    /// GeoJSON sources. On by default so pixel output matches MapLibre's.
    public var tileQuantization: Bool = true
    /// The highest tile zoom used for quantization (a GeoJSON source's `maxzoom`, 18 by default).
    public var tileQuantizationMaxZoom: Int = 18

    /// The projection the renderer uses for this scene (screen <-> coordinate conversions, feature queries).
    public var transform: Transform {
        Transform(camera: camera, width: width, height: height, pixelRatio: pixelRatio,
                  quantizeToTileZoom: tileQuantization ? tileQuantizationMaxZoom : nil)
    }

    /// Creates a scene.
    public init(width: Int, height: Int, pixelRatio: Double = 1, camera: Camera, layers: [RenderLayer] = []) {
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.camera = camera
        self.layers = layers
    }
}

/// One drawable layer: background, fill, line or circle, with features and evaluated paint.
public enum RenderLayer: Sendable {
    /// Paints the whole canvas.
    case background(BackgroundLayer)
    /// Filled polygons.
    case fill(FillLayer)
    /// Stroked lines.
    case line(LineLayer)
    /// Circles at points.
    case circle(CircleLayer)
}

/// Which plane a translation is measured in (`*-translate-anchor`).
public enum TranslateAnchor: String, Sendable {
    /// Translation rotates with the map (bearing).
    case map
    /// Translation is fixed to the screen.
    case viewport
}

/// A background layer: `background-color` and `background-opacity`.
public struct BackgroundLayer: Sendable {
    /// The colour.
    public var color: RenderColor
    /// The opacity, 0...1.
    public var opacity: Double

    /// Creates a background layer.
    public init(color: RenderColor, opacity: Double = 1) {
        self.color = color
        self.opacity = opacity
    }
}

/// One polygon feature: polygons, each an exterior ring followed by holes (rings need not be closed).
public struct FillFeature: Sendable {
    /// Polygons; each is `[exterior, hole, hole, ...]`.
    public var polygons: [[[Coordinate]]]

    /// Creates a polygon feature.
    public init(polygons: [[[Coordinate]]]) { self.polygons = polygons }
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

    /// Creates a fill layer with default paint.
    public init(features: [FillFeature]) { self.features = features }
}

/// How line segments meet (`line-join`).
public enum LineJoin: String, Sendable {
    /// Sharp corners, beveled past the miter limit.
    case miter
    /// Corners cut off.
    case bevel
    /// Rounded corners.
    case round
}

/// How line ends look (`line-cap`).
public enum LineCap: String, Sendable {
    /// Flat end at the endpoint.
    case butt
    /// Half-disc past the endpoint.
    case round
    /// Square extending half the width past the endpoint.
    case square
}

/// One line feature: one or more polylines.
public struct LineFeature: Sendable {
    /// Polylines.
    public var lines: [[Coordinate]]
    /// Whether the lines are polygon rings: MapLibre joins a ring's last segment to its first and draws
    /// no caps. Set it for features whose geometry is a Polygon/MultiPolygon.
    public var closedRings: Bool

    /// Creates a line feature.
    public init(lines: [[Coordinate]], closedRings: Bool = false) {
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
    public init(features: [LineFeature]) { self.features = features }
}

/// One circle feature: one or more points (a MultiPoint draws several circles with the same paint).
public struct CircleFeature: Sendable {
    /// Circle centres.
    public var points: [Coordinate]

    /// Creates a circle feature.
    public init(points: [Coordinate]) { self.points = points }
}

/// `circle-pitch-scale` / `circle-pitch-alignment` values.
public enum CirclePitchMode: String, Sendable {
    /// Relative to the map plane.
    case map
    /// Relative to the screen.
    case viewport
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
    public var pitchScale: CirclePitchMode = .map
    /// `circle-pitch-alignment`.
    public var pitchAlignment: CirclePitchMode = .viewport
    /// `circle-translate` in CSS pixels.
    public var translate: Point = Point(x: 0, y: 0)
    /// `circle-translate-anchor`.
    public var translateAnchor: TranslateAnchor = .map

    /// Creates a circle layer with default paint.
    public init(features: [CircleFeature]) { self.features = features }
}
