import GeoJSON
import MapStyle
import Expressions

/// `background` layers: one colour over the whole canvas.
enum BackgroundLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool { false }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        BackgroundLayout()
    }
}

/// A background layer has nothing to lay out: every frame evaluates its paint.
struct BackgroundLayout: LayerLayout {
    var features: [SelectedFeature] { [] }
    var byteCost: Int { 0 }

    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: BackgroundPaintProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        var out = BackgroundLayer(color: RenderColor(paint.backgroundColor.evaluate(zoom: zoom)),
                                  opacity: paint.backgroundOpacity.evaluate(zoom: zoom))
        if let pattern = paint.backgroundPattern {
            out.pattern = evaluation.images?.image(named: pattern.evaluate(zoom: zoom).name)
            // a pattern that is not available draws nothing, as in MapLibre
            if out.pattern == nil { out.opacity = 0 }
        }
        return BuiltLayer(layer: out, features: [])
    }
}
