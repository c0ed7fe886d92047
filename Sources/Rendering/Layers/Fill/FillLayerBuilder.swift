import GeoJSON
import MapStyle
import Expressions

/// `fill` layers: polygons, filled and outlined.
enum FillLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool {
        switch type {
        case .polygon, .multiPolygon, .geometryCollection: return true
        default: return false
        }
    }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        var features = features
        if let layout = layer.layout(as: FillLayoutProperties.self) { sortByKey(layout.fillSortKey, &features, evaluation) }
        return FillLayout(features: features, shapes: features.map { FillFeature(mercator: GeometryConversion.polygons($0)) })
    }
}

/// A fill layer's bucket: its polygons, sorted, converted once.
struct FillLayout: LayerLayout {
    var features: [SelectedFeature]
    var shapes: [FillFeature]

    var byteCost: Int {
        features.count * ByteCost.perFeature + shapes.reduce(0) { $0 + $1.polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } } * ByteCost.perPoint
    }

    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: FillPaintProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        var out = FillLayer(features: shapes)
        out.color = paint.fillColor.colors(features, evaluation)
        out.opacity = paint.fillOpacity.perFeature(features, evaluation)
        out.outlineColor = paint.fillOutlineColor?.colors(features, evaluation)
        out.antialias = paint.isFillAntialiased.evaluate(zoom: zoom)
        out.translate = paint.fillTranslation.point(zoom: zoom)
        out.translateAnchor = paint.fillTranslationAnchor.evaluate(zoom: zoom)
        if let pattern = paint.fillPattern {
            out.patterns = evaluation.map(features) { context in
                evaluation.images?.image(named: pattern.evaluate(context).name)
            }
        }
        return BuiltLayer(layer: out, features: features)
    }
}
