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
        var glyphs = GlyphCache(provider: evaluation.glyphs)
        var symbols: [SymbolLayer.Symbol] = []
        var kept: [SelectedFeature] = []
        var context = evaluation.base
        // Layout properties are evaluated at the tile's zoom (MapLibre lays symbols out per tile);
        // paint properties and the drawn text size at the camera's.
        var layoutContext = evaluation.base
        layoutContext.zoom = zoom.rounded(.down)
        // a plain string `text-field` may name properties as `{name}` tokens (legacy syntax)
        let tokens = layout.text.source?.string?.contains("{") ?? false
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
            let size = layout.textFontSize.evaluate(context)
            let variable = variableAnchors(layout, layoutContext)
            var textBounds: (Double, Double, Double, Double)?
            if !text.isEmpty && size > 0, let variable {
                symbol.fontScale = size / TextShaping.oneEm
                symbol.variants = variants(text, anchors: variable, layout: layout, context: layoutContext,
                                           fontScale: symbol.fontScale, glyphs: &glyphs)
                if let first = symbol.variants.first {
                    symbol.quads = first.quads
                    symbol.box = first.box
                }
            } else if !text.isEmpty && size > 0 {
                let shaping = shape(text, layout: layout, context: layoutContext, glyphs: &glyphs)
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
            let textBox = textBounds.map { (left: $0.0 * symbol.fontScale, top: $0.1 * symbol.fontScale,
                                            right: $0.2 * symbol.fontScale, bottom: $0.3 * symbol.fontScale) }
            symbol.icon = icon(layout: layout, paint: paint, context: context, layoutContext: layoutContext,
                               images: evaluation.images, pitched: evaluation.pitched, textBox: textBox)
            if symbol.quads.isEmpty && symbol.icon == nil { continue }
            for anchor in anchors(feature.geometry) {
                var s = symbol
                s.anchor = anchor
                symbols.append(s)
                kept.append(feature)
            }
        }
        features = kept
        var out = SymbolLayer(symbols: symbols)
        out.translate = paint.textTranslation.point(zoom: zoom)
        out.translateAnchor = paint.textTranslationAnchor.evaluate(zoom: zoom)
        let zOrder = layout.symbolZOrder.evaluate(zoom: zoom)
        out.haloPerSymbol = layout.symbolSortKey != nil
        out.sortByViewportY = zOrder == .viewportY
            || (zOrder == .auto && layout.symbolSortKey == nil
                && (layout.textAllowsOverlap.evaluate(zoom: zoom) || layout.iconAllowsOverlap.evaluate(zoom: zoom)))
        return out
    }

    static func unsupported(_ layer: CompiledLayer) -> [String] {
        var out = unsupported(layer, properties: ["text-writing-mode"])
        if let placement = layer.layer.layout["symbol-placement"]?.string, placement != "point" {
            out.append("layer \"\(layer.layer.identifier)\": symbol-placement \(placement) is not drawn yet (labels are drawn at points)")
        }
        if let pitch = layer.layer.layout["text-pitch-alignment"], pitch == "map" {
            out.append("layer \"\(layer.layer.identifier)\": text-pitch-alignment map is not drawn yet")
        }
        if let rotation = layer.layer.layout["text-rotation-alignment"], rotation == "map" {
            out.append("layer \"\(layer.layer.identifier)\": text-rotation-alignment map is not drawn yet")
        }
        return out
    }

    // MARK: - Shaping

    private static func shape(_ text: Formatted, layout: SymbolLayoutProperties, context: EvaluationContext,
                              glyphs: inout GlyphCache, anchor anchorOverride: SymbolAnchorKind? = nil,
                              justify justifyOverride: Double? = nil, offset offsetOverride: (Double, Double)? = nil) -> TextShaping {
        let transform = layout.textTransform.evaluate(context)
        let stack = layout.textFontNames.evaluate(context)
        let sections = text.sections.map { section -> TextShaping.Section in
            var s = section.text
            switch transform {
            case .uppercase: s = s.uppercased()
            case .lowercase: s = s.lowercased()
            case .none: break
            }
            let fonts = section.fontStack.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? stack
            return TextShaping.Section(text: s, fontStack: fonts, scale: section.scale ?? 1)
        }
        let anchor = anchorOverride ?? SymbolAnchorKind(layout.textAnchor.evaluate(context))
        var justify: Double
        switch layout.textJustification.evaluate(context) {
        case .auto: justify = anchor.autoJustification
        case .left: justify = 0
        case .center: justify = 0.5
        case .right: justify = 1
        }
        if let justifyOverride { justify = justifyOverride }
        let offset = offsetOverride ?? textOffset(layout, context)
        let options = TextShaping.Options(maxWidth: layout.maximumTextWidth.evaluate(context) * TextShaping.oneEm,
                                          lineHeight: layout.textLineHeight.evaluate(context) * TextShaping.oneEm,
                                          letterSpacing: layout.textLetterSpacing.evaluate(context) * TextShaping.oneEm,
                                          anchor: anchor, justify: justify, offset: offset)
        return TextShaping(sections: sections, options: options) { glyphs.glyph($0, $1) }
    }

    /// The anchors `text-variable-anchor-offset` or `text-variable-anchor` offer, in order, each
    /// with its offset in ems * 24 (MapLibre's `getTextVariableAnchorOffset`); nil without them.
    private static func variableAnchors(_ layout: SymbolLayoutProperties, _ context: EvaluationContext) -> [(SymbolAnchorKind, (Double, Double))]? {
        let baseline = 7.0
        if let pairs = layout.textVariableAnchorOffset?.evaluate(context).values, !pairs.isEmpty {
            return pairs.compactMap { pair in
                guard let anchor = SymbolAnchor(rawValue: pair.anchor).map(SymbolAnchorKind.init) else { return nil }
                let x = (pair.offset.first ?? 0) * TextShaping.oneEm
                var y = (pair.offset.count > 1 ? pair.offset[1] : 0) * TextShaping.oneEm
                switch anchor {
                case .topRight, .topLeft, .top: y -= baseline
                case .bottomRight, .bottomLeft, .bottom: y += baseline
                default: break
                }
                return (anchor, (x, y))
            }
        }
        guard let anchors = layout.textVariableAnchor?.evaluate(context), !anchors.isEmpty else { return nil }
        if layout.textRadialOffset.source != nil {
            let r = layout.textRadialOffset.evaluate(context) * TextShaping.oneEm
            return anchors.map { a in (SymbolAnchorKind(a), radialOffset(SymbolAnchorKind(a), r)) }
        }
        let o = layout.textOffset.evaluate(context)
        let ox = abs(o.count == 2 ? o[0] : 0) * TextShaping.oneEm, oy = abs(o.count == 2 ? o[1] : 0) * TextShaping.oneEm
        return anchors.map { a in
            let anchor = SymbolAnchorKind(a)
            var x = 0.0, y = 0.0
            switch anchor {
            case .topRight, .topLeft, .top: y = oy - baseline
            case .bottomRight, .bottomLeft, .bottom: y = -oy + baseline
            default: break
            }
            switch anchor {
            case .topRight, .bottomRight, .right: x = -ox
            case .topLeft, .bottomLeft, .left: x = ox
            default: break
            }
            return (anchor, (x, y))
        }
    }

    /// One shaping per variable anchor: the text centred and justified for the anchor, its box
    /// and glyphs shifted to the anchor's side (MapLibre's `calculateVariableLayoutOffset`).
    private static func variants(_ text: Formatted, anchors: [(SymbolAnchorKind, (Double, Double))], layout: SymbolLayoutProperties,
                                 context: EvaluationContext, fontScale: Double, glyphs: inout GlyphCache) -> [SymbolLayer.Variant] {
        let padding = layout.textPadding.evaluate(context)
        let rotation = layout.textRotation.evaluate(context) * .pi / 180
        let justification = layout.textJustification.evaluate(context)
        let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
        var out: [SymbolLayer.Variant] = []
        for (anchor, offset) in anchors {
            let justify: Double
            switch justification {
            case .auto: justify = anchor.autoJustification
            case .left: justify = 0
            case .center: justify = 0.5
            case .right: justify = 1
            }
            let shaping = shape(text, layout: layout, context: context, glyphs: &glyphs, anchor: .center, justify: justify, offset: (0, 0))
            guard !shaping.isEmpty else { continue }
            let box = collisionBox((shaping.left, shaping.top, shaping.right, shaping.bottom), scale: fontScale,
                                   padding: [padding], rotation: rotation)
            let (h, v) = anchor.alignment
            let shift = Point(x: -(h - 0.5) * (box.x1 - box.x0) + offset.0 * fontScale,
                              y: -(v - 0.5) * (box.y1 - box.y0) + offset.1 * fontScale)
            var quads = glyphQuads(shaping, offset: (0, 0), rotation: rotation, sectionColors: sectionColors)
            for i in quads.indices {
                let d = Point(x: (shift.x / fontScale * 32).rounded() / 32, y: (shift.y / fontScale * 32).rounded() / 32)
                quads[i].topLeft = quads[i].topLeft + d
                quads[i].topRight = quads[i].topRight + d
                quads[i].bottomLeft = quads[i].bottomLeft + d
            }
            out.append(SymbolLayer.Variant(quads: quads, box: (box.x0 + shift.x, box.y0 + shift.y, box.x1 + shift.x, box.y1 + shift.y)))
        }
        return out
    }

    /// `text-offset` (or `text-radial-offset`) in ems * 24, as MapLibre's layout computes it.
    private static func textOffset(_ layout: SymbolLayoutProperties, _ context: EvaluationContext) -> (Double, Double) {
        let radial = layout.textRadialOffset.evaluate(context)
        if radial > 0 {
            return radialOffset(SymbolAnchorKind(layout.textAnchor.evaluate(context)), radial * TextShaping.oneEm)
        }
        let o = layout.textOffset.evaluate(context)
        return o.count == 2 ? (o[0] * TextShaping.oneEm, o[1] * TextShaping.oneEm) : (0, 0)
    }

    /// MapLibre's `evaluateRadialOffset`: the offset to the edge of the text box for an anchor.
    private static func radialOffset(_ anchor: SymbolAnchorKind, _ r: Double) -> (Double, Double) {
        let baseline = 7.0, h = r / 2.0.squareRoot()
        var x = 0.0, y = 0.0
        switch anchor {
        case .topRight, .topLeft: y = h - baseline
        case .bottomRight, .bottomLeft: y = -h + baseline
        case .bottom: y = -r + baseline
        case .top: y = r - baseline
        default: break
        }
        switch anchor {
        case .topRight, .bottomRight: x = -h
        case .topLeft, .bottomLeft: x = h
        case .left: x = r
        case .right: x = -r
        default: break
        }
        return (x, y)
    }

    /// MapLibre's `getGlyphQuads` for point labels: each glyph's padded bitmap rectangle around
    /// its pen position, offset, rotated by `text-rotate`, quantized to 1/32 em.
    private static func glyphQuads(_ shaping: TextShaping, offset: (Double, Double), rotation: Double,
                                   sectionColors: [PremultipliedColor?]) -> [SymbolLayer.GlyphQuad] {
        var out: [SymbolLayer.GlyphQuad] = []
        let rectBuffer = Double(Glyph.border) + 1
        let c = cos(rotation), s = sin(rotation)
        func place(_ p: Point) -> Point {
            let r = rotation == 0 ? p : Point(x: c * p.x - s * p.y, y: s * p.x + c * p.y)
            return Point(x: (r.x * 32).rounded() / 32, y: (r.y * 32).rounded() / 32)
        }
        for line in shaping.lines {
            for g in line where g.glyph.hasBitmap {
                let x1 = (Double(g.glyph.left) - rectBuffer) * g.scale + g.x + offset.0
                let y1 = (-Double(g.glyph.top) - rectBuffer) * g.scale + g.y + offset.1
                let x2 = x1 + Double(g.glyph.bitmapWidth + 2) * g.scale
                let y2 = y1 + Double(g.glyph.bitmapHeight + 2) * g.scale
                out.append(SymbolLayer.GlyphQuad(glyph: g.glyph, topLeft: place(Point(x: x1, y: y1)), topRight: place(Point(x: x2, y: y1)),
                                                 bottomLeft: place(Point(x: x1, y: y2)),
                                                 color: g.section < sectionColors.count ? sectionColors[g.section] : nil))
            }
        }
        return out
    }

    /// A collision box in CSS pixels around the anchor: a text or icon box `(left, top, right,
    /// bottom)` scaled to its size plus padding (one value, or CSS top, right, bottom, left), the
    /// bounds of the rotated box for rotated symbols.
    private static func collisionBox(_ b: (Double, Double, Double, Double), scale: Double, padding: [Double],
                                     rotation: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let p = padding.count == 4 ? padding : [Double](repeating: padding.first ?? 0, count: 4)
        let x0 = b.0 * scale - p[3], x1 = b.2 * scale + p[1]
        let y0 = b.1 * scale - p[0], y1 = b.3 * scale + p[2]
        guard rotation != 0 else { return (x0, y0, x1, y1) }
        let c = cos(rotation), s = sin(rotation)
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { (c * $0.0 - s * $0.1, s * $0.0 + c * $0.1) }
        return (corners.map(\.0).min()!, corners.map(\.1).min()!, corners.map(\.0).max()!, corners.map(\.1).max()!)
    }

    /// The feature's icon, as MapLibre's `shapeIcon` and `getIconQuads` lay it out: the image's
    /// display size placed by `icon-anchor` and `icon-offset`, the quad grown by the atlas's one
    /// texel of transparent padding, rotated by `icon-rotate`, quantized to 1/32 pixel.
    private static func icon(layout: SymbolLayoutProperties, paint: SymbolPaintProperties, context: EvaluationContext,
                             layoutContext: EvaluationContext, images: (any ImageProvider)?, pitched: Bool,
                             textBox: (left: Double, top: Double, right: Double, bottom: Double)?) -> SymbolLayer.Icon? {
        guard let name = layout.iconImageName?.evaluate(layoutContext).name, !name.isEmpty,
              let image = images?.image(named: name) else { return nil }
        let size = layout.iconScale.evaluate(context)
        guard size > 0 else { return nil }
        let o = layout.iconOffset.evaluate(layoutContext)
        let offset = o.count == 2 ? (o[0], o[1]) : (0.0, 0.0)
        var box = IconLayout(image: image, alignment: SymbolAnchorKind(layout.iconAnchor.evaluate(layoutContext)).alignment, offset: offset)
        let fit = layout.iconTextFit.evaluate(layoutContext)
        let fitted = fit != .none && textBox != nil
        if fitted, let text = textBox {
            box.fit(toText: text, width: fit == .width || fit == .both, height: fit == .height || fit == .both,
                    padding: layout.iconTextFitPadding.evaluate(layoutContext), offset: offset, image: image)
        }
        let rotation = layout.iconRotation.evaluate(layoutContext) * .pi / 180
        let padding = layout.iconPadding.evaluate(layoutContext).values
        return SymbolLayer.Icon(
            image: image, quads: box.quads(image: image, size: size, rotation: rotation, textFit: fitted), size: size,
            color: RenderColor(paint.iconColor.evaluate(context)).premultiplied(),
            haloColor: RenderColor(paint.iconHaloColor.evaluate(context)).premultiplied(),
            haloWidth: max(0, paint.iconHaloWidth.evaluate(context)), haloBlur: max(0, paint.iconHaloBlur.evaluate(context)),
            opacity: paint.iconOpacity.evaluate(context),
            linear: image.sdf || size != 1 || rotation != 0 || pitched,
            box: collisionBox((box.left, box.top, box.right, box.bottom), scale: size, padding: padding, rotation: rotation),
            allowOverlap: layout.iconAllowsOverlap.evaluate(layoutContext),
            ignorePlacement: layout.iconIgnoresPlacement.evaluate(layoutContext),
            optional: layout.isIconOptional.evaluate(layoutContext))
    }

    /// `{name}` tokens replaced by the feature's property values (missing ones by nothing), as
    /// MapLibre reads a plain-string `text-field`.
    private static func replacingTokens(_ text: Formatted, _ properties: JSONObject) -> Formatted {
        var out = text
        for i in out.sections.indices {
            let s = out.sections[i].text
            guard s.contains("{") else { continue }
            var result = ""
            var rest = Substring(s)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                result += rest[..<open]
                let key = String(rest[rest.index(after: open)..<close])
                if let v = properties[key] { result += v.string ?? (v.isNull ? "" : v.serialized()) }
                rest = rest[rest.index(after: close)...]
            }
            out.sections[i].text = result + rest
        }
        return out
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
    private var ranges: [String: [Int: [UInt32: Glyph]]] = [:]

    init(provider: (any GlyphProvider)?) { self.provider = provider }

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
