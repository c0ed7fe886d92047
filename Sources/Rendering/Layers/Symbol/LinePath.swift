import Foundation

/// How a label follows a line: the line (world units), where its anchor lies on it, and where each
/// glyph sits along it, fixed at layout; placement lays the glyphs out on the projected line.
struct LinePath: Sendable {
    /// The line as the label's tile cut it, in world units (x on the tile's world copy).
    var points: [Point]
    /// The anchor lies between `points[segment]` and `points[segment + 1]`.
    var segment: Int
    /// The anchor, in world units.
    var anchor: Point
    /// Each glyph's centre along the line from the anchor, in ems * 24 (indexed like the quads).
    var glyphOffsets: [Double]
    /// `text-offset` in ems * 24: along the line, then across it.
    var lineOffset: Point
    /// `text-keep-upright`: labels that would read upside down are turned around.
    var keepUpright: Bool
    /// Glyphs are laid out in the map plane (pitched with the map) rather than on the screen.
    var pitchWithMap: Bool
    /// Glyphs turn with the line (not with `text-rotation-alignment: viewport-glyph`).
    var rotateGlyphs: Bool
    /// Text follows the line; otherwise the label is a point label at the line anchor.
    var textAlongLine: Bool
    /// The icon turns with the line at the anchor.
    var iconAlongLine: Bool
    /// The text's collision circles, laid out along the line in tile space (``LineLabelCircles``).
    var circles: [LineLabelCircle] = []
    /// The circles' radius in CSS pixels, before perspective (0: the label has no circles).
    var circleRadius: Double
    /// The text's collision circle diameter as MapLibre GL JS sizes it, in CSS pixels before perspective: the text's
    /// height (at least 10 glyph units) at its layout size (`collisionCircleDiameter`; 0: the label has no circles).
    var glJSCircleDiameter = 0.0
    /// `text-padding`, CSS pixels (GL JS adds it to each circle's radius at placement).
    var textPadding = 0.0
    /// Tile units per world unit in the tiles the label was laid out in (circle distances are in tile units).
    var tileUnitsPerWorld: Double
    /// The label in vertical writing mode (text with CJK), drawn instead where the line is steep:
    /// its glyph quads and their offsets along the line.
    var verticalQuads: [SymbolLayer.GlyphQuad] = []
    var verticalGlyphOffsets: [Double] = []

    /// Text along the line in the map plane: GL JS walks such a line in its label plane, so on the globe neither its
    /// anchor nor its line behind the horizon hides it; only its collision circles and glyphs there are left out.
    var textInMapPlane: Bool { textAlongLine && pitchWithMap }
}

/// A glyph laid out along a line: its centre in the label plane (device pixels) and its angle.
struct PlacedGlyph: Sendable {
    var point: Point
    var angle: Double
}

extension LinePath {
    /// The line split where it crosses the globe's subdivision grid for lines at the zoom of the tiles the label was laid
    /// out in, the anchor's segment renumbered: GL JS lays a label out along its tile's line subdivided so
    /// (`subdivideVertexLine` before `getAnchors`), so that glyphs on the screen follow the line's curve on the sphere.
    func subdividedForGlobe() -> LinePath {
        let zoom = Int(log2(max(1, tileUnitsPerWorld / LineLabelAnchors.extent)).rounded())
        let cells = GlobeGranularity.cellsAcrossWorld(GlobeGranularity.line, tileZoom: zoom)
        guard cells > 0, points.count >= 2, segment >= 0, segment + 1 < points.count else { return self }
        var out: [Point] = [points[0]]
        var anchorSegment = segment
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            let start = out.count - 1
            GlobeSubdivision.split(a, b, cells: cells, into: &out)
            out.append(b)
            guard i - 1 == segment else { continue }
            // the piece of the anchor's segment that holds it: the first whose end lies at or past it
            let d = b - a
            let length2 = d.x * d.x + d.y * d.y
            func along(_ p: Point) -> Double { length2 > 0 ? ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2 : 0 }
            let t = along(anchor)
            anchorSegment = out.count - 2
            for k in start..<(out.count - 1) where along(out[k + 1]) >= t {
                anchorSegment = k
                break
            }
        }
        var copy = self
        copy.points = out
        copy.segment = anchorSegment
        return copy
    }
}
