import Foundation
import Expressions
import GeoJSON
import MapStyle

/// `symbol` layers: text labels at point anchors (points, the first vertex of lines, the pole of
/// inaccessibility of polygons), shaped from the style's glyphs as MapLibre shapes them.
enum SymbolLayerBuilder: LayerBuilder {
    static func draws(_ g: Geometry) -> Bool { true }

    static func build(_ layer: CompiledLayer, features: inout [SelectedFeature], evaluation: FeatureEvaluation) -> any SceneLayer {
        guard let paint = layer.paint(as: SymbolPaintProperties.self),
              let layout = layer.layout(as: SymbolLayoutProperties.self) else { return EmptySceneLayer() }
        let zoom = evaluation.zoom
        sortByKey(layout.symbolSortKey, &features, evaluation)
        var glyphs = GlyphCache(provider: evaluation.glyphs, images: evaluation.images)
        var symbols: [SymbolLayer.Symbol] = []
        var kept: [SelectedFeature] = []
        var pending: [PendingLineLabel] = []
        var context = evaluation.base
        // Layout properties are evaluated at the tile's zoom (MapLibre lays symbols out per tile);
        // paint properties and the drawn text size at the camera's.
        var layoutContext = evaluation.base
        layoutContext.zoom = zoom.rounded(.down)
        // a plain string `text-field` may name properties as `{name}` tokens (legacy syntax)
        let tokens = layout.text.source?.string?.contains("{") ?? false
        let writingModes = layout.textWritingModes?.evaluate(zoom: zoom) ?? []
        for feature in features {
            evaluation.load(feature, into: &context)
            evaluation.load(feature, into: &layoutContext)
            var text = layout.text.evaluate(layoutContext)
            if tokens, let properties = context.feature?.properties { text = replacingTokens(text, properties) }
            var symbol = SymbolLayer.Symbol(
                anchor: LocationCoordinate2D(latitude: 0, longitude: 0), quads: [], fontScale: 1, box: (0, 0, 0, 0),
                color: RenderColor(paint.textColor.evaluate(context)).premultiplied(),
                haloColor: RenderColor(paint.textHaloColor.evaluate(context)).premultiplied(),
                haloWidth: max(0, paint.textHaloWidth.evaluate(context)),
                haloBlur: max(0, paint.textHaloBlur.evaluate(context)),
                opacity: paint.textOpacity.evaluate(context),
                allowOverlap: layout.textAllowsOverlap.evaluate(layoutContext),
                ignorePlacement: layout.textIgnoresPlacement.evaluate(layoutContext),
                textOptional: layout.isTextOptional.evaluate(layoutContext), icon: nil)
            symbol.sortKey = layout.symbolSortKey?.evaluate(layoutContext)
            let size = layout.textFontSize.evaluate(context)
            let placement = layout.symbolPlacement.evaluate(layoutContext)
            let alongLine = placement != .point && layout.textRotationAlignment.evaluate(layoutContext) != .viewport
            let variable = placement == .point ? variableAnchors(layout, layoutContext) : nil
            let fitsIconToText = layout.iconTextFit.evaluate(layoutContext) != .none
            var textBounds: (Double, Double, Double, Double)?
            var glyphOffsets: [Double] = []
            var verticalQuads: [SymbolLayer.GlyphQuad] = [], verticalOffsets: [Double] = []
            if !text.isEmpty && size > 0, let variable {
                symbol.fontScale = size / TextShaping.oneEm
                symbol.variants = variants(text, anchors: variable, layout: layout, context: layoutContext,
                                           fontScale: symbol.fontScale, glyphs: &glyphs)
                if let first = symbol.variants.first {
                    symbol.quads = first.quads
                    symbol.box = first.box
                }
                if fitsIconToText {
                    // the icon is fitted to the centred text, then moves with the anchor placement picks
                    let centred = shape(text, layout: layout, context: layoutContext, glyphs: &glyphs, anchor: .center,
                                        justify: 0.5, offset: (0, 0))
                    if !centred.isEmpty { textBounds = (centred.left, centred.top, centred.right, centred.bottom) }
                }
            } else if !text.isEmpty && size > 0 && alongLine {
                // along a line: glyphs around their own centres, laid out on the line at placement
                let shaping = shape(text, layout: layout, context: layoutContext, glyphs: &glyphs, offset: (0, 0), maxWidth: 0)
                if !shaping.isEmpty {
                    let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
                    (symbol.quads, glyphOffsets) = lineGlyphQuads(shaping, sectionColors: sectionColors)
                    if text.sections.contains(where: { $0.text.unicodeScalars.contains { TextShaping.hasUprightVerticalOrientation($0.value) } }) {
                        let v = shape(text, layout: layout, context: layoutContext, glyphs: &glyphs, offset: (0, 0), maxWidth: 0,
                                      vertical: true, uprightOnly: !writingModes.contains(.vertical))
                        (verticalQuads, verticalOffsets) = lineGlyphQuads(v, sectionColors: sectionColors)
                    }
                    symbol.fontScale = size / TextShaping.oneEm
                    symbol.box = collisionBox((shaping.left, shaping.top, shaping.right, shaping.bottom), scale: symbol.fontScale,
                                              padding: [layout.textPadding.evaluate(layoutContext)], rotation: 0)
                    textBounds = (shaping.left, shaping.top, shaping.right, shaping.bottom)
                }
            } else if !text.isEmpty && size > 0 {
                let shaping = shape(text, layout: layout, context: layoutContext, glyphs: &glyphs,
                                    maxWidth: placement == .point ? nil : 0)
                if !shaping.isEmpty {
                    let rotation = layout.textRotation.evaluate(layoutContext) * .pi / 180
                    let offset = textOffset(layout, layoutContext)
                    let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
                    symbol.quads = glyphQuads(shaping, offset: offset, rotation: rotation, sectionColors: sectionColors)
                    symbol.fontScale = size / TextShaping.oneEm
                    symbol.box = collisionBox((shaping.left, shaping.top, shaping.right, shaping.bottom), scale: symbol.fontScale,
                                              padding: [layout.textPadding.evaluate(layoutContext)], rotation: rotation)
                    textBounds = (shaping.left, shaping.top, shaping.right, shaping.bottom)
                }
            }
            if placement == .point, !text.isEmpty, size > 0, writingModes.contains(.vertical) {
                symbol.fontScale = size / TextShaping.oneEm
                if let v = verticalVariant(text, layout: layout, context: layoutContext, fontScale: symbol.fontScale, glyphs: &glyphs) {
                    symbol.vertical = variable.map { shifted(v, anchors: $0, fontScale: symbol.fontScale) } ?? [v]
                }
            }
            let textBox = textBounds.map { (left: $0.0 * symbol.fontScale, top: $0.1 * symbol.fontScale,
                                            right: $0.2 * symbol.fontScale, bottom: $0.3 * symbol.fontScale) }
            symbol.icon = icon(layout: layout, paint: paint, context: context, layoutContext: layoutContext,
                               images: evaluation.images, pitched: evaluation.pitched, textBox: textBox)
            if let bounds = symbol.vertical.first?.bounds, fitsIconToText {
                // the icon fitted to the vertical text, drawn when the vertical text is
                symbol.verticalIcon = icon(layout: layout, paint: paint, context: context, layoutContext: layoutContext,
                                           images: evaluation.images, pitched: evaluation.pitched, textBox: bounds, turned: true)
                if variable != nil { symbol.verticalIcon?.followsTextAnchor = true }
            }
            if variable != nil, fitsIconToText {
                // MapLibre Native moves such an icon with the text's anchor; without text it keeps its
                // collision box but is not drawn
                if textBox == nil { symbol.icon?.isDrawn = false } else { symbol.icon?.followsTextAnchor = true }
            }
            if symbol.quads.isEmpty && symbol.icon == nil { continue }
            if placement != .point {
                let shapedLength = max(textBounds.map { $0.2 - $0.0 } ?? 0, symbol.icon?.shapedWidth ?? 0)
                let tiles = evaluation.labelTiles ?? LabelTiles.all(zoom: zoom)
                guard var line = lineLayout(layout, layoutContext, tiles: tiles, shapedLength: shapedLength, hasText: !symbol.quads.isEmpty)
                else { continue }
                if let textBounds, !symbol.quads.isEmpty {
                    (line.collisionLength, line.collisionBoxSize) = collisionSize(textBounds, layout, layoutContext, tiles: tiles)
                }
                let o = textOffset(layout, layoutContext)
                let path = LinePath(points: [], segment: 0, anchor: Point(x: 0, y: 0), glyphOffsets: glyphOffsets,
                                    lineOffset: Point(x: o.0, y: o.1), keepUpright: line.keepUpright, pitchWithMap: line.pitchWithMap,
                                    rotateGlyphs: line.rotateGlyphs, textAlongLine: line.textAlongLine, iconAlongLine: line.iconAlongLine,
                                    circleRadius: line.collisionBoxSize / 2 / tiles.tilePixelRatio,
                                    tileUnitsPerWorld: pow(2, Double(tiles.z)) * LineLabelAnchors.extent,
                                    verticalQuads: verticalQuads, verticalGlyphOffsets: verticalOffsets)
                pending.append(PendingLineLabel(symbol: symbol, path: path, layout: line, feature: feature,
                                                lines: lineStrings(feature.geometry), text: text.sections.map(\.text).joined()))
                continue
            }
            for anchor in anchors(feature.geometry) {
                var s = symbol
                s.anchor = anchor
                symbols.append(s)
                kept.append(feature)
            }
        }
        if !pending.isEmpty {
            let tiles = evaluation.labelTiles ?? LabelTiles.all(zoom: zoom)
            if pending[0].layout.placement == .line { mergeLines(&pending, tiles: tiles) }
            var seenText: [String: [Int: [Point]]] = [:]
            for label in pending {
                for a in lineAnchors(label.lines, tiles: tiles, layout: label.layout, text: label.text, seen: &seenText) {
                    var s = label.symbol
                    s.anchor = Transform.coordinate(mercator: a.anchor)
                    s.path = label.path
                    s.path?.points = a.line
                    s.path?.segment = a.segment
                    s.path?.anchor = a.anchor
                    s.path?.circles = a.circles
                    symbols.append(s)
                    kept.append(label.feature)
                }
            }
        }
        features = kept
        var out = SymbolLayer(symbols: symbols)
        out.translate = paint.textTranslation.point(zoom: zoom)
        out.translateAnchor = paint.textTranslationAnchor.evaluate(zoom: zoom)
        out.verticalFirst = writingModes.first == .vertical
        out.horizontalAllowed = writingModes.isEmpty || writingModes.contains(.horizontal)
        out.iconTranslate = paint.iconTranslation.point(zoom: zoom)
        out.iconTranslateAnchor = paint.iconTranslationAnchor.evaluate(zoom: zoom)
        // `auto` is viewport for point labels; pitch alignment `auto` follows the rotation alignment
        let textRotation = layout.textRotationAlignment.evaluate(zoom: zoom), iconRotation = layout.iconRotationAlignment.evaluate(zoom: zoom)
        out.textRotateWithMap = textRotation == .map
        out.iconRotateWithMap = iconRotation == .map
        let textPitch = layout.textPitchAlignment.evaluate(zoom: zoom), iconPitch = layout.iconPitchAlignment.evaluate(zoom: zoom)
        out.textPitchWithMap = textPitch == .map || (textPitch == .auto && out.textRotateWithMap)
        out.iconPitchWithMap = iconPitch == .map || (iconPitch == .auto && out.iconRotateWithMap)
        let zOrder = layout.symbolZOrder.evaluate(zoom: zoom)
        out.haloPerSymbol = layout.symbolSortKey != nil
        out.placesByViewportY = zOrder == .viewportY
        out.sortByViewportY = zOrder == .viewportY
            || (zOrder == .auto && layout.symbolSortKey == nil
                && (layout.textAllowsOverlap.evaluate(zoom: zoom) || layout.iconAllowsOverlap.evaluate(zoom: zoom)))
        return out
    }

