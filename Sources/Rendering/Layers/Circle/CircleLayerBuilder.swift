import GeoJSON
import MapStyle

/// `circle` layers: a circle at every position of any geometry, as MapLibre draws them.
enum CircleLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { true }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: CirclePaintProperties.self),
              let layout = layer.layout(as: CircleLayoutProperties.self) else { return EmptySceneLayer() }
        sortByKey(layout.circleSortKey, &features, evaluation)
        var out = CircleLayer(features: features.map { CircleFeature(points: GeometryConversion.points($0.geometry)) })
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
        return out
    }
}
