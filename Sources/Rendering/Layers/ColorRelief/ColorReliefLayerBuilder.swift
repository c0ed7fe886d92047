import Expressions
import MapStyle
import Geo

/// `color-relief` layers: a raster-dem source's tiles (their borders backfilled from neighbours by
/// ``RasterDEMRenderSource``) coloured by `color-relief-color` over `["elevation"]`.
enum ColorReliefLayerBuilder: ImageLayerBuilder {
    static func unsupported(_ layer: CompiledLayer) -> [String] {
        guard let paint = layer.paint(as: ColorReliefPaintProperties.self) else { return [] }
        guard let color = paint.colorReliefColor else {
            return ["layer \"\(layer.layer.identifier)\": color-relief-color is not set, so the layer draws nothing"]
        }
        if color.expression.ramp == nil {
            return ["layer \"\(layer.layer.identifier)\": color-relief-color is not an \"interpolate\" or \"step\" expression over [\"elevation\"], so the layer draws nothing (as MapLibre GL JS)"]
        }
        return []
    }

    static func build(_ layer: CompiledLayer, source: any RenderSource, zoom: Double, bearing: Double) -> (any SceneLayer)? {
        guard let paint = layer.paint(as: ColorReliefPaintProperties.self) else { return EmptySceneLayer() }
        var pieces: [ColorReliefLayer.Piece] = []
        for tile in source.imageTiles {
            guard let dem = tile.dem else { continue }
            let c = tile.id.canonical
            pieces.append(ColorReliefLayer.Piece(tile: TileClip(z: c.z, x: c.x, y: c.y, wrap: tile.id.wrap), clip: tile.clip, dem: dem))
        }
        let unpack = pieces.first?.dem.unpack ?? (6553.6, 25.6, 0.1, 10000)
        var out = ColorReliefLayer(pieces: pieces, ramp: ramp(paint.colorReliefColor, unpack: unpack))
        out.opacity = paint.colorReliefOpacity.evaluate(zoom: zoom)
        out.linearResampling = paint.resampling.evaluate(zoom: zoom) == .linear
        return out
    }

    /// GL JS's ramp: the root `interpolate`'s colours at its stops (a `step`'s too, drawn as steps);
    /// transparent for any other colour.
    static func ramp(_ color: CompiledProperty<Color>?, unpack: (Double, Double, Double, Double)) -> ColorReliefRamp {
        guard let color, let stops = color.expression.ramp else { return .transparent }
        switch stops.kind {
        case .interpolate:
            let colors = stops.labels.map { RenderColor(color.evaluate(EvaluationContext(elevation: $0))) }
            return ColorReliefRamp(stops: stops.labels, colors: colors, unpack: unpack)
        case .step:
            // the first output holds below the first label; each label's output from it up
            guard stops.labels.count > 1 else {
                let only = RenderColor(color.evaluate(EvaluationContext(elevation: 0)))
                return ColorReliefRamp(stops: [0], colors: [only], kind: .step, unpack: (1, 1, 1, 0))
            }
            let labels = Array(stops.labels.dropFirst())
            let colors = [RenderColor(color.evaluate(EvaluationContext(elevation: -.greatestFiniteMagnitude)))]
                + labels.map { RenderColor(color.evaluate(EvaluationContext(elevation: $0))) }
            return ColorReliefRamp(stops: [-.greatestFiniteMagnitude] + labels, colors: colors, kind: .step, unpack: (0, 0, 0, 0))
        }
    }
}
