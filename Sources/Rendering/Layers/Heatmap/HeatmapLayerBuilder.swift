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
        points.reserveCapacity(features.count)
        owners.reserveCapacity(features.count)
        for i in features.indices {
            let weight = weights[i], radius = radii[i]
            // Points (most heatmaps) without a temporary array per feature.
            if case .point(let p)? = features[i].geometry {
                points.append(HeatmapLayer.Point(coordinate: LocationCoordinate2D(longitude: p.longitude, latitude: p.latitude),
                                                 weight: weight, radius: radius))
                owners.append(i)
                continue
            }
            for c in GeometryConversion.points(features[i].geometry) {
                points.append(HeatmapLayer.Point(coordinate: c, weight: weight, radius: radius))
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
