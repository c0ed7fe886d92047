import GeoJSON
import MapStyle

/// `circle` layers: a circle at every position of any geometry, as MapLibre draws them.
enum CircleLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool { true }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        var features = features
        if let layout = layer.layout(as: CircleLayoutProperties.self) { sortByKey(layout.circleSortKey, &features, evaluation) }
        return CircleLayout(features: features, shapes: features.map { CircleFeature(mercator: GeometryConversion.points($0)) })
    }
}

/// A circle layer's bucket: its circle centres, sorted, converted once.
struct CircleLayout: LayerLayout {
    var features: [SelectedFeature]
    var shapes: [CircleFeature]

    var byteCost: Int { features.count * ByteCost.perFeature + shapes.reduce(0) { $0 + $1.points.count } * ByteCost.perPoint }

    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: CirclePaintProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        var out = CircleLayer(features: shapes)
        out.radius = paint.circleRadius.perFeature(features, evaluation)
        out.color = paint.circleColor.colors(features, evaluation)
        out.blur = paint.circleBlur.perFeature(features, evaluation)
        out.opacity = paint.circleOpacity.perFeature(features, evaluation)
        out.strokeWidth = paint.circleStrokeWidth.perFeature(features, evaluation)
        out.strokeColor = paint.circleStrokeColor.colors(features, evaluation)
        out.strokeOpacity = paint.circleStrokeOpacity.perFeature(features, evaluation)
        out.pitchScale = paint.circleScaleAlignment.evaluate(zoom: zoom)
        out.pitchAlignment = paint.circlePitchAlignment.evaluate(zoom: zoom)
        out.translate = paint.circleTranslation.point(zoom: zoom)
        out.translateAnchor = paint.circleTranslationAnchor.evaluate(zoom: zoom)
        return BuiltLayer(layer: out, features: features)
    }
}
