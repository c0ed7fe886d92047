import Expressions
import GeoJSON
import MapStyle

/// `line` layers: strokes along lines and polygon rings.
enum LineLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool {
        switch g {
        case .point, .multiPoint: return false
        default: return true
        }
    }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: LinePaintProperties.self),
              let layout = layer.layout(as: LineLayoutProperties.self) else { return EmptySceneLayer() }
        sortByKey(layout.lineSortKey, &features, evaluation)
        var lines: [LineFeature] = []
        lines.reserveCapacity(features.count)
        for s in features {
            let (parts, closed) = GeometryConversion.lines(s.geometry)
            lines.append(LineFeature(lines: parts, closedRings: closed))
        }
        var out = LineLayer(features: lines)
        out.color = paint.lineColor.colors(features, evaluation)
        out.opacity = paint.lineOpacity.perFeature(features, evaluation)
        out.width = paint.lineWidth.perFeature(features, evaluation)
        if let dashes = paint.lineDashPattern {
            out.dashArray = dashes.evaluate(zoom: zoom)
            // MapLibre scales dashes by the width at the integer zoom ("floorwidth").
            let floorZoom = zoom.rounded(.down)
            var floorEvaluation = evaluation
            floorEvaluation.base.zoom = floorZoom
            out.dashWidth = paint.lineWidth.isFeatureConstant
                ? .constant(paint.lineWidth.evaluate(zoom: floorZoom))
                : .perFeature(floorEvaluation.map(features) { paint.lineWidth.evaluate($0) })
        }
        if let gradient = paint.lineGradient {
            out.gradient = (0..<256).map { i in
                RenderColor(gradient.evaluate(EvaluationContext(zoom: zoom, lineProgress: Double(i) / 255)))
            }
        }
        out.gapWidth = paint.lineGapWidth.perFeature(features, evaluation)
        out.offset = paint.lineOffset.perFeature(features, evaluation)
        out.blur = paint.lineBlur.perFeature(features, evaluation)
        out.join = layout.lineJoin.perFeature(features, evaluation)
        out.cap = layout.lineCap.evaluate(zoom: zoom)
        out.miterLimit = layout.lineMiterLimit.evaluate(zoom: zoom)
        out.roundLimit = layout.lineRoundLimit.evaluate(zoom: zoom)
        out.translate = paint.lineTranslation.point(zoom: zoom)
        out.translateAnchor = paint.lineTranslationAnchor.evaluate(zoom: zoom)
        if let pattern = paint.linePattern {
            out.patterns = evaluation.map(features) { context in evaluation.images?.image(named: pattern.evaluate(context).name) }
        }
        return out
    }
}
