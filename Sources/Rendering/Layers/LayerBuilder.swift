import Expressions
import Fonts
import Geo
import GeoJSON
import MapStyle
import Tiling

#if compiler(>=6.2)
/// What a layer builder's type is besides: one whose metatype may cross threads (a builder is stateless: tiles are laid
/// out on every core with it).
typealias LayerBuilderMetatype = SendableMetatype
#else
protocol LayerBuilderMetatype {}
#endif

/// One layer type's steps from a compiled style layer and its selected features to a ``SceneLayer``:
/// a layout made once per source tile (``LayerLayout``, kept in the bucket cache), then a scene
/// layer per frame from it.
protocol LayerBuilder: LayerBuilderMetatype {
    /// Whether a layer of this type draws anything for geometry of type `type`.
    static func draws(_ type: GeometryType) -> Bool
    /// The layer laid out for `features` (those passing its filter, in source order) with
    /// `evaluation` at the tile's zoom: sorted by sort key, geometry converted, layout properties
    /// evaluated, labels shaped and anchored.
    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout
    /// What the layer asks for that this builder does not draw yet (`fill-pattern`, …), one sentence each.
    static func unsupported(_ layer: CompiledLayer) -> [String]
    /// The same, knowing what the layer is evaluated with (the map's images, the zoom).
    static func unsupported(_ layer: CompiledLayer, evaluation: FeatureEvaluation) -> [String]
}

extension LayerBuilder {
    static func unsupported(_ layer: CompiledLayer) -> [String] { [] }
    static func unsupported(_ layer: CompiledLayer, evaluation: FeatureEvaluation) -> [String] { unsupported(layer) }

    /// Lays the layer out (at `layoutEvaluation`'s zoom) and makes its scene layer for one frame
    /// (at `evaluation`'s), keeping nothing: `features` become the drawn features.
    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], layoutEvaluation: FeatureEvaluation,
                      evaluation: FeatureEvaluation) -> any SceneLayer {
        let laidOut = self.layout(layer, features: features, evaluation: layoutEvaluation)
        let built = laidOut.scene(layer, features: laidOut.features, evaluation: evaluation)
        features = built.features
        return built.layer
    }

    /// "layer "x": fill-pattern is not drawn yet" for each named property the layer sets.
    static func unsupported(_ layer: CompiledLayer, properties: [String]) -> [String] {
        properties.filter { layer.layer.paint[$0] != nil || layer.layer.layout[$0] != nil }
            .map { "layer \"\(layer.layer.identifier)\": \($0) is not drawn yet" }
    }
}

/// One layer type's step from a compiled style layer and its source's pictures or elevations (raster
/// and raster-dem tiles, an image source) to a ``SceneLayer``, for layer types that have no features.
protocol ImageLayerBuilder {
    /// What the layer asks for that this builder does not draw yet, one sentence each.
    static func unsupported(_ layer: CompiledLayer) -> [String]
    /// The layer drawn from `source` at `zoom` (the camera's, with its `bearing`); nil when the layer
    /// type is not drawn yet.
    static func build(_ layer: CompiledLayer, source: any RenderSource, zoom: Double, bearing: Double) -> (any SceneLayer)?
}

extension ImageLayerBuilder {
    static func unsupported(_ layer: CompiledLayer) -> [String] { [] }
}

/// The layer types the renderer draws, each with its builder: the one place a new layer type is registered.
enum LayerBuilders {
    /// A layer type's builder: from the features a layer selects, or from its source's pictures.
    enum Builder {
        case features(any LayerBuilder.Type)
        case images(any ImageLayerBuilder.Type)
    }

    static func builder(for type: LayerType) -> Builder {
        switch type {
        case .background: return .features(BackgroundLayerBuilder.self)
        case .fill: return .features(FillLayerBuilder.self)
        case .line: return .features(LineLayerBuilder.self)
        case .circle: return .features(CircleLayerBuilder.self)
        case .symbol: return .features(SymbolLayerBuilder.self)
        case .heatmap: return .features(HeatmapLayerBuilder.self)
        case .fillExtrusion: return .features(FillExtrusionLayerBuilder.self)
        case .raster: return .images(RasterLayerBuilder.self)
        case .hillshade: return .images(HillshadeLayerBuilder.self)
        case .colorRelief: return .images(ColorReliefLayerBuilder.self)
        }
    }
}

/// A feature that passed a layer's filter: the geometry to draw for it (simplified for the zoom,
/// or a cluster) and its feature state.
///
/// Kept small (two references and an optional state) because builders walk thousands of them per
/// property; the evaluation context is made from it on the fly by ``FeatureEvaluation``.
///
/// A vector tile's feature has no drawn geometry of its own: its geometry stays in the tile's
/// coordinates (``tileGeometry``), which builders turn straight into world coordinates
/// (``GeometryConversion``); its longitude/latitude geometry is built only when read.
struct SelectedFeature {
    var feature: GeoJSONFeature
    /// The geometry drawn when it is not the feature's own (a GeoJSON source's, simplified or a
    /// cluster); nil for a vector tile's feature.
    var drawnGeometry: Geometry?
    var state: JSONObject?
    /// The feature's position in its GeoJSON source, -1 for other sources.
    var sourceIndex = -1

    init(feature: GeoJSONFeature, geometry: Geometry?, state: JSONObject? = nil) {
        self.feature = feature
        drawnGeometry = geometry
        self.state = state
    }

    /// The geometry to draw, in longitude/latitude (built for a vector tile's feature: read it once).
    var geometry: Geometry? { drawnGeometry ?? feature.geometry }

