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
