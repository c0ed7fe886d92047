import GeoJSON
import MapStyle

/// `fill-extrusion` layers: polygons raised into lit solids.
enum FillExtrusionLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { FillLayerBuilder.draws(g) }

    /// `fill-extrusion-pattern` images are not sampled yet: said when the layer names one the map has
    /// (a missing image draws nothing, which is what MapLibre draws).
    static func unsupported(_ layer: CompiledLayer, evaluation: FeatureEvaluation) -> [String] {
        guard let paint = layer.paint(as: FillExtrusionPaintProperties.self), let pattern = paint.fillExtrusionPattern else { return [] }
        if pattern.isFeatureConstant, evaluation.images?.image(named: pattern.evaluate(zoom: evaluation.zoom).name) == nil { return [] }
        return ["layer \"\(layer.layer.identifier)\": fill-extrusion-pattern is not drawn yet (extrusions take their colour)"]
    }

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
