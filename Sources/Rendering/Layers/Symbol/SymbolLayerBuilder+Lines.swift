import Foundation
import Expressions
import Fonts
import GeoJSON
import MapStyle
import Tiling

/// The source tiles line labels are laid out in: MapLibre lays symbols out per tile, so where a
/// label goes along a line depends on the tile grid (lines are cut at tile edges, anchors start
/// from a tile's edge).
struct LabelTiles {
    /// The tiles' zoom (the data's zoom: a tile past the source's `maxzoom` is overscaled).
    var z: Int
    /// 2^(drawn zoom - z), at least 1.
    var overscaling: Double
    /// Tile columns, unwrapped (a column outside `0..<2^z` is a tile of another world copy).
    var columns: ClosedRange<Int>
    var rows: ClosedRange<Int>
    /// The map's bearing in degrees: Native places the tiles' labels in the order of the tiles'
    /// positions turned by it (``PolygonLabelTiles/precedes(_:_:bearing:)``).
    var bearing = 0.0
    /// Cells across a tile its lines are split on before their anchors are found
    /// (``LineLabelAnchors/subdivided(_:granularity:)``): GL JS's grid for the globe in a style that draws it
    /// (``LineLabelAnchors/globeGranularity(tileZoom:)``), 1 (no split) otherwise.
    var lineGranularity = 1

    /// Tile pixels per tile unit: 512 pixels (times overscaling) span the extent.
    var tilePixelRatio: Double { LineLabelAnchors.extent / (512 * overscaling) }

    /// Every tile of the camera's integer zoom (when the caller names no tiles).
    static func all(zoom: Double) -> LabelTiles {
        let z = Int(max(0, min(24, zoom.rounded(.down))))
        return LabelTiles(z: z, overscaling: 1, columns: -(1 << z)...(2 << z), rows: 0...((1 << z) - 1))
    }
}

/// Labels along lines (`symbol-placement: line` and `line-center`): anchors found per tile as
/// MapLibre's layout finds them, glyphs laid out to follow the line at placement.
extension SymbolLayerBuilder {
    /// How a label follows its line, fixed at layout.
    struct LineLayout {
        var placement: MapStyle.SymbolPlacement
        /// Text follows the line (`text-rotation-alignment` map, or auto); else point labels at line anchors.
        var textAlongLine: Bool
        /// Glyphs turn with the line (not with `viewport-glyph`).
        var rotateGlyphs: Bool
        var keepUpright: Bool
        /// Glyphs are laid out in the map plane (`text-pitch-alignment` map, or auto following rotation).
        var pitchWithMap: Bool
        var iconAlongLine: Bool
        var metrics: LineLabelAnchors.Metrics
        var repeatDistance: Double
        /// The text's collision box length along the line and its height (at least 10 pixels), in
        /// tile units with `text-padding` (MapLibre Native's collision feature); 0 without text.
        var collisionLength = 0.0
        var collisionBoxSize = 0.0
    }

    static func lineLayout(_ layout: SymbolLayoutProperties, _ context: EvaluationContext, tiles: LabelTiles,
                           shapedLength: Double, hasText: Bool) -> LineLayout? {
        let placement = layout.symbolPlacement.evaluate(context)
        guard placement != .point else { return nil }
        let rotation = layout.textRotationAlignment.evaluate(context)
        let alongLine = rotation != .viewport
        let pitch = layout.textPitchAlignment.evaluate(context)
        let pitchWithMap = pitch == .map || (pitch == .auto && rotation != .viewport && rotation != .viewportGlyph)
        let textMaxSize = layoutTextSize(layout, context, zoom: 18)
        let ratio = tiles.tilePixelRatio
        let spacing = layout.symbolSpacing.evaluate(context) * ratio
        let metrics = LineLabelAnchors.Metrics(spacing: spacing, maxAngle: layout.maximumTextAngle.evaluate(context) * .pi / 180,
                                               shapedLabelLength: shapedLength, hasText: hasText,
                                               boxScale: ratio * textMaxSize / TextShaping.oneEm, overscaling: tiles.overscaling)
        return LineLayout(placement: placement, textAlongLine: alongLine, rotateGlyphs: rotation != .viewportGlyph,
                          keepUpright: layout.keepsTextUpright.evaluate(context), pitchWithMap: pitchWithMap,
                          iconAlongLine: layout.iconRotationAlignment.evaluate(context) != .viewport,
                          metrics: metrics, repeatDistance: spacing / 2)
    }

