import Expressions
import Geo

/// One style layer drawn from a tiled source: a scene layer per source tile, each painted only
/// inside its tile, as MapLibre draws a layer tile by tile under a stencil clip.
///
/// Feature indices run through the pieces in order (the first piece's features, then the
/// second's, …), matching the drawn layer's feature list.
struct TileClippedLayer: SceneLayer {
    struct Piece: Sendable {
        /// The tile's area, or nil for content drawn whole (labels).
        var clip: TileClip?
        /// The tile's world copy: its features are drawn there only.
        var wrap: Int
        var layer: any SceneLayer
        /// The index of the piece's first feature in the whole layer.
        var firstFeature: Int
        /// The source tile the piece's content comes from (labels are placed in tile order).
        var tile: TileID
    }

    var pieces: [Piece]

    var featureCount: Int { pieces.reduce(0) { $0 + $1.layer.featureCount } }

    func validate(layerIndex: Int) throws(RenderError) {
        for piece in pieces { try piece.layer.validate(layerIndex: layerIndex) }
    }

    func paint(in context: inout PaintContext) {
        let saved = (context.tileClip, context.pinnedCopy)
        defer { (context.tileClip, context.pinnedCopy) = saved }
        for piece in pieces {
            context.tileClip = piece.clip
            context.pinnedCopy = piece.wrap
            piece.layer.paint(in: &context)
        }
    }

    /// Hits of every piece, topmost first: later tiles are drawn over earlier ones.
    func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] {
        var out: [Int] = []
        for piece in pieces.reversed() {
            out += piece.layer.hits(in: rect, geometry.pinned(toWorldCopy: piece.wrap)).map { $0 + piece.firstFeature }
        }
        return out
    }
}
