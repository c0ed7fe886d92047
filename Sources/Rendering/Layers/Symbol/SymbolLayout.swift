import Foundation
import Expressions
import Fonts
import GeoJSON
import MapStyle

/// One label laid out at the tile's zoom: its anchor, shaped text and icon, and everything else the
/// frame's zoom does not change. A frame sizes it (`text-size`, `icon-size`), boxes it for collision
/// and paints it (``SymbolLayout/scene(_:features:evaluation:)``).
struct LaidOutSymbol: Sendable {
    var anchor: LocationCoordinate2D
    /// For labels along lines: the line followed and how the glyphs sit on it.
    var path: LinePath?
    var allowOverlap: Bool
    var ignorePlacement: Bool
    var textOptional: Bool
    var sortKey: Double?
    /// The shaped text (nil without text).
    var text: LaidOutText?
    /// The icon before it is sized and fitted (nil without an icon).
    var icon: LaidOutIcon?
    /// `icon-text-fit` is set: the icon is fitted to the text at the frame's size.
    var fitsIconToText: Bool
    /// The anchors `text-variable-anchor(-offset)` offers (point labels only), with their offsets in ems * 24.
    var variableAnchors: [(SymbolAnchorKind, (Double, Double))]?
}

/// A label's text shaped at layout, in ems * 24 around the anchor.
struct LaidOutText: Sendable {
    /// Glyph quads (point labels: offset and rotated; labels along lines: around each glyph's centre).
    var quads: [SymbolLayer.GlyphQuad]
    /// The shaping's box (left, top, right, bottom); for variable anchors the centred shaping's, when
    /// the icon is fitted to it.
    var bounds: (Double, Double, Double, Double)?
    /// `text-padding` (CSS pixels).
    var padding: Double
    /// `text-rotate` in radians (0 along lines).
    var rotation: Double
    /// One shaping per variable anchor, in the order they are tried.
    var variants: [LaidOutVariant]
    /// The text in vertical writing mode, when the writing modes allow it and the text has upright glyphs.
    var vertical: LaidOutVertical?

    /// Whether the horizontal text has glyphs to draw (the first variable anchor's, with variable anchors).
    var hasQuads: Bool { !(variants.first?.quads ?? quads).isEmpty }
}

/// A variable anchor's shaping: the text centred and justified for that anchor.
struct LaidOutVariant: Sendable {
    var anchor: SymbolAnchorKind
    /// The anchor's offset in ems * 24.
    var offset: (Double, Double)
    var bounds: (Double, Double, Double, Double)
    /// The glyphs, centred (the frame shifts them to the anchor's side).
    var quads: [SymbolLayer.GlyphQuad]
}

/// A label's vertical shaping, turned a quarter clockwise.
struct LaidOutVertical: Sendable {
    var quads: [SymbolLayer.GlyphQuad]
    var bounds: (Double, Double, Double, Double)
}

/// An icon as layout finds it: its image and how it sits around the anchor, before `icon-size`.
struct LaidOutIcon: Sendable {
    var image: StyleImage
    /// `icon-anchor` as horizontal and vertical fractions of the image.
    var alignment: (Double, Double)
    /// `icon-offset` (CSS pixels at `icon-size` 1).
    var offset: (Double, Double)
    var fit: IconTextFit
    var fitPadding: [Double]
    /// `icon-rotate` in degrees.
    var rotation: Double
    /// `icon-padding` (one value, or CSS top, right, bottom, left).
    var padding: [Double]
    var allowOverlap: Bool
    var ignorePlacement: Bool
    var optional: Bool
}

/// A symbol layer's bucket: its labels laid out at the tile's zoom, with the layout properties
/// that hold for the whole layer.
struct SymbolLayout: LayerLayout {
    /// One feature per label (a feature with several anchors appears once for each).
    var features: [SelectedFeature]
    var labels: [LaidOutSymbol]
    var verticalFirst = false
    var horizontalAllowed = true
    var textRotateWithMap = false
    var textPitchWithMap = false
    var iconRotateWithMap = false
    var iconPitchWithMap = false
    var haloPerSymbol = false
    var placesByViewportY = false
    var sortByViewportY = false

    var byteCost: Int {
        labels.reduce(features.count * ByteCost.perFeature) { sum, label in
            let glyphs = (label.text?.quads.count ?? 0) + (label.text?.variants.reduce(0) { $0 + $1.quads.count } ?? 0)
                + (label.text?.vertical?.quads.count ?? 0) + (label.path.map { $0.points.count + $0.verticalQuads.count } ?? 0)
            return sum + 256 + glyphs * 96
        }
    }

