import Geo
import Tiling

/// A `raster-dem` source for one view: the tiles covering it with their elevations, each tile's borders
/// backfilled from its neighbours on screen (as MapLibre Native's `RenderRasterDEMSource` does), so that
/// slopes are continuous across tiles.
package struct RasterDEMRenderSource: TiledRenderSource {
    package var pyramid: TilePyramid

    package init(_ pyramid: TilePyramid) {
        var backfilled = pyramid
        backfilled.tiles = Self.backfilled(pyramid.tiles)
        self.pyramid = backfilled
    }

    package var imageTiles: [SourceTile] { pyramid.tiles }

    /// `tiles` with each DEM's one-pixel border taken from the loaded neighbours' DEMs (across the
    /// antimeridian to the next world copy).
    private static func backfilled(_ tiles: [SourceTile]) -> [SourceTile] {
        var dems: [UnwrappedTileID: DEMTile] = [:]
        for tile in tiles { if let dem = tile.dem { dems[tile.id] = dem } }
        return tiles.map { tile in
            guard var dem = dems[tile.id] else { return tile }
            let c = tile.id.canonical
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let n = 1 << c.z
                    let nx = c.x + dx, ny = c.y + dy
                    guard ny >= 0, ny < n else { continue }
                    let wrap = tile.id.wrap + (nx < 0 ? -1 : nx >= n ? 1 : 0)
                    let neighbour = UnwrappedTileID(wrap: wrap, canonical: TileID(z: c.z, x: (nx + n) % n, y: ny))
                    if let other = dems[neighbour] { dem.backfill(from: other, dx: dx, dy: dy) }
                }
            }
            var out = tile
            out.dem = dem
            return out
        }
    }
}
