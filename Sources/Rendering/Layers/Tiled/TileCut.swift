import Geo

/// The box a tiled GeoJSON source cuts each tile's features to, and the rule for the edges the cut makes.
///
/// A GeoJSON source drawn from tiles (the globe from zoom 5, a flat map past 60° of pitch) cuts each tile's polygons and
/// lines to the tile and a quarter tile around it, as geojson-vt cuts them for GL JS (``box(z:x:y:)``,
/// `GeoJSONTileIndex.features(atZoom:clippedTo:)`): a tile then converts and draws its part of a country or a long
/// border, not the whole of it. Fills and lines are painted only inside their tile, so the cut's own edges, a quarter
/// tile outside, never show. Fill extrusions are not clipped to their tile; a cut polygon's edges along the box would
/// stand as walls inside the neighbouring tile's piece of the same solid, so they are left out, as GL JS's
/// `isBoundaryEdge` leaves them out (``isCutEdge(_:_:tile:)``).
enum TileCut {
    /// How far the box reaches past the tile on each side, in tiles: GL JS's GeoJSON `buffer` (128 of 512 pixels).
    static let buffer = 0.25

    /// The box of tile `z`/`x`/`y` and its buffer, in world fractions.
    static func box(z: Int, x: Int, y: Int) -> WorldBounds {
        let n = Double(1 << max(0, min(30, z)))
        return WorldBounds(minX: (Double(x) - buffer) / n, minY: (Double(y) - buffer) / n,
                           maxX: (Double(x) + 1 + buffer) / n, maxY: (Double(y) + 1 + buffer) / n)
    }

    /// Whether the edge `a`-`b` (world fractions) runs along a line outside `tile` (the tile's square), as a cut's
    /// edges along its box do: GL JS's `isBoundaryEdge` (both ends on one vertical line left or right of the tile, or
    /// one horizontal line above or below it). Points lie on the tile's grid of 8,192 units a side; an end counts as
    /// outside from half a unit past the tile's side.
    static func isCutEdge(_ a: Point, _ b: Point, tile: WorldBounds) -> Bool {
        let margin = (tile.maxX - tile.minX) / 16384
        if a.x == b.x && (a.x < tile.minX - margin || a.x > tile.maxX + margin) { return true }
        if a.y == b.y && (a.y < tile.minY - margin || a.y > tile.maxY + margin) { return true }
        return false
    }

    /// Per point of `ring` (world fractions, not closed), whether the edge from it to the next point is a cut edge of
    /// `tile` (``isCutEdge(_:_:tile:)``).
    static func cutEdges(_ ring: [Point], tile: WorldBounds) -> [Bool] {
        ring.indices.map { isCutEdge(ring[$0], ring[($0 + 1) % ring.count], tile: tile) }
    }
}
