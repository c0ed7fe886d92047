import GeoJSON
import MapStyle

/// `fill` layers: polygons, filled and outlined.
enum FillLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool {
        switch g {
        case .polygon, .multiPolygon, .geometryCollection: return true
        default: return false
        }
    }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: FillPaintProperties.self),
              let layout = layer.layout(as: FillLayoutProperties.self) else { return EmptySceneLayer() }
        sortByKey(layout.fillSortKey, &features, evaluation)
        var out = FillLayer(features: features.map { FillFeature(polygons: GeometryConversion.polygons($0.geometry)) })
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
        return out
    }
}