    /// `text-size` at `zoom` as MapLibre Native's symbol layout reads it (`layout->evaluate<TextSize>(zoom, feature)`):
    /// a size that depends on the feature is evaluated at `zoom`, but one that depends on the zoom
    /// alone was already evaluated at the tile's zoom (`context`'s) when the layout was, and keeps
    /// that value whatever zoom is asked for.
    static func layoutTextSize(_ layout: SymbolLayoutProperties, _ context: EvaluationContext, zoom: Double) -> Double {
        guard !layout.textFontSize.isFeatureConstant else { return layout.textFontSize.evaluate(context) }
        var at = context
        at.zoom = zoom
        return layout.textFontSize.evaluate(at)
    }

    /// The collision size of text along a line in tile units (MapLibre Native's `CollisionFeature`):
    /// its length and its circles' diameter (its height, at least 10 pixels), both with
    /// `text-padding`, at the text size of the next zoom as MapLibre lays it out. (0, 0) when the
    /// text takes no room.
    static func collisionSize(_ bounds: (left: Double, top: Double, right: Double, bottom: Double),
                              _ layout: SymbolLayoutProperties, _ context: EvaluationContext,
                              tiles: LabelTiles) -> (length: Double, boxSize: Double) {
        guard bounds != (0, 0, 0, 0) else { return (0, 0) }
        let boxScale = tiles.tilePixelRatio * layoutTextSize(layout, context, zoom: (context.zoom ?? 0) + 1) / TextShaping.oneEm
        let padding = layout.textPadding.evaluate(context) * tiles.tilePixelRatio
        let height = (bounds.bottom - bounds.top) * boxScale + 2 * padding
        guard height > 0, height.isFinite else { return (0, 0) }
        return ((bounds.right - bounds.left) * boxScale + 2 * padding, max(10 * boxScale, height))
    }

    /// One label anchor on a line: where it is and the line it follows, in world units.
    struct LineAnchor {
        var anchor: Point
        var line: [Point]
        var segment: Int
        var angle: Double
        /// The text's collision circles around this anchor.
        var circles: [LineLabelCircle]
    }

    /// A label waiting for its anchors: its feature's lines may first be merged with others'.
    struct PendingLineLabel {
        /// The label, its path all but where it lies.
        var label: LaidOutSymbol
        var layout: LineLayout
        var feature: SelectedFeature
        /// The feature's lines in world units.
        var lines: [[Point]]
        var text: String
        /// The feature's place in its GeoJSON source (``SelectedFeature/sourceIndex``) when its lines are laid out from
        /// the source's tiles (``lineAnchors(_:tiles:layout:text:tileLines:seen:)``): a line feature of a GeoJSON source
        /// not merged with another; nil: from its world lines.
        var source: Int?
    }

