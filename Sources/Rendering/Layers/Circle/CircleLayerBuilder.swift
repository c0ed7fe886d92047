import GeoJSON
import MapStyle

/// `circle` layers: a circle at every position of any geometry, as MapLibre draws them.
enum CircleLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { true }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], zoom: Double) -> any SceneLayer {
        guard let paint = layer.paint(as: CirclePaintProperties.self),
              let layout = layer.layout(as: CircleLayoutProperties.self) else { return EmptySceneLayer() }
        sortByKey(layout.circleSortKey, &features)
        var out = CircleLayer(features: features.map { CircleFeature(points: GeometryConversion.points($0.geometry)) })
        out.radius = paint.circleRadius.perFeature(features, zoom: zoom)
        out.color = paint.circleColor.colors(features, zoom: zoom)
        out.blur = paint.circleBlur.perFeature(features, zoom: zoom)
        out.opacity = paint.circleOpacity.perFeature(features, zoom: zoom)
        out.strokeWidth = paint.circleStrokeWidth.perFeature(features, zoom: zoom)
        out.strokeColor = paint.circleStrokeColor.colors(features, zoom: zoom)
        out.strokeOpacity = paint.circleStrokeOpacity.perFeature(features, zoom: zoom)
        out.pitchScale = paint.circleScaleAlignment.evaluate(zoom: zoom)
        out.pitchAlignment = paint.circlePitchAlignment.evaluate(zoom: zoom)
        out.translate = paint.circleTranslation.point(zoom: zoom)
        out.translateAnchor = paint.circleTranslationAnchor.evaluate(zoom: zoom)
        return out
    }
}
