import Expressions
import GeoJSON
import MapStyle

/// `heatmap` layers: every position of every feature weighted into the density field.
enum HeatmapLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { true }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        guard let paint = layer.paint(as: HeatmapPaintProperties.self) else { return EmptySceneLayer() }
        let zoom = evaluation.zoom
        let weights = paint.heatmapWeight.perFeature(features, evaluation)
        let radii = paint.heatmapRadius.perFeature(features, evaluation)
        var points: [HeatmapLayer.Point] = []
        var owners: [Int] = []
        for (i, f) in features.enumerated() {
            for c in GeometryConversion.points(f.geometry) {
                points.append(HeatmapLayer.Point(coordinate: c, weight: weights[i], radius: radii[i]))
                owners.append(i)
            }
        }
        var out = HeatmapLayer(points: points, featureIndex: owners)
        out.intensity = paint.heatmapIntensity.evaluate(zoom: zoom)
        out.opacity = paint.heatmapOpacity.evaluate(zoom: zoom)
        // MapLibre's ramp: heatmap-color at k/256, premultiplied, floored to 8 bits
        out.ramp = (0..<256).map { k in
            let c = RenderColor(paint.heatmapColor.evaluate(EvaluationContext(zoom: zoom, heatmapDensity: Double(k) / 256))).premultiplied()
            func byte(_ v: Float) -> Float { (max(0, min(1, v)) * 255).rounded(.down) / 255 }
            return PremultipliedColor(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: byte(c.a))
        }
        return out
    }
}