    /// The labels of one frame: sized at the frame's `text-size` and `icon-size`, boxed for collision,
    /// with their paint. A label whose text and icon are both sized to nothing is left out.
    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer {
        guard let paint = layer.paint(as: SymbolPaintProperties.self),
              let layout = layer.layout(as: SymbolLayoutProperties.self) else { return BuiltLayer(layer: EmptySceneLayer(), features: []) }
        let zoom = evaluation.zoom
        func premultiplied(_ c: Color) -> PremultipliedColor { RenderColor(c).premultiplied() }
        let textSize = layout.textFontSize.perFeature(features, evaluation)
        let textColor = paint.textColor.perFeature(features, evaluation, premultiplied)
        let haloColor = paint.textHaloColor.perFeature(features, evaluation, premultiplied)
        let haloWidth = paint.textHaloWidth.perFeature(features, evaluation)
        let haloBlur = paint.textHaloBlur.perFeature(features, evaluation)
        let opacity = paint.textOpacity.perFeature(features, evaluation)
        let hasIcons = labels.contains { $0.icon != nil }
        let icons = hasIcons ? IconPaint(layout: layout, paint: paint, features: features, evaluation: evaluation) : nil
        var symbols: [SymbolLayer.Symbol] = []
        var kept: [SelectedFeature] = []
        symbols.reserveCapacity(labels.count)
        kept.reserveCapacity(labels.count)
        for (i, label) in labels.enumerated() {
            var symbol = SymbolLayer.Symbol(
                anchor: label.anchor, quads: [], fontScale: 1, box: (0, 0, 0, 0),
                color: textColor[i], haloColor: haloColor[i], haloWidth: max(0, haloWidth[i]), haloBlur: max(0, haloBlur[i]),
                opacity: opacity[i], allowOverlap: label.allowOverlap, ignorePlacement: label.ignorePlacement,
                textOptional: label.textOptional, icon: nil)
            symbol.sortKey = label.sortKey
            symbol.path = label.path
            let size = textSize[i]
            var textBounds: (Double, Double, Double, Double)?
            if let text = label.text, size > 0 {
                let fontScale = size / TextShaping.oneEm
                symbol.fontScale = fontScale
                if label.variableAnchors != nil {
                    symbol.variants = SymbolLayerBuilder.variants(text.variants, fontScale: fontScale, padding: text.padding,
                                                                  rotation: text.rotation)
                    if let first = symbol.variants.first {
                        symbol.quads = first.quads
                        symbol.textShift = first.shift
                        symbol.box = first.box
                    }
                    if label.fitsIconToText { textBounds = text.bounds }
                } else if let bounds = text.bounds {
                    symbol.quads = text.quads
                    symbol.box = SymbolLayerBuilder.collisionBox(bounds, scale: fontScale, padding: [text.padding], rotation: text.rotation)
                    textBounds = bounds
                }
                if let vertical = text.vertical {
                    let v = SymbolLayerBuilder.verticalVariant(vertical, fontScale: fontScale, padding: text.padding)
                    symbol.vertical = label.variableAnchors.map { SymbolLayerBuilder.shifted(v, anchors: $0, fontScale: fontScale) } ?? [v]
                }
            }
            // the text's box an icon is fitted to, scaled in single precision as Native's `fitIconToText`
            let fitScale = Float(size) / Float(TextShaping.oneEm)
            let textBox = textBounds.map { b -> (left: Double, top: Double, right: Double, bottom: Double) in
                (Double(Float(b.0) * fitScale), Double(Float(b.1) * fitScale), Double(Float(b.2) * fitScale), Double(Float(b.3) * fitScale))
            }
            if let source = label.icon, let icons {
                symbol.icon = icons.icon(source, feature: i, textBox: textBox, pitched: evaluation.pitched)
                if let bounds = symbol.vertical.first?.bounds, label.fitsIconToText {
                    // the icon fitted to the vertical text, drawn when the vertical text is
                    symbol.verticalIcon = icons.icon(source, feature: i, textBox: bounds, pitched: evaluation.pitched, turned: true)
                    if label.variableAnchors != nil { symbol.verticalIcon?.followsTextAnchor = true }
                }
            }
            if label.variableAnchors != nil, label.fitsIconToText {
                // MapLibre Native moves such an icon with the text's anchor; without text it keeps its
                // collision box but is not drawn
                if textBox == nil { symbol.icon?.isDrawn = false } else { symbol.icon?.followsTextAnchor = true }
            }
            if symbol.quads.isEmpty && symbol.icon == nil { continue }
            symbols.append(symbol)
            kept.append(features[i])
        }
        var out = SymbolLayer(symbols: symbols)
        out.translate = paint.textTranslation.point(zoom: zoom)
        out.translateAnchor = paint.textTranslationAnchor.evaluate(zoom: zoom)
        out.iconTranslate = paint.iconTranslation.point(zoom: zoom)
        out.iconTranslateAnchor = paint.iconTranslationAnchor.evaluate(zoom: zoom)
        out.verticalFirst = verticalFirst
        out.horizontalAllowed = horizontalAllowed
        out.textRotateWithMap = textRotateWithMap
        out.iconRotateWithMap = iconRotateWithMap
        out.textPitchWithMap = textPitchWithMap
        out.iconPitchWithMap = iconPitchWithMap
        out.haloPerSymbol = haloPerSymbol
        out.placesByViewportY = placesByViewportY
        out.sortByViewportY = sortByViewportY
        out.avoidsTileEdges = layout.symbolAvoidsEdges.evaluate(zoom: zoom) || layout.symbolPlacement.evaluate(zoom: zoom) == .line
        out.layoutGroup = SymbolLayer.LayoutGroupKey(layer.layer)
        return BuiltLayer(layer: out, features: kept)
    }
}

