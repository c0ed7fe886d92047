import GeoJSON
import MapStyle

/// `fill-extrusion` layers: polygons raised into lit solids.
enum FillExtrusionLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { FillLayerBuilder.draws(g) }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: FillExtrusionPaintProperties.self) else { return EmptySceneLayer() }
        var out = FillExtrusionLayer(features: features.map { FillExtrusionFeature(polygons: GeometryConversion.polygons($0.geometry)) })
        out.color = paint.fillExtrusionColor.colors(features, evaluation)
        out.height = paint.fillExtrusionHeight.perFeature(features, evaluation)
        out.base = paint.fillExtrusionBase.perFeature(features, evaluation)
        out.opacity = paint.fillExtrusionOpacity.evaluate(zoom: zoom)
        out.translate = paint.fillExtrusionTranslation.point(zoom: zoom)
        out.translateAnchor = paint.fillExtrusionTranslationAnchor.evaluate(zoom: zoom)
        out.verticalGradient = paint.fillExtrusionHasVerticalGradient.evaluate(zoom: zoom)
        out.light = evaluation.light
        if let pattern = paint.fillExtrusionPattern {
            out.patterns = evaluation.map(features) { context in
                evaluation.images?.image(named: pattern.evaluate(context).name)
            }
        }
        return out
    }
}
