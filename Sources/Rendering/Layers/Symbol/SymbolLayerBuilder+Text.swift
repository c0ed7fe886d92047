import Foundation
import Expressions
import Fonts
import GeoJSON
import MapStyle

/// Text of point labels: shaping with the map's glyphs, variable anchors, offsets and glyph quads,
/// as MapLibre's symbol layout computes them.
extension SymbolLayerBuilder {
    // MARK: - Shaping

    /// The label's text shaped with the layer's layout (each argument given overrides it);
    /// `dropsImages` leaves image sections out.
    static func shape(_ text: Formatted, layout: SymbolLayoutProperties, context: EvaluationContext,
                      glyphs: inout GlyphCache, anchor anchorOverride: SymbolAnchorKind? = nil,
                      justify justifyOverride: Double? = nil, offset offsetOverride: (Double, Double)? = nil,
                      maxWidth maxWidthOverride: Double? = nil, vertical: Bool = false, uprightOnly: Bool = false,
                      dropsImages: Bool = false) -> TextShaping {
        let transform = layout.textTransform.evaluate(context)
        let stack = layout.textFontNames.evaluate(context)
        let sections = text.sections.compactMap { section -> TextShaping.Section? in
            if let name = section.image?.name {
                // an image section: drawn when the style has the image, left out otherwise (as MapLibre)
                guard !dropsImages, let image = glyphs.images?.image(named: name) else { return nil }
                return TextShaping.Section(image: image, scale: section.scale ?? 1)
            }
            let fonts = section.fontStack.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? stack
            var s = vertical ? TextShaping.verticalizingPunctuation(section.text) : section.text
            // Arabic a face draws is shaped by HarfBuzz from its letters; the glyph PBFs' through ICU
            if !s.unicodeScalars.contains(where: { BidiText.isArabic($0.value) && glyphs.faceCovers($0.value, fonts) }) {
                s = BidiText.shapingArabic(s)
            }
            switch transform {
            case .uppercase: s = s.uppercased()
            case .lowercase: s = s.lowercased()
            case .none: break
            }
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
        // MapLibre sizes inline images by the text size one zoom level up (its layout size)
        let layoutTextSize = layoutTextSize(layout, context, zoom: (context.zoom ?? 0) + 1)
        // MapLibre spaces no letters of text with Arabic in it (`allowsLetterSpacing`): joined letters stay joined
        let spacing = sections.contains { $0.text.unicodeScalars.contains { BidiText.isArabic($0.value) } }
            ? 0 : layout.textLetterSpacing.evaluate(context) * TextShaping.oneEm
        var options = TextShaping.Options(maxWidth: maxWidthOverride ?? layout.maximumTextWidth.evaluate(context) * TextShaping.oneEm,
                                          lineHeight: layout.textLineHeight.evaluate(context) * TextShaping.oneEm,
                                          letterSpacing: spacing,
                                          anchor: anchor, justify: justify, offset: offset, vertical: vertical, uprightOnly: uprightOnly)
        options.dictionaryLineBreaks = glyphs.complexText.dictionaryLineBreaks
        let bucketTextSize = layout.textFontSize.evaluate(context)
        if bucketTextSize > 0 { options.imageScale = TextShaping.oneEm / bucketTextSize }
        if layoutTextSize > 0 { options.breakingImageScale = TextShaping.oneEm / layoutTextSize }
        return TextShaping(sections: sections, options: options, faces: glyphs.complexText.faces) { glyphs.glyph($0, $1) }
    }

    /// The anchors `text-variable-anchor-offset` or `text-variable-anchor` offer, in order, each
    /// with its offset in ems * 24 (MapLibre's `getTextVariableAnchorOffset`); nil without them.
    static func variableAnchors(_ layout: SymbolLayoutProperties, _ context: EvaluationContext) -> [(SymbolAnchorKind, (Double, Double))]? {
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

    /// One shaping per variable anchor: the text centred and justified for the anchor (MapLibre's
    /// `calculateVariableLayoutOffset` shifts it to the anchor's side at the frame's size).
    static func variantLayouts(_ text: Formatted, anchors: [(SymbolAnchorKind, (Double, Double))], layout: SymbolLayoutProperties,
                               context: EvaluationContext, glyphs: inout GlyphCache) -> [LaidOutVariant] {
        let rotation = layout.textRotation.evaluate(context) * .pi / 180
        let justification = layout.textJustification.evaluate(context)
        let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
        var out: [LaidOutVariant] = []
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
            out.append(LaidOutVariant(anchor: anchor, offset: offset, bounds: (shaping.left, shaping.top, shaping.right, shaping.bottom),
                                      quads: glyphQuads(shaping, offset: (0, 0), rotation: rotation, sectionColors: sectionColors)))
        }
        return out
    }

    /// The variable anchors' placements at `fontScale`: each shaping's box, and its glyphs and box
    /// shifted to the anchor's side of the box (MapLibre's `calculateVariableLayoutOffset`).
    static func variants(_ laidOut: [LaidOutVariant], fontScale: Double, padding: Double, rotation: Double) -> [SymbolLayer.Variant] {
        laidOut.map { variant in
            let box = collisionBox(variant.bounds, scale: fontScale, padding: [padding], rotation: rotation)
            let (h, v) = variant.anchor.alignment
            let shift = Point(x: -(h - 0.5) * (box.x1 - box.x0) + variant.offset.0 * fontScale,
                              y: -(v - 0.5) * (box.y1 - box.y0) + variant.offset.1 * fontScale)
            var quads = variant.quads
            let d = Point(x: (shift.x / fontScale * 32).rounded() / 32, y: (shift.y / fontScale * 32).rounded() / 32)
            for i in quads.indices {
                quads[i].topLeft = quads[i].topLeft + d
                quads[i].topRight = quads[i].topRight + d
                quads[i].bottomLeft = quads[i].bottomLeft + d
            }
            return SymbolLayer.Variant(quads: quads, box: (box.x0 + shift.x, box.y0 + shift.y, box.x1 + shift.x, box.y1 + shift.y),
                                       shift: shift)
        }
    }

    /// `text-offset` (or `text-radial-offset`) in ems * 24, as MapLibre's layout computes it.
    static func textOffset(_ layout: SymbolLayoutProperties, _ context: EvaluationContext) -> (Double, Double) {
        let radial = layout.textRadialOffset.evaluate(context)
        if radial > 0 {
            return radialOffset(SymbolAnchorKind(layout.textAnchor.evaluate(context)), radial * TextShaping.oneEm)
        }
        let o = layout.textOffset.evaluate(context)
        return o.count == 2 ? (o[0] * TextShaping.oneEm, o[1] * TextShaping.oneEm) : (0, 0)
    }

    /// MapLibre's `evaluateRadialOffset`: the offset to the edge of the text box for an anchor.
    static func radialOffset(_ anchor: SymbolAnchorKind, _ r: Double) -> (Double, Double) {
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
    static func glyphQuads(_ shaping: TextShaping, offset: (Double, Double), rotation: Double,
                           sectionColors: [PremultipliedColor?]) -> [SymbolLayer.GlyphQuad] {
        var out: [SymbolLayer.GlyphQuad] = []
        let rectBuffer = Double(Glyph.border) + 1
        let c = cos(rotation), s = sin(rotation)
        func place(_ p: Point) -> Point {
            let r = rotation == 0 ? p : Point(x: c * p.x - s * p.y, y: s * p.x + c * p.y)
            return Point(x: (r.x * 32).rounded() / 32, y: (r.y * 32).rounded() / 32)
        }
        for line in shaping.lines {
            for g in line where g.image != nil {
                let (x1, y1, x2, y2) = imageQuadBox(g, offset: offset)
                out.append(SymbolLayer.GlyphQuad(glyph: g.glyph, topLeft: place(Point(x: x1, y: y1)), topRight: place(Point(x: x2, y: y1)),
                                                 bottomLeft: place(Point(x: x1, y: y2)), color: nil, image: g.image))
            }
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

    /// The quad of an inline image in ems * 24 (MapLibre's `getGlyphQuads` with image metrics: left
    /// one texel of padding, top the glyph border, the padded image at the section's scale).
    static func imageQuadBox(_ g: TextShaping.PositionedGlyph, offset: (Double, Double)) -> (Double, Double, Double, Double) {
        guard let image = g.image else { return (0, 0, 0, 0) }
        let ratio = image.pixelRatio, rectBuffer = 1 / ratio
        let x1 = (1 - rectBuffer) * g.scale + g.x + offset.0
        let y1 = (Double(Glyph.border) - rectBuffer) * g.scale + g.y + offset.1
        return (x1, y1, x1 + Double(image.image.width + 2) * g.scale / ratio, y1 + Double(image.image.height + 2) * g.scale / ratio)
    }

    /// A centred label moved to each variable anchor's side of its box (MapLibre's
    /// `calculateVariableLayoutShift`), for labels shaped once for every anchor (vertical ones).
    static func shifted(_ centred: SymbolLayer.Variant, anchors: [(SymbolAnchorKind, (Double, Double))],
                        fontScale: Double) -> [SymbolLayer.Variant] {
        let b = centred.box
        return anchors.map { anchor, offset in
            let (h, v) = anchor.alignment
            let shift = Point(x: -(h - 0.5) * (b.x1 - b.x0) + offset.0 * fontScale, y: -(v - 0.5) * (b.y1 - b.y0) + offset.1 * fontScale)
            let d = Point(x: (shift.x / fontScale * 32).rounded() / 32, y: (shift.y / fontScale * 32).rounded() / 32)
            let quads = centred.quads.map { q in
                SymbolLayer.GlyphQuad(glyph: q.glyph, topLeft: q.topLeft + d, topRight: q.topRight + d, bottomLeft: q.bottomLeft + d,
                                      color: q.color, image: q.image)
            }
            return SymbolLayer.Variant(quads: quads, box: (b.x0 + shift.x, b.y0 + shift.y, b.x1 + shift.x, b.y1 + shift.y), shift: shift,
                                       bounds: centred.bounds)
        }
    }

    /// The label laid out in vertical writing mode (MapLibre's vertical shaping, left-justified),
    /// turned a quarter clockwise as MapLibre draws it: upright glyphs and inline images are turned
    /// back, so CJK reads top to bottom and images stand upright, each centred across its column;
    /// returns nil for text with no character upright in vertical text.
    static func verticalLayout(_ text: Formatted, layout: SymbolLayoutProperties, context: EvaluationContext,
                               glyphs: inout GlyphCache) -> LaidOutVertical? {
        let plain = text.sections.map(\.text).joined()
        guard plain.unicodeScalars.contains(where: { TextShaping.hasUprightVerticalOrientation($0.value) }) else { return nil }
        let shaping = shape(text, layout: layout, context: context, glyphs: &glyphs, justify: 0, vertical: true)
        guard !shaping.isEmpty else { return nil }
        let offset = textOffset(layout, context)
        let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
        let rectBuffer = Double(Glyph.border) + 1
        // the whole label turns a quarter clockwise: (x, y) -> (-y, x)
        func turn(_ p: Point) -> Point { Point(x: -p.y, y: p.x) }
        func q(_ p: Point) -> Point { Point(x: (p.x * 32).rounded() / 32, y: (p.y * 32).rounded() / 32) }
        // MapLibre centres images and scaled glyphs across their column once any glyph stands upright
        let centresAcross = shaping.lines.contains { $0.contains(where: \.vertical) }
        var quads: [SymbolLayer.GlyphQuad] = []
        for (l, line) in shaping.lines.enumerated() {
            for g in line where g.glyph.hasBitmap || g.image != nil {
                let halfAdvance = g.advance * g.scale / 2
                let across = centresAcross ? columnCentring(g, lineOffset: shaping.lineOffsets[l]) : 0
                var builtIn = Point(x: g.x + halfAdvance + offset.0, y: g.y + offset.1 - across)
                var verticalized = Point(x: 0, y: 0)
                if g.vertical {
                    verticalized = builtIn
                    builtIn = Point(x: 0, y: 0)
                }
                var corners: [Point]
                if g.image != nil {
                    let box = imageQuadBox(g, offset: (builtIn.x - halfAdvance - g.x, builtIn.y - g.y))
                    corners = [Point(x: box.0, y: box.1), Point(x: box.2, y: box.1), Point(x: box.0, y: box.3)]
                } else {
                    let x1 = (Double(g.glyph.left) - rectBuffer) * g.scale - halfAdvance + builtIn.x
                    let y1 = (-Double(g.glyph.top) - rectBuffer) * g.scale + builtIn.y
                    let x2 = x1 + Double(g.glyph.bitmapWidth + 2) * g.scale, y2 = y1 + Double(g.glyph.bitmapHeight + 2) * g.scale
                    corners = [Point(x: x1, y: y1), Point(x: x2, y: y1), Point(x: x1, y: y2)]
                }
                if g.vertical {
                    corners = uprightCorners(corners, halfAdvance: halfAdvance, offset: verticalized, isImage: g.image != nil)
                }
                corners = corners.map { q(turn($0)) }
                let color = g.image == nil && g.section < sectionColors.count ? sectionColors[g.section] : nil
                quads.append(SymbolLayer.GlyphQuad(glyph: g.glyph, topLeft: corners[0], topRight: corners[1], bottomLeft: corners[2],
                                                   color: color, image: g.image))
            }
        }
        return LaidOutVertical(quads: quads, bounds: (shaping.left, shaping.top, shaping.right, shaping.bottom))
    }

    /// How far MapLibre's `getGlyphQuads` lifts a glyph of a vertical label (ems * 24) so that it sits
    /// in the middle of its column: half the line's offset, less a scaled glyph's growth past one em,
    /// plus half of what an image's width falls short of one em.
    static func columnCentring(_ g: TextShaping.PositionedGlyph, lineOffset: Double) -> Double {
        if let image = g.inlineImage {
            return lineOffset / 2 + (TextShaping.oneEm - image.displaySize.0 * g.scale) / 2
        }
        return lineOffset / 2 - (g.scale - 1) * TextShaping.oneEm
    }

    /// The vertical label at `fontScale`: its collision box (turned with it) and, unturned, its
    /// bounds (an icon fitted to vertical text is fitted to these, then turned with the text).
    static func verticalVariant(_ laidOut: LaidOutVertical, fontScale: Double, padding: Double) -> SymbolLayer.Variant {
        let b = laidOut.bounds
        let box = collisionBox(b, scale: fontScale, padding: [padding], rotation: .pi / 2)
        var variant = SymbolLayer.Variant(quads: laidOut.quads, box: box)
        variant.bounds = (b.0 * fontScale, b.1 * fontScale, b.2 * fontScale, b.3 * fontScale)
        return variant
    }
}