    /// MapLibre's `mergeLines`: labels with the same text whose first lines meet end to start
    /// become one label along the joined line, so that a road cut into pieces is labelled as one.
    static func mergeLines(_ labels: inout [PendingLineLabel], tiles: LabelTiles) {
        let scale = pow(2, Double(tiles.z)) * LineLabelAnchors.extent
        func key(_ text: String, _ p: Point) -> String { "\(text):\((p.x * scale).rounded()):\((p.y * scale).rounded())" }
        var merged: [PendingLineLabel?] = []
        var leftIndex: [String: Int] = [:], rightIndex: [String: Int] = [:]
        func mergeFromRight(_ leftKey: String, _ rightKey: String, _ line: [Point]) -> Int {
            let i = rightIndex.removeValue(forKey: leftKey)!
            rightIndex[rightKey] = i
            merged[i]!.lines[0].removeLast()
            merged[i]!.lines[0] += line
            merged[i]!.source = nil
            return i
        }
        func mergeFromLeft(_ leftKey: String, _ rightKey: String, _ line: [Point]) -> Int {
            let i = leftIndex.removeValue(forKey: rightKey)!
            leftIndex[leftKey] = i
            merged[i]!.lines[0].removeFirst()
            merged[i]!.lines[0] = line + merged[i]!.lines[0]
            merged[i]!.source = nil
            return i
        }
        for label in labels {
            guard !label.text.isEmpty, let line = label.lines.first, let first = line.first, let last = line.last else {
                merged.append(label)
                continue
            }
            let leftKey = key(label.text, first), rightKey = key(label.text, last)
            if let r = rightIndex[leftKey], let l = leftIndex[rightKey], r != l {
                // lines with the same text at both ends: all three become one
                let j = mergeFromLeft(leftKey, rightKey, line)
                let i = mergeFromRight(leftKey, rightKey, merged[j]!.lines[0])
                leftIndex.removeValue(forKey: leftKey)
                rightIndex.removeValue(forKey: rightKey)
                if let end = merged[i]!.lines[0].last { rightIndex[key(label.text, end)] = i }
                merged[j] = nil
            } else if rightIndex[leftKey] != nil {
                _ = mergeFromRight(leftKey, rightKey, line)
            } else if leftIndex[rightKey] != nil {
                _ = mergeFromLeft(leftKey, rightKey, line)
            } else {
                merged.append(label)
                leftIndex[leftKey] = merged.count - 1
                rightIndex[rightKey] = merged.count - 1
            }
        }
        labels = merged.compactMap { $0 }
    }

