import Geo

/// The box a tiled GeoJSON source cuts each tile's features to, and the rule for the edges the cut makes.
///
/// A GeoJSON source drawn from tiles (the globe from zoom 5, a flat map past 60° of pitch) cuts each tile's polygons and
/// lines to the tile and a quarter tile around it, as geojson-vt cuts them for GL JS (``box(z:x:y:)``,
/// `GeoJSONTileIndex.features(atZoom:clippedTo:)`): a tile then converts and draws its part of a country or a long
/// border, not the whole of it. Fills and lines are painted only inside their tile, so the cut's own edges, a quarter
/// tile outside, never show. Fill extrusions are not clipped to their tile; a cut polygon's edges along the box would
/// stand as walls inside the neighbouring tile's piece of the same solid, so they are left out, as GL JS's
/// `isBoundaryEdge` leaves them out (``isCutEdge(_:_:tile:)``, narrowed to the box's sides).
enum TileCut {
    /// How far the box reaches past the tile on each side, in tiles: GL JS's GeoJSON `buffer` (128 of 512 pixels).
    static let buffer = 0.25

    /// The box of tile `z`/`x`/`y` and its buffer, in world fractions.
    static func box(z: Int, x: Int, y: Int) -> WorldBounds {
        let n = Double(1 << max(0, min(30, z)))
        return WorldBounds(minX: (Double(x) - buffer) / n, minY: (Double(y) - buffer) / n,
                           maxX: (Double(x) + 1 + buffer) / n, maxY: (Double(y) + 1 + buffer) / n)
    }

    /// Whether the edge `a`-`b` (world fractions) runs along a side of the box `tile` (the tile's square) was cut to
    /// (``box(z:x:y:)``): GL JS's `isBoundaryEdge`, which leaves out every edge on one vertical or horizontal line
    /// outside the tile, narrowed to the cut's own lines. (An edge of a feature's own in the buffer is drawn by both
    /// tiles, the same wall twice; a feature kept whole across the antimeridian reaches past every tile's square, and
    /// its walls there stand on no tile's cut.) Points lie on the tile's grid of 8,192 units a side; an end counts as on
    /// the side within half a unit.
    static func isCutEdge(_ a: Point, _ b: Point, tile: WorldBounds) -> Bool {
        let width = tile.maxX - tile.minX, height = tile.maxY - tile.minY
        let margin = width / 16384
        func onSide(_ v: Double, _ low: Double, _ high: Double, _ size: Double) -> Bool {
            abs(v - (low - buffer * size)) < margin || abs(v - (high + buffer * size)) < margin
        }
        if a.x == b.x && onSide(a.x, tile.minX, tile.maxX, width) { return true }
        if a.y == b.y && onSide(a.y, tile.minY, tile.maxY, height) { return true }
        return false
    }

    /// Per point of `ring` (world fractions, not closed), whether the edge from it to the next point is a cut edge of
    /// `tile` (``isCutEdge(_:_:tile:)``).
    static func cutEdges(_ ring: [Point], tile: WorldBounds) -> [Bool] {
        ring.indices.map { isCutEdge(ring[$0], ring[($0 + 1) % ring.count], tile: tile) }
    }
}
