import Expressions
import GeoJSON
import MapStyle

/// One layer type's step from a compiled style layer and its selected features to a ``SceneLayer``.
protocol LayerBuilder {
    /// Whether a layer of this type draws anything for geometry `g`.
    static func draws(_ g: Geometry) -> Bool
    /// The scene layer for `layer` at `zoom`; may reorder `features` (sort keys), which then
    /// stay indexed like the scene layer's features.
    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], zoom: Double) -> any SceneLayer
    /// What the layer asks for that this builder does not draw yet (`fill-pattern`, …), one sentence each.
    static func unsupported(_ layer: CompiledLayer) -> [String]
}

extension LayerBuilder {
    static func unsupported(_ layer: CompiledLayer) -> [String] { [] }

    /// "layer "x": fill-pattern is not drawn yet" for each named property the layer sets.
    static func unsupported(_ layer: CompiledLayer, properties: [String]) -> [String] {
        properties.filter { layer.layer.paint[$0] != nil || layer.layer.layout[$0] != nil }
            .map { "layer \"\(layer.layer.identifier)\": \($0) is not drawn yet" }
    }
}

/// The layer types the renderer draws, each with its builder: the one place a new layer type is registered.
enum LayerBuilders {
    static func builder(for type: LayerType) -> (any LayerBuilder.Type)? {
        switch type {
        case .background: return BackgroundLayerBuilder.self
        case .fill: return FillLayerBuilder.self
        case .line: return LineLayerBuilder.self
        case .circle: return CircleLayerBuilder.self
        case .symbol, .heatmap, .fillExtrusion, .raster, .hillshade, .colorRelief: return nil
        }
    }
}

/// A feature that passed a layer's filter: the geometry to draw for it (simplified for the zoom,
/// or a cluster) and its evaluation context (zoom, properties, feature state).
struct SelectedFeature {
    var feature: GeoJSONFeature
    var geometry: Geometry?
    var context: EvaluationContext
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
    func perFeature(_ features: [SelectedFeature], zoom: Double) -> FeatureValue<Value> {
        perFeature(features, zoom: zoom) { $0 }
    }

    /// The value for every selected feature, converted by `convert`.
    func perFeature<T>(_ features: [SelectedFeature], zoom: Double, _ convert: (Value) -> T) -> FeatureValue<T> {
        if isFeatureConstant && expression.isStateConstant { return .constant(convert(evaluate(zoom: zoom))) }
        return .perFeature(features.map { convert(evaluate($0.context)) })
    }
}

extension CompiledProperty where Value == Color {
    /// Colours for every selected feature, in the renderer's form.
    func colors(_ features: [SelectedFeature], zoom: Double) -> FeatureValue<RenderColor> {
        perFeature(features, zoom: zoom, RenderColor.init)
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
func sortByKey(_ key: CompiledProperty<Double>?, _ features: inout [SelectedFeature]) {
    guard let key else { return }
    let keys = features.map { key.evaluate($0.context) }
    let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    features = order.map { features[$0] }
}
