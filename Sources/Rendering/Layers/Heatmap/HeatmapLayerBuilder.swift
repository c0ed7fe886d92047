import Expressions
import GeoJSON
import MapStyle

/// `heatmap` layers: every position of every feature weighted into the density field.
enum HeatmapLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool { true }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        var positions: [Point] = []
        var owners: [Int] = []
        positions.reserveCapacity(features.count)
        owners.reserveCapacity(features.count)
        for i in features.indices {
            // Points (most heatmaps) without a temporary array per feature.
            if features[i].tileGeometry == nil, case .point(let p)? = features[i].geometry {
                positions.append(Transform.mercator(LocationCoordinate2D(longitude: p.longitude, latitude: p.latitude)))
                owners.append(i)
                continue
            }
            for c in GeometryConversion.points(features[i]) {
                positions.append(c)
                owners.append(i)
            }
        }
        return HeatmapLayout(features: features, positions: positions, owners: owners)
    }
}

/// A heatmap layer's bucket: every position of its features, with the feature each belongs to.
struct HeatmapLayout: LayerLayout {
    var features: [SelectedFeature]
    /// Web Mercator fractions of the world.
    var positions: [Point]
    var owners: [Int]

    var byteCost: Int { features.count * ByteCost.perFeature + positions.count * (ByteCost.perPoint + 8) }

    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        guard let paint = layer.paint(as: HeatmapPaintProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        let zoom = evaluation.zoom
        let weights = paint.heatmapWeight.perFeature(features, evaluation)
        let radii = paint.heatmapRadius.perFeature(features, evaluation)
        var points: [HeatmapLayer.Point] = []
        points.reserveCapacity(positions.count)
        for (k, c) in positions.enumerated() {
            let i = owners[k]
            points.append(HeatmapLayer.Point(position: c, weight: weights[i], radius: radii[i]))
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
        return BuiltLayer(layer: out, features: features)
    }
}