    /// The anchors of `lines` (world units) in every tile of `tiles`. `seen` holds, per label text,
    /// the anchors already laid out in each tile (MapLibre drops a label that repeats the same text
    /// within half the spacing). With `tileLines`, a `line` label's lines in a tile (column, row) are the tile's own
    /// (tile units; nil: none there), as MapLibre lays out a GeoJSON source's tile: geojson-vt cut them to the tile
    /// and its buffer and rounded the points, the crossings of the buffer's sides among them, so the crossings of the
    /// tile's own sides are found from those.
    static func lineAnchors(_ lines: [[Point]], tiles: LabelTiles, layout: LineLayout, text: String,
                            tileLines: ((Int, Int) -> [[Point]]?)? = nil,
                            seen: inout [String: [Int: [Point]]]) -> [LineAnchor] {
        guard !lines.isEmpty else { return [] }
        let n = Double(1 << max(0, min(30, tiles.z)))
        let e = LineLabelAnchors.extent
        var out: [LineAnchor] = []
        // `line-center` labels the middle of each tile's piece of the line, the piece cut with the
        // tile's buffer (128 of 512 pixels) as geojson-vt cuts it; `line` anchors lie in the tile
        let center = layout.placement == .lineCenter
        let buffer = center ? e / 4 : 0
        // (with the tiles' own lines, the world lines only bound the tiles to visit: all of them at once)
        let groups = tileLines != nil && !center ? [lines.flatMap { $0 }] : lines
        for world in groups where world.count > 1 {
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for p in world {
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
            guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { continue }
            func index(_ v: Double) -> Int { clampedInt((v * n).rounded(.down), -(1 << 40), 1 << 40) }
            let margin = buffer / e / n
            let x0 = max(tiles.columns.lowerBound, index(minX - margin)), x1 = min(tiles.columns.upperBound, index(maxX + margin))
            let y0 = max(tiles.rows.lowerBound, index(minY - margin)), y1 = min(tiles.rows.upperBound, index(maxY + margin))
            guard x0 <= x1, y0 <= y1 else { continue }
            let columns = x0...x1, rows = y0...y1
            for tx in columns {
                for ty in rows {
                    let ox = Double(tx), oy = Double(ty)
                    let tileKey = tx &* 1_000_003 &+ ty
                    // `line` labels: Native's `clipLines` to the tile; `line-center`: geojson-vt's cut with the buffer
                    let parts: [[Point]]
                    if let tileLines, !center {
                        parts = (tileLines(tx, ty) ?? []).flatMap(LineLabelAnchors.clipToTile)
                    } else {
                        let units = world.map { Point(x: (($0.x * n - ox) * e).rounded(), y: (($0.y * n - oy) * e).rounded()) }
                        parts = center ? LineLabelAnchors.clip(units, min: -buffer, max: e + buffer) : LineLabelAnchors.clipToTile(units)
                    }
                    for clipped in parts {
                        // on the globe, GL JS splits the clipped line on its grid before finding anchors
                        let part = LineLabelAnchors.subdivided(clipped, granularity: tiles.lineGranularity)
                        let back = part.map { Point(x: ($0.x / e + ox) / n, y: ($0.y / e + oy) / n) }
                        let anchors = center
                            ? LineLabelAnchors.centerAnchor(part, layout.metrics).map { [$0] } ?? []
                            : LineLabelAnchors.anchors(part, layout.metrics)
                        for a in anchors {
                            let p = Point(x: a.x, y: a.y)
                            if !text.isEmpty, !center, let others = seen[text]?[tileKey],
                               others.contains(where: { ($0 - p).length < layout.repeatDistance }) { continue }
                            if !text.isEmpty { seen[text, default: [:]][tileKey, default: []].append(p) }
                            func world(_ p: Point) -> Point { Point(x: (p.x / e + ox) / n, y: (p.y / e + oy) / n) }
                            let circles = LineLabelCircles.layout(line: part, anchor: p, segment: a.segment,
                                                                  labelLength: layout.collisionLength, boxSize: layout.collisionBoxSize,
                                                                  overscaling: tiles.overscaling)
                            out.append(LineAnchor(anchor: world(p), line: back, segment: a.segment, angle: a.angle,
                                                  circles: circles.map { LineLabelCircle(center: world($0.center), distance: $0.distance) }))
                        }
                    }
                }
            }
        }
        return out
    }

    /// The lines of a feature's drawn geometry in world units, as ``lineStrings(_:)-(Geometry?)``; a
    /// vector tile's feature straight from tile coordinates (its rings as the tile winds them).
    static func lineStrings(_ f: SelectedFeature) -> [[Point]] {
        guard let (layer, index) = f.tileGeometry else { return lineStrings(f.geometry) }
        let feature = layer.columns[index]
        let world = TileToWorld(layer)
        let rings = feature.rings
        switch feature.type {
        case .lineString?: return rings.map(world.points)
        case .polygon?:
            return layer.polygons(at: index).flatMap { group in
                group.enumerated().map { i, ring in
                    let r = world.points(rings[ring])
                    var area = 0.0
                    for j in 0..<max(0, r.count - 1) { area += r[j].x * r[j + 1].y - r[j + 1].x * r[j].y }
                    return (i == 0) == (area < 0) ? r.reversed() : r
                }
            }
        default: return []
        }
    }

    /// The lines of a geometry in world units (polygon rings are lines too, as MapLibre lays them out).
    static func lineStrings(_ g: Geometry?) -> [[Point]] {
        func world(_ l: PositionList) -> [Point] {
            GeometryConversion.coordinates(l).map { Transform.mercator($0) }
        }
        // rings wound as vector tiles wind them (MapLibre rewinds GeoJSON polygons): outer rings
        // clockwise on the screen, holes counter-clockwise; where a label starts depends on it
        func rings(_ rings: [PositionList]) -> [[Point]] {
            rings.enumerated().map { i, ring in
                let r = world(ring)
                var area = 0.0
                for j in 0..<max(0, r.count - 1) { area += r[j].x * r[j + 1].y - r[j + 1].x * r[j].y }
                return (i == 0) == (area < 0) ? r.reversed() : r
            }
        }
        switch g {
        case .lineString(let l)?: return [world(l)]
        case .multiLineString(let ls)?: return ls.map(world)
        case .polygon(let rs)?: return rings(rs)
        case .multiPolygon(let ps)?: return ps.flatMap { rings($0) }
        case .geometryCollection(let c)?: return c.geometries.flatMap { lineStrings($0) }
        default: return []
        }
    }

    /// Glyph quads of a label along a line, each around its own centre, with that centre's offset
    /// along the line (MapLibre's `getGlyphQuads` with `alongLine`): x from the label's anchor, y
    /// (the line's baseline shift) kept in the quad.
    static func lineGlyphQuads(_ shaping: TextShaping, sectionColors: [PremultipliedColor?]) -> (quads: [SymbolLayer.GlyphQuad], offsets: [Double]) {
        var quads: [SymbolLayer.GlyphQuad] = []
        var offsets: [Double] = []
        let rectBuffer = Double(Glyph.border) + 1
        func q(_ v: Double) -> Double { (v * 32).rounded() / 32 }
        for line in shaping.lines {
            for g in line where g.glyph.hasBitmap || g.image != nil {
                let halfAdvance = g.advance * g.scale / 2
                // a shaped cluster's glyphs share its place on the line, each at its offset from it
                let fromAnchor = g.x - g.lineAnchor
                if g.image != nil {
                    let box = imageQuadBox(g, offset: (-g.x - halfAdvance, -g.y))
                    let corners = [Point(x: box.0, y: box.1), Point(x: box.2, y: box.1), Point(x: box.0, y: box.3)]
                        .map { Point(x: q($0.x), y: q($0.y + g.y)) }
                    quads.append(SymbolLayer.GlyphQuad(glyph: g.glyph, topLeft: corners[0], topRight: corners[1], bottomLeft: corners[2],
                                                       color: nil, image: g.image))
                    offsets.append(g.x + halfAdvance)
                    continue
                }
                let x1 = (Double(g.glyph.left) - rectBuffer) * g.scale + fromAnchor
                let y1 = (-Double(g.glyph.top) - rectBuffer) * g.scale
                let x2 = x1 + Double(g.glyph.bitmapWidth + 2) * g.scale
                let y2 = y1 + Double(g.glyph.bitmapHeight + 2) * g.scale
                var corners = [Point(x: x1, y: y1), Point(x: x2, y: y1), Point(x: x1, y: y2)]
                // the line's baseline shift (y) comes after the glyph's own turn, as in MapLibre's vertex buffers
                if g.vertical { corners = uprightCorners(corners, halfAdvance: halfAdvance) }
                corners = corners.map { Point(x: q($0.x), y: q($0.y + g.y)) }
                quads.append(SymbolLayer.GlyphQuad(glyph: g.glyph, topLeft: corners[0], topRight: corners[1], bottomLeft: corners[2],
                                                   color: g.section < sectionColors.count ? sectionColors[g.section] : nil))
                offsets.append(g.lineAnchor)
            }
        }
        return (quads, offsets)
    }

    /// MapLibre's quads for a glyph standing upright in vertical text: the corners turned a quarter
    /// counter-clockwise about the middle of the glyph's em box's left edge, then moved back onto
    /// the line, plus `offset` (the label's built-in offset, for point labels).
    static func uprightCorners(_ corners: [Point], halfAdvance: Double, offset: Point = Point(x: 0, y: 0),
                               isImage: Bool = false) -> [Point] {
        let center = Point(x: -halfAdvance, y: halfAdvance - TextShaping.yOffset)
        // a half-width glyph is pulled up by what its advance falls short of one em; an image also across
        let shortfall = TextShaping.oneEm / 2 - halfAdvance
        let correction = Point(x: 5 - TextShaping.yOffset - shortfall, y: isImage ? -shortfall : 0)
        return corners.map { p in
            let d = p - center
            return Point(x: d.y, y: -d.x) + center + correction + offset
        }
    }
}