    static func unsupported(_ layer: CompiledLayer) -> [String] {
        return []
    }

    // MARK: - Anchors

    /// Where a point-placed label goes: each point, each line's first vertex, each polygon's pole of inaccessibility.
    static func anchors(_ g: Geometry?) -> [LocationCoordinate2D] {
        switch g {
        case .point(let p)?: return [LocationCoordinate2D(latitude: p.latitude, longitude: p.longitude)]
        case .multiPoint(let l)?: return GeometryConversion.coordinates(l)
        case .lineString(let l)?: return l.isEmpty ? [] : [LocationCoordinate2D(latitude: l[0].latitude, longitude: l[0].longitude)]
        case .multiLineString(let ls)?:
            return ls.compactMap { $0.isEmpty ? nil : LocationCoordinate2D(latitude: $0[0].latitude, longitude: $0[0].longitude) }
        case .polygon(let rings)?: return PoleOfInaccessibility.anchor(rings).map { [$0] } ?? []
        case .multiPolygon(let ps)?: return ps.compactMap { PoleOfInaccessibility.anchor($0) }
        case .geometryCollection(let c)?: return c.geometries.flatMap { anchors($0) }
        default: return []
        }
    }
}

extension SymbolAnchorKind {
    init(_ anchor: SymbolAnchor) {
        switch anchor {
        case .center: self = .center
        case .left: self = .left
        case .right: self = .right
        case .top: self = .top
        case .bottom: self = .bottom
        case .topLeft: self = .topLeft
        case .topRight: self = .topRight
        case .bottomLeft: self = .bottomLeft
        case .bottomRight: self = .bottomRight
        }
    }
}

/// Glyph ranges fetched from the map's provider once per build.
struct GlyphCache {
    let provider: (any GlyphProvider)?
    /// The map's images, for image sections of formatted text.
    let images: (any ImageProvider)?
    private var ranges: [String: [Int: [UInt32: Glyph]]] = [:]

    init(provider: (any GlyphProvider)?, images: (any ImageProvider)? = nil) {
        self.provider = provider
        self.images = images
    }

    mutating func glyph(_ codePoint: UInt32, _ stack: [String]) -> Glyph? {
        guard let provider else { return nil }
        let key = stack.joined(separator: ",")
        let range = Int(codePoint / 256)
        if let set = ranges[key]?[range] { return set[codePoint] }
        let set = provider.glyphs(fontStack: stack, range: range)
        ranges[key, default: [:]][range] = set
        return set[codePoint]
    }
}
