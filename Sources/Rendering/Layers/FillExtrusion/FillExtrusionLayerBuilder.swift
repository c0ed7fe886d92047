import GeoJSON
import MapStyle
import Expressions

/// `fill-extrusion` layers: polygons raised into lit solids.
enum FillExtrusionLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool { FillLayerBuilder.draws(type) }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        FillExtrusionLayout(features: features, shapes: features.map { feature in
            var shape = FillExtrusionFeature(mercator: GeometryConversion.polygons(feature))
            shape.cutTile = evaluation.cutTile
            return shape
        })
    }
}

/// A fill-extrusion layer's bucket: its polygons, converted once.
struct FillExtrusionLayout: LayerLayout {
    var features: [SelectedFeature]
    var shapes: [FillExtrusionFeature]

    var byteCost: Int {
        features.count * ByteCost.perFeature + shapes.reduce(0) { $0 + $1.polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } } * ByteCost.perPoint
    }

    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: FillExtrusionPaintProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        var out = FillExtrusionLayer(features: shapes)
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
        return BuiltLayer(layer: out, features: features)
    }
}
