import GeoJSON
import MapStyle

/// `background` layers: one colour over the whole canvas.
enum BackgroundLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { false }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: BackgroundPaintProperties.self) else { return EmptySceneLayer() }
        return BackgroundLayer(color: RenderColor(paint.backgroundColor.evaluate(zoom: zoom)),
                               opacity: paint.backgroundOpacity.evaluate(zoom: zoom))
    }

    static func unsupported(_ layer: CompiledLayer) -> [String] { unsupported(layer, properties: ["background-pattern"]) }
}
