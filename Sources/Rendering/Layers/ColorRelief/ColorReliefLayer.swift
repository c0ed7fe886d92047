import Foundation

/// A `color-relief` layer in a scene: per DEM tile, the elevations (borders backfilled from the
/// neighbours) coloured through the layer's ramp, as GL JS's color-relief shader draws them.
package struct ColorReliefLayer: Sendable {
    /// One tile: its elevations and where they lie.
    struct Piece: Sendable {
        /// The DEM tile's area (the elevations stretch over it).
        var tile: TileClip
        /// Where the piece shows (the tile, or the part a parent covers for a missing child).
        var clip: TileClip
        var dem: DEMTile
    }

    var pieces: [Piece]
    var ramp: ColorReliefRamp
    /// `color-relief-opacity`.
    var opacity = 1.0
    /// `resampling`: the DEM sampled bilinearly (`linear`) or at the nearest texel.
    var linearResampling = true

    init(pieces: [Piece], ramp: ColorReliefRamp) {
        self.pieces = pieces
        self.ramp = ramp
    }
}

extension ColorReliefLayer: SceneLayer {
    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func paint(in context: inout PaintContext) { context.paintColorRelief(self) }
    /// Colour relief is not queryable in MapLibre.
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}