/// An icon's frame values for every label of a layer: `icon-size` and the icon paint.
struct IconPaint {
    var size: FeatureValue<Double>
    var color: FeatureValue<PremultipliedColor>
    var haloColor: FeatureValue<PremultipliedColor>
    var haloWidth: FeatureValue<Double>
    var haloBlur: FeatureValue<Double>
    var opacity: FeatureValue<Double>

    init(layout: SymbolLayoutProperties, paint: SymbolPaintProperties, features: [SelectedFeature], evaluation: FeatureEvaluation) {
        func premultiplied(_ c: Color) -> PremultipliedColor { RenderColor(c).premultiplied() }
        size = layout.iconScale.perFeature(features, evaluation)
        color = paint.iconColor.perFeature(features, evaluation, premultiplied)
        haloColor = paint.iconHaloColor.perFeature(features, evaluation, premultiplied)
        haloWidth = paint.iconHaloWidth.perFeature(features, evaluation)
        haloBlur = paint.iconHaloBlur.perFeature(features, evaluation)
        opacity = paint.iconOpacity.perFeature(features, evaluation)
    }

    /// Label `i`'s icon at the frame's `icon-size`, fitted to `textBox` when the layout asks for it;
    /// nil when the icon is sized to nothing.
    func icon(_ source: LaidOutIcon, feature i: Int, textBox: (left: Double, top: Double, right: Double, bottom: Double)?,
              pitched: Bool, turned: Bool = false) -> SymbolLayer.Icon? {
        let size = self.size[i]
        guard size > 0 else { return nil }
        let image = source.image
        var box = IconLayout(image: image, alignment: source.alignment, offset: source.offset)
        let fitted = source.fit != .none && textBox != nil
        if fitted, let text = textBox {
            box.fit(toText: text, width: source.fit == .width || source.fit == .both, height: source.fit == .height || source.fit == .both,
                    padding: source.fitPadding, offset: source.offset, image: image)
        }
        // an icon fitted to vertical text turns a quarter clockwise with it
        let rotation = source.rotation * .pi / 180 + (turned ? .pi / 2 : 0)
        // an icon fitted to text by its content area collides with all of it (MapLibre's collisionPadding)
        var collisionBox = (box.left, box.top, box.right, box.bottom)
        if fitted, let content = image.content {
            let r = image.pixelRatio, (w, h) = image.displaySize
            var fittedBox = (box.left, box.top, box.right, box.bottom)
            if image.textFitWidth != nil || image.textFitHeight != nil {
                let p = box.proportionalBox(image: image, content: content)
                fittedBox = (p.left, p.top, p.left + p.width, p.top + p.height)
            }
            collisionBox = (fittedBox.0 - content.left / r, fittedBox.1 - content.top / r,
                            fittedBox.2 + w - content.right / r, fittedBox.3 + h - content.bottom / r)
        }
        var icon = SymbolLayer.Icon(
            image: image, quads: box.quads(image: image, size: size, rotation: rotation, textFit: fitted), size: size,
            color: color[i], haloColor: haloColor[i], haloWidth: max(0, haloWidth[i]), haloBlur: max(0, haloBlur[i]),
            opacity: opacity[i], linear: image.sdf || size != 1 || source.rotation != 0 || pitched,
            box: SymbolLayerBuilder.collisionBox(collisionBox, scale: size, padding: source.padding, rotation: rotation),
            allowOverlap: source.allowOverlap, ignorePlacement: source.ignorePlacement, optional: source.optional)
        icon.shapedWidth = box.right - box.left
        return icon
    }
}
