import GeoJSON
import MapStyle

/// `background` layers: one colour over the whole canvas.
enum BackgroundLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { false }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: BackgroundPaintProperties.self) else { return EmptySceneLayer() }
        var out = BackgroundLayer(color: RenderColor(paint.backgroundColor.evaluate(zoom: zoom)),
                                  opacity: paint.backgroundOpacity.evaluate(zoom: zoom))
        if let pattern = paint.backgroundPattern {
            out.pattern = evaluation.images?.image(named: pattern.evaluate(zoom: zoom).name)
            // a pattern that is not available draws nothing, as in MapLibre
            if out.pattern == nil { out.opacity = 0 }
        }
        return out
    }
}
