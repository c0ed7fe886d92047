import Expressions
import GeoJSON
import MapStyle

/// `line` layers: strokes along lines and polygon rings.
enum LineLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool {
        switch type {
        case .point, .multiPoint: return false
        default: return true
        }
    }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        let zoom = evaluation.zoom
        var features = features
        guard let layout = layer.layout(as: LineLayoutProperties.self) else { return LineLayout(features: [], shapes: []) }
        sortByKey(layout.lineSortKey, &features, evaluation)
        var lines: [LineFeature] = []
        lines.reserveCapacity(features.count)
        for s in features {
            let (parts, closed) = GeometryConversion.lines(s)
            lines.append(LineFeature(mercator: parts, closedRings: closed))
        }
        var out = LineLayout(features: features, shapes: lines)
        out.join = layout.lineJoin.perFeature(features, evaluation)
        out.cap = layout.lineCap.evaluate(zoom: zoom)
        out.miterLimit = layout.lineMiterLimit.evaluate(zoom: zoom)
        out.roundLimit = layout.lineRoundLimit.evaluate(zoom: zoom)
        return out
    }
}

/// A line layer's bucket: its lines, sorted and converted once, with the layout properties
/// evaluated at the tile's zoom.
struct LineLayout: LayerLayout {
    var features: [SelectedFeature]
    var shapes: [LineFeature]
    var join: FeatureValue<LineJoin> = .constant(.miter)
    var cap: LineCap = .butt
    var miterLimit = 2.0
    var roundLimit = 1.05

    var byteCost: Int {
        features.count * ByteCost.perFeature + shapes.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.count } } * ByteCost.perPoint
    }

    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        let zoom = evaluation.zoom
        guard let paint = layer.paint(as: LinePaintProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        var out = LineLayer(features: shapes)
        out.color = paint.lineColor.colors(features, evaluation)
        out.opacity = paint.lineOpacity.perFeature(features, evaluation)
        out.width = paint.lineWidth.perFeature(features, evaluation)
        if let dashes = paint.lineDashPattern {
            out.dashArray = dashes.evaluate(zoom: zoom)
            // MapLibre Native fades from the array one zoom down (scale 2) when the zoom is past the integer
            // zoom last crossed (a fractional zoom, without history), else from one zoom up (scale 1/2)
            let below = zoom > (evaluation.lastIntegerZoom ?? zoom.rounded(.down))
            out.dashFadeLength = dashes.evaluate(zoom: below ? zoom - 1 : zoom + 1).reduce(0) { $0 + max(0, $1) } * (below ? 2 : 0.5)
        }
        if paint.lineDashPattern != nil || paint.linePattern != nil {
            // MapLibre scales dashes (and GL JS line patterns) by the width at the integer zoom ("floorwidth").
            let floorZoom = zoom.rounded(.down)
            var floorEvaluation = evaluation
            floorEvaluation.base.zoom = floorZoom
            floorEvaluation.memo = nil
            out.floorWidth = paint.lineWidth.isFeatureConstant
                ? .constant(paint.lineWidth.evaluate(zoom: floorZoom))
                : paint.lineWidth.perFeature(features, floorEvaluation)
        }
        if let gradient = paint.lineGradient {
            out.gradient = (0..<256).map { i in
                RenderColor(gradient.evaluate(EvaluationContext(zoom: zoom, lineProgress: Double(i) / 255)))
            }
        }
        out.gapWidth = paint.lineGapWidth.perFeature(features, evaluation)
        out.offset = paint.lineOffset.perFeature(features, evaluation)
        out.blur = paint.lineBlur.perFeature(features, evaluation)
        out.join = join
        out.cap = cap
        out.miterLimit = miterLimit
        out.roundLimit = roundLimit
        out.translate = paint.lineTranslation.point(zoom: zoom)
        out.translateAnchor = paint.lineTranslationAnchor.evaluate(zoom: zoom)
        if let pattern = paint.linePattern {
            out.patterns = evaluation.map(features) { context in evaluation.images?.image(named: pattern.evaluate(context).name) }
        }
        return BuiltLayer(layer: out, features: features)
    }
}
