import Foundation
package import Geo
import Tiling

/// The ground's elevation under the map: a `raster-dem` source's tiles covering the view, looked up as
/// MapLibre GL JS's terrain looks them up (`terrain.ts`, `terrain_source_cache.ts`).
///
/// GL JS draws a terrain tile of zoom `z` (a 512-pixel tile for a 256-pixel DEM) from the DEM tile one zoom
/// shallower (its `deltaZoom`), clamped to the source's `maxzoom`, or the nearest loaded parent; where no DEM
/// tile is loaded the ground is at 0 m. Elevations are the DEM's metres times the terrain's `exaggeration`.
package struct TerrainElevation: Sendable {
    /// The terrain's `exaggeration` (1 by default).
    package let exaggeration: Double
    /// The DEM's deepest zoom (`maxzoom`): deeper terrain tiles overzoom it.
    package let maximumZoom: Int
    /// The loaded DEM tiles by the tile their data is (an overzoomed or parent tile keeps its own id).
    private let tiles: [UnwrappedTileID: DEMTile]
    /// The shallowest and deepest elevation (exaggerated) of the loaded tiles; 0...0 without any.
    package let range: ClosedRange<Double>

    /// The elevations of `tiles` (a raster-dem render source's tiles, borders backfilled).
    package init(tiles sourceTiles: [SourceTile], maximumZoom: Int, exaggeration: Double) {
        var tiles: [UnwrappedTileID: DEMTile] = [:]
        var low = 0.0, high = 0.0
        for tile in sourceTiles {
            guard let dem = tile.dem, tiles[tile.id] == nil else { continue }
            tiles[tile.id] = dem
            for e in dem.elevations {
                low = min(low, e)
                high = max(high, e)
            }
        }
        self.tiles = tiles
        self.maximumZoom = maximumZoom
        self.exaggeration = exaggeration
        let a = low * exaggeration, b = high * exaggeration
        range = min(a, b)...max(a, b)
    }

    /// Whether any DEM tile is loaded.
    package var isEmpty: Bool { tiles.isEmpty }

    /// Where a terrain tile takes its elevations from: a DEM tile and the terrain tile's place in it
    /// (`origin` and `scale` in fractions of the DEM tile), or nil where none is loaded.
    package struct Lookup: Sendable {
        package let dem: DEMTile
        /// The world position (fractions, x unwrapped) of the DEM tile's top-left corner.
        package let originX: Double
        package let originY: Double
        /// The DEM tile's size in world fractions.
        package let size: Double

        /// The elevation in metres (not exaggerated) at a world position, bilinear between texels as GL JS's
        /// terrain vertex shader reads them (texel `i` at `i / dim` of the tile, the border past the edge).
        @inline(__always)
        package func elevation(worldX: Double, worldY: Double) -> Double {
            let dim = dem.dim
            let fx = (worldX - originX) / size * Double(dim), fy = (worldY - originY) / size * Double(dim)
            let cx = max(0, min(dim, Int(fx.rounded(.down)))), cy = max(0, min(dim, Int(fy.rounded(.down))))
            let tx = max(0, min(1, fx - Double(cx))), ty = max(0, min(1, fy - Double(cy)))
            let stride = dim + 2
            let i = (cy + 1) * stride + cx + 1
            let e = dem.elevations
            let right = cx < dim ? 1 : 0, down = cy < dim ? stride : 0
            let top = e[i] + (e[i + right] - e[i]) * tx
            let bottom = e[i + down] + (e[i + down + right] - e[i + down]) * tx
            return top + (bottom - top) * ty
        }
    }

    /// The DEM tile GL JS draws terrain tile `tile` from: its zoom less one, at most `maxzoom`, or the
    /// nearest loaded parent.
    package func lookup(terrainTile tile: UnwrappedTileID) -> Lookup? {
        let c = tile.canonical
        var z = min(c.z - 1, maximumZoom)
        if z < 0 { z = 0 }
        let lowest = max(0, z - 12)
        while z >= lowest {
            let dz = c.z - z
            let id = dz >= 0 ? TileID(z: z, x: c.x >> dz, y: c.y >> dz) : TileID(z: z, x: c.x << -dz, y: c.y << -dz)
            if let dem = tiles[UnwrappedTileID(wrap: tile.wrap, canonical: id)] {
                let size = 1 / Double(1 << z)
                return Lookup(dem: dem, originX: Double(tile.wrap) + Double(id.x) * size, originY: Double(id.y) * size, size: size)
            }
            z -= 1
        }
        return nil
    }

    /// The exaggerated elevation in metres at a world position (Web Mercator fractions, x not wrapped), read
    /// from the terrain tile of zoom `zoom` there (GL JS's `getElevationForLngLatZoom`); 0 outside the world's
    /// rows or where no DEM tile is loaded.
    package func elevation(worldX: Double, worldY: Double, zoom: Int) -> Double {
        guard worldX.isFinite, worldY >= 0, worldY < 1 else { return 0 }
        let z = max(0, min(TileID.maximumZoom, zoom))
        let n = 1 << z
        let wrap = Int(worldX.rounded(.down))
        let fx = worldX - Double(wrap)
        let x = max(0, min(n - 1, Int(fx * Double(n)))), y = max(0, min(n - 1, Int(worldY * Double(n))))
        guard let lookup = lookup(terrainTile: UnwrappedTileID(wrap: wrap, canonical: TileID(z: z, x: x, y: y))) else { return 0 }
        return lookup.elevation(worldX: worldX, worldY: worldY) * exaggeration
    }
}
