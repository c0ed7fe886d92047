import Foundation
import Expressions
import Fonts
import GeoJSON
import MapStyle

/// `symbol` layers: text labels at point anchors (points, the first vertex of lines, the pole of
/// inaccessibility of polygons), shaped from the style's glyphs as MapLibre shapes them.
enum SymbolLayerBuilder: LayerBuilder {
    static func draws(_ type: GeometryType) -> Bool { true }

    static func layout(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> any LayerLayout {
        guard let layout = layer.layout(as: SymbolLayoutProperties.self) else { return SymbolLayout(features: [], labels: []) }
        // Layout properties are evaluated at the tile's zoom (MapLibre lays symbols out per tile);
        // the frame evaluates paint and the drawn text and icon sizes at its own.
        let zoom = evaluation.zoom
        var features = features
        sortByKey(layout.symbolSortKey, &features, evaluation)
        var glyphs = GlyphCache(provider: evaluation.glyphs, images: evaluation.images)
        var labels: [LaidOutSymbol] = []
        var kept: [SelectedFeature] = []
        var pending: [PendingLineLabel] = []
        var context = evaluation.base
        // a plain string `text-field` may name properties as `{name}` tokens (legacy syntax)
        let tokens = layout.text.source?.string?.contains("{") ?? false
        let writingModes = layout.textWritingModes?.evaluate(zoom: zoom) ?? []
        let budget = evaluation.labelBudget
        var layoutCharacters = 0
        // point-placed labels of a GeoJSON source's polygons, in Native's placement order once all
        // are laid out (after the other labels)
        var tiled: [(order: PolygonLabelTiles.Order, label: LaidOutSymbol, feature: SelectedFeature)] = []
        var sequence = 0
        // a GeoJSON source's own tiles, whose pieces Native labels (cut when a polygon first needs them)
        var sourceTiles: PolygonLabelTiles.SourceTiles?
        for feature in features {
            evaluation.load(feature, into: &context)
            var text = layout.text.evaluate(context)
            if tokens, let properties = context.feature?.properties { text = replacingTokens(text, properties) }
            if let budget, !text.isEmpty,
               !charge(text, layer: layer.layer.identifier, budget: budget, layoutCharacters: &layoutCharacters) {
                // past a label limit: the render fails with it, so nothing more is laid out
                return SymbolLayout(features: [], labels: [])
            }
            let placement = layout.symbolPlacement.evaluate(context)
            let alongLine = placement != .point && layout.textRotationAlignment.evaluate(context) != .viewport
            let variable = placement == .point ? variableAnchors(layout, context) : nil
            let fitsIconToText = layout.iconTextFit.evaluate(context) != .none
            var label = LaidOutSymbol(anchor: LocationCoordinate2D(latitude: 0, longitude: 0), path: nil,
                                      allowOverlap: layout.textAllowsOverlap.evaluate(context),
                                      ignorePlacement: layout.textIgnoresPlacement.evaluate(context),
                                      textOptional: layout.isTextOptional.evaluate(context),
                                      sortKey: layout.symbolSortKey?.evaluate(context), text: nil,
                                      icon: iconSource(layout: layout, context: context, images: evaluation.images),
                                      fitsIconToText: fitsIconToText, variableAnchors: variable)
            let padding = layout.textPadding.evaluate(context)
            var glyphOffsets: [Double] = []
            var verticalQuads: [SymbolLayer.GlyphQuad] = [], verticalOffsets: [Double] = []
            // the vertical shaping's length along its line, when the text has one (CJK along a line)
            var verticalLength: Double?
            if !text.isEmpty, let variable {
                var laidOut = LaidOutText(quads: [], bounds: nil, padding: padding, rotation: layout.textRotation.evaluate(context) * .pi / 180,
                                          variants: variantLayouts(text, anchors: variable, layout: layout, context: context, glyphs: &glyphs),
                                          vertical: nil)
                if fitsIconToText {
                    // the icon is fitted to the centred text, then moves with the anchor placement picks
                    let centred = shape(text, layout: layout, context: context, glyphs: &glyphs, anchor: .center,
                                        justify: 0.5, offset: (0, 0))
                    if !centred.isEmpty { laidOut.bounds = (centred.left, centred.top, centred.right, centred.bottom) }
                }
                label.text = laidOut
            } else if !text.isEmpty && alongLine {
                // along a line: glyphs around their own centres, laid out on the line at placement
                let shaping = shape(text, layout: layout, context: context, glyphs: &glyphs, offset: (0, 0), maxWidth: 0)
                if !shaping.isEmpty {
                    let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
                    let quads: [SymbolLayer.GlyphQuad]
                    (quads, glyphOffsets) = lineGlyphQuads(shaping, sectionColors: sectionColors)
                    if text.sections.contains(where: { $0.text.unicodeScalars.contains { TextShaping.hasUprightVerticalOrientation($0.value) } }) {
                        // inline images stand upright only in vertical point labels: left out of the line's vertical text
                        let v = shape(text, layout: layout, context: context, glyphs: &glyphs, offset: (0, 0), maxWidth: 0,
                                      vertical: true, uprightOnly: !writingModes.contains(.vertical), dropsImages: true)
                        (verticalQuads, verticalOffsets) = lineGlyphQuads(v, sectionColors: sectionColors)
                        if !v.isEmpty { verticalLength = v.right - v.left }
                    }
                    label.text = LaidOutText(quads: quads, bounds: (shaping.left, shaping.top, shaping.right, shaping.bottom),
                                             padding: padding, rotation: 0, variants: [], vertical: nil)
                }
            } else if !text.isEmpty {
                let shaping = shape(text, layout: layout, context: context, glyphs: &glyphs,
                                    maxWidth: placement == .point ? nil : 0)
                if !shaping.isEmpty {
                    let rotation = layout.textRotation.evaluate(context) * .pi / 180
                    let sectionColors = text.sections.map { $0.textColor.map { RenderColor($0).premultiplied() } }
                    label.text = LaidOutText(quads: glyphQuads(shaping, offset: textOffset(layout, context), rotation: rotation,
                                                               sectionColors: sectionColors),
                                             bounds: (shaping.left, shaping.top, shaping.right, shaping.bottom),
                                             padding: padding, rotation: rotation, variants: [], vertical: nil)
                }
            }
            if placement == .point, !text.isEmpty, writingModes.contains(.vertical),
               let vertical = verticalLayout(text, layout: layout, context: context, glyphs: &glyphs) {
                if label.text == nil { label.text = LaidOutText(quads: [], bounds: nil, padding: padding, rotation: 0, variants: [], vertical: nil) }
                label.text?.vertical = vertical
            }
            // a label with no glyphs to draw (and no icon) is left out, as MapLibre leaves it out
            if !(label.text?.hasQuads ?? false) && label.icon == nil { continue }
            if placement != .point {
                let textBounds = label.text?.bounds
                let hasText = !(label.text?.quads.isEmpty ?? true)
                // MapLibre Native spaces anchors by the vertical shaping's length when the text has one
                // (`getAnchors` with `shapedTextOrientations.vertical`): full-width punctuation and
                // upright CJK make it longer than the horizontal text
                let textLength = verticalLength ?? textBounds.map { $0.2 - $0.0 } ?? 0
                let shapedLength = max(textLength, iconShapedWidth(label, textBounds: textBounds, layout: layout, context: context))
                let tiles = evaluation.labelTiles ?? LabelTiles.all(zoom: zoom)
                guard var line = lineLayout(layout, context, tiles: tiles, shapedLength: shapedLength, hasText: hasText)
                else { continue }
                if let textBounds, hasText {
                    (line.collisionLength, line.collisionBoxSize) = collisionSize(textBounds, layout, context, tiles: tiles)
                }
                let o = textOffset(layout, context)
                label.path = LinePath(points: [], segment: 0, anchor: Point(x: 0, y: 0), glyphOffsets: glyphOffsets,
                                      lineOffset: Point(x: o.0, y: o.1), keepUpright: line.keepUpright, pitchWithMap: line.pitchWithMap,
                                      rotateGlyphs: line.rotateGlyphs, textAlongLine: line.textAlongLine, iconAlongLine: line.iconAlongLine,
                                      circleRadius: line.collisionBoxSize / 2 / tiles.tilePixelRatio,
                                      tileUnitsPerWorld: pow(2, Double(tiles.z)) * LineLabelAnchors.extent,
                                      verticalQuads: verticalQuads, verticalGlyphOffsets: verticalOffsets)
                if let textBounds, hasText, textBounds.3 > textBounds.1 {
                    let layoutSize = layoutTextSize(layout, context, zoom: (context.zoom ?? 0) + 1)
                    label.path?.glJSCircleDiameter = max(10, textBounds.3 - textBounds.1) * layoutSize / TextShaping.oneEm
                    label.path?.textPadding = layout.textPadding.evaluate(context)
                }
                // a GeoJSON source's lines are laid out from its tiles, as MapLibre lays them out
                let tiledSource = evaluation.labelTileIndex != nil && feature.sourceIndex >= 0 && feature.tileGeometry == nil
                    && !hasPolygons(feature.geometry)
                pending.append(PendingLineLabel(label: label, layout: line, feature: feature,
                                                lines: lineStrings(feature), text: text.sections.map(\.text).joined(),
                                                source: tiledSource ? feature.sourceIndex : nil))
                continue
            }
            // read once: a vector tile's feature builds its longitude/latitude geometry when read
            let geometry = feature.geometry
            if let tiles = evaluation.labelTiles, hasPolygons(geometry) {
                if sourceTiles == nil, let index = evaluation.labelTileIndex {
                    sourceTiles = PolygonLabelTiles.SourceTiles(index: index, tiles: tiles, poles: evaluation.polygonLabelPoles)
                }
                // a GeoJSON source's polygons: anchored and ordered per source tile, as Native lays its tiles out
                for anchor in tiledAnchors(geometry, tiles: tiles, sourceTiles: sourceTiles, source: feature.sourceIndex,
                                           sequence: &sequence) {
                    var l = label
                    l.anchor = anchor.coordinate
                    tiled.append((anchor.order, l, feature))
                }
                continue
            }
            for anchor in anchors(geometry) {
                var l = label
                l.anchor = anchor
                labels.append(l)
                kept.append(feature)
            }
        }
        if !tiled.isEmpty {
            // by sort key first (Native sorts a layer's placement data by key across tiles), then
            // tile and sequence (unique, so the order is total)
            let bearing = evaluation.labelTiles?.bearing ?? 0
            tiled.sort { a, b in
                let (ka, kb) = (a.label.sortKey ?? 0, b.label.sortKey ?? 0)
                return ka != kb ? ka < kb : PolygonLabelTiles.precedes(a.order, b.order, bearing: bearing)
            }
            for t in tiled {
                labels.append(t.label)
                kept.append(t.feature)
            }
        }
        if !pending.isEmpty {
            let tiles = evaluation.labelTiles ?? LabelTiles.all(zoom: zoom)
            if pending[0].layout.placement == .line { mergeLines(&pending, tiles: tiles) }
            var seenText: [String: [Int: [Point]]] = [:]
            for pendingLabel in pending {
                var tileLines: ((Int, Int) -> [[Point]]?)?
                if let source = pendingLabel.source, let index = evaluation.labelTileIndex {
                    if sourceTiles == nil {
                        sourceTiles = PolygonLabelTiles.SourceTiles(index: index, tiles: tiles, poles: evaluation.polygonLabelPoles)
                    }
                    let found = sourceTiles!
                    tileLines = { column, row in found.lines(of: source, row: row, column: column, extent: LineLabelAnchors.extent) }
                }
                for a in lineAnchors(pendingLabel.lines, tiles: tiles, layout: pendingLabel.layout, text: pendingLabel.text,
                                     tileLines: tileLines, seen: &seenText) {
                    var l = pendingLabel.label
                    l.anchor = Transform.coordinate(mercator: a.anchor)
                    l.path?.points = a.line
                    l.path?.segment = a.segment
                    l.path?.anchor = a.anchor
                    l.path?.circles = a.circles
                    labels.append(l)
                    kept.append(pendingLabel.feature)
                }
            }
        }
        if let tile = evaluation.anchorTile {
            // labels are drawn whole by the tile their anchor lies in (tiles' buffers repeat labels near their edges)
            var keptLabels: [LaidOutSymbol] = [], keptFeatures: [SelectedFeature] = []
            for (l, f) in zip(labels, kept) where tile.contains(Transform.mercator(l.anchor)) {
                keptLabels.append(l)
                keptFeatures.append(f)
            }
            (labels, kept) = (keptLabels, keptFeatures)
        }
        var out = SymbolLayout(features: kept, labels: labels)
        out.verticalFirst = writingModes.first == .vertical
        out.horizontalAllowed = writingModes.isEmpty || writingModes.contains(.horizontal)
        // rotation alignment `auto` is viewport for point labels, map for labels along lines (the style spec's rule, as
        // both MapLibres resolve it); pitch alignment `auto` follows the rotation alignment
        let textRotation = layout.textRotationAlignment.evaluate(zoom: zoom), iconRotation = layout.iconRotationAlignment.evaluate(zoom: zoom)
        let alongLines = layout.symbolPlacement.evaluate(zoom: zoom) != .point
        out.textRotateWithMap = textRotation == .map || (textRotation == .auto && alongLines)
        out.iconRotateWithMap = iconRotation == .map || (iconRotation == .auto && alongLines)
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

    /// Counts `text` against the label limits before it is shaped: false (the limit passed recorded
    /// in `budget`) for a label over ``Limits/labelCharacters``, a layout over
    /// ``Limits/layoutLabelCharacters``, a render over ``Limits/renderLabelCharacters``, or once
    /// another layout of the render passed a limit.
    static func charge(_ text: Formatted, layer: String, budget: LabelBudget, layoutCharacters: inout Int) -> Bool {
        let limits = budget.limits
        let n = LabelBudget.characters(text)
        if n > limits.labelCharacters {
            budget.fail(LimitExceeded(.labelCharacters, maximum: limits.labelCharacters, found: n,
                                      subject: "a label of layer \"\(layer)\""))
            return false
        }
        layoutCharacters = layoutCharacters > Int.max - n ? Int.max : layoutCharacters + n
        if layoutCharacters > limits.layoutLabelCharacters {
            budget.fail(LimitExceeded(.layoutLabelCharacters, maximum: limits.layoutLabelCharacters, found: layoutCharacters,
                                      subject: "the labels of layer \"\(layer)\" in one tile"))
            return false
        }
        return budget.charge(n)
    }

    // MARK: - Anchors

    /// Whether the geometry holds a polygon (labelled per tile piece on a GeoJSON source).
    static func hasPolygons(_ g: Geometry?) -> Bool {
        switch g {
        case .polygon?, .multiPolygon?: return true
        case .geometryCollection(let c)?: return c.geometries.contains { hasPolygons($0) }
        default: return false
        }
    }

    /// Point-placed anchors of a feature laid out in `tiles`: polygons per tile piece
    /// (``PolygonLabelTiles``: from the GeoJSON source's own tiles when known, `source` being the
    /// feature's place in it), other geometry at ``anchors(_:)``, each with its placement order.
    static func tiledAnchors(_ g: Geometry?, tiles: LabelTiles, sourceTiles: PolygonLabelTiles.SourceTiles? = nil, source: Int = -1,
                             sequence: inout Int) -> [PolygonLabelTiles.Anchor] {
        if let sourceTiles, source >= 0 {
            switch g {
            case .polygon?, .multiPolygon?:
                return PolygonLabelTiles.anchors(source: source, in: sourceTiles, sequence: &sequence)
            case .geometryCollection(let c)?:
                // the polygon members from the tiles (each a tile feature of its own), the others at their points
                var out = PolygonLabelTiles.anchors(source: source, in: sourceTiles, sequence: &sequence)
                for member in c.geometries where !hasPolygons(member) {
                    out += tiledAnchors(member, tiles: tiles, sourceTiles: sourceTiles, source: source, sequence: &sequence)
                }
                return out
            default:
                break
            }
        }
        switch g {
        case .polygon(let rings)?: return PolygonLabelTiles.anchors([rings], tiles: tiles, sequence: &sequence)
        case .multiPolygon(let ps)?: return PolygonLabelTiles.anchors(ps, tiles: tiles, sequence: &sequence)
        case .geometryCollection(let c)?: return c.geometries.flatMap { tiledAnchors($0, tiles: tiles, sequence: &sequence) }
        default:
            return anchors(g).map { a in
                defer { sequence += 1 }
                return PolygonLabelTiles.Anchor(coordinate: a, order: PolygonLabelTiles.order(of: a, tiles: tiles, sourceTiles: sourceTiles,
                                                                                              source: source, sequence: sequence))
            }
        }
    }

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

    /// The faces that shape complex scripts, and how their lines break.
    let complexText: ComplexTextOptions

    init(provider: (any GlyphProvider)?, images: (any ImageProvider)? = nil) {
        self.provider = provider
        self.images = images
        complexText = provider?.complexText ?? ComplexTextOptions()
    }

    /// Whether a face of `stack` draws `scalar` (then HarfBuzz shapes it, not ICU's Arabic shaping).
    func faceCovers(_ scalar: UInt32, _ stack: [String]) -> Bool {
        guard let faces = complexText.faces else { return false }
        return faces.faces(for: stack).contains { $0.ranges.contains { $0.contains(scalar) } }
    }

    /// The last font stack and range asked for (a label's glyphs come from one or two), so that
    /// most lookups neither join the stack's names nor hash them.
    private var lastStack: [String] = []
    private var lastKey = ""
    private var lastRange = -1
    private var lastSet: [UInt32: Glyph] = [:]

    mutating func glyph(_ codePoint: UInt32, _ stack: [String]) -> Glyph? {
        guard let provider else { return nil }
        let range = Int(codePoint / 256)
        if range == lastRange && stack == lastStack { return lastSet[codePoint] }
        if stack != lastStack || lastRange < 0 {
            lastStack = stack
            lastKey = stack.joined(separator: ",")
        }
        let set: [UInt32: Glyph]
        if let cached = ranges[lastKey]?[range] {
            set = cached
        } else {
            set = provider.glyphs(fontStack: stack, range: range)
            ranges[lastKey, default: [:]][range] = set
        }
        lastRange = range
        lastSet = set
        return set[codePoint]
    }
}