    /// A vector tile's feature: its layer's geometry in tile coordinates and its index there.
    @inline(__always)
    var tileGeometry: (layer: TileLayerGeometry, index: Int)? {
        guard drawnGeometry == nil, let d = feature.deferredGeometry, let layer = d.source as? TileLayerGeometry else { return nil }
        return (layer, d.index)
    }
}

/// What a layer's properties are evaluated against besides the feature: zoom and tile (in `base`),
/// and whether expressions read the feature's geometry.
struct FeatureEvaluation {
    /// Zoom and canonical tile; the feature and its state are filled in per feature.
    var base: EvaluationContext
    /// Whether the layer's filter or properties read geometry (`within`, `distance`, `geometry-type`).
    var needsGeometry: Bool
    /// The map's glyphs (symbol layers shape text with them).
    var glyphs: (any GlyphProvider)?
    /// The map's images (symbol layers' icons).
    var images: (any ImageProvider)?
    /// Whether the view is pitched (icons are then sampled bilinearly).
    var pitched = false
    /// The source tiles labels along lines are laid out in (nil: every tile of the camera's zoom).
    var labelTiles: LabelTiles?
    /// A GeoJSON source's tiles (geojson-vt's), which its polygons and lines are labelled from, piece by piece.
    var labelTileIndex: GeoJSONTileIndex?
    /// The anchors found in those tiles so far (the source's cache).
    var polygonLabelPoles: PolygonLabelTiles.PoleCache?
    /// The style's light (fill-extrusion layers are shaded by it).
    var light = ExtrusionLight()
    /// At layout: the tile whose labels the layout keeps (labels anchored elsewhere belong to the
    /// tile they are anchored in), or nil for all.
    var anchorTile: TileClip?
    /// At layout: the square of a tile whose source cut its features to the tile's buffered box (tiled GeoJSON,
    /// ``TileCut``), or nil: fill extrusions leave out walls along the cut.
    var cutTile: WorldBounds?
    /// In a frame: the bucket's paint values that depend on the feature alone, evaluated once.
    var memo: PaintMemo?
    /// MapLibre's zoom history: the integer zoom the map last crossed (nil: the zoom's own, floored).
    /// Cross-faded properties (`line-dasharray`) fade from one zoom below it or above.
    var lastIntegerZoom: Double?
    /// At layout: the render's label budget (symbol layers count their characters against it before
    /// shaping); nil lays labels out unbounded.
    var labelBudget: LabelBudget?

    var zoom: Double { base.zoom ?? 0 }

    /// Points `context` at `feature`: its properties, id, geometry (when read) and state.
    @inline(__always)
    func load(_ feature: SelectedFeature, into context: inout EvaluationContext) {
        context.feature = FeatureView(feature.feature, geometry: needsGeometry)
        context.featureState = feature.state
    }

    /// The values of `body` for every feature, each evaluated with its own context (one context reused).
    func map<T>(_ features: [SelectedFeature], _ body: (EvaluationContext) -> T) -> [T] {
        var out: [T] = []
        out.reserveCapacity(features.count)
        var context = base
        for i in features.indices {
            load(features[i], into: &context)
            out.append(body(context))
        }
        return out
    }
}

/// A layer that draws nothing (a group of the wrong type, which the generated tables rule out).
struct EmptySceneLayer: SceneLayer {
    var featureCount: Int { 0 }
    func validate(layerIndex: Int) throws(RenderError) {}
    func paint(in context: inout PaintContext) {}
    func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}

extension CompiledProperty {
    /// The value for every selected feature: one constant when it does not depend on the feature.
    func perFeature(_ features: [SelectedFeature], _ evaluation: FeatureEvaluation) -> FeatureValue<Value> {
        perFeature(features, evaluation) { $0 }
    }

    /// The value for every selected feature, converted by `convert`. Values that depend on the
    /// feature alone come from the evaluation's memo when it has one (evaluated once per bucket).
    func perFeature<T: Sendable>(_ features: [SelectedFeature], _ evaluation: FeatureEvaluation, _ convert: (Value) -> T) -> FeatureValue<T> {
        if isFeatureConstant && expression.isStateConstant { return .constant(convert(evaluate(zoom: evaluation.zoom))) }
        if isZoomConstant && expression.isStateConstant, let memo = evaluation.memo {
            return .perFeature(memo.values(for: expression) { evaluation.map(features) { convert(evaluate($0)) } })
        }
        return .perFeature(evaluation.map(features) { convert(evaluate($0)) })
    }
}

extension CompiledProperty where Value == Color {
    /// Colours for every selected feature, in the renderer's form.
    func colors(_ features: [SelectedFeature], _ evaluation: FeatureEvaluation) -> FeatureValue<RenderColor> {
        perFeature(features, evaluation, RenderColor.init)
    }
}

extension CompiledProperty where Value == [Double] {
    /// A `*-translate` value as a point (zero unless it has two numbers).
    func point(zoom: Double) -> Point {
        let v = evaluate(zoom: zoom)
        return v.count == 2 ? Point(x: v[0], y: v[1]) : Point(x: 0, y: 0)
    }
}

/// Features in sort-key order (stable), when the layer has a sort key.
func sortByKey(_ key: CompiledProperty<Double>?, _ features: inout [SelectedFeature], _ evaluation: FeatureEvaluation) {
    guard let key else { return }
    let keys = evaluation.map(features) { key.evaluate($0) }
    let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    features = order.map { features[$0] }
}
