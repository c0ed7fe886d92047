/// A tile on one copy of the world: `wrap` counts world copies east (positive) or west (negative)
/// of the primary one, as MapLibre's `UnwrappedTileID`.
package struct UnwrappedTileID: Sendable, Hashable, CustomStringConvertible {
    /// The world copy: 0 is the primary world, 1 the copy to its east.
    package var wrap: Int
    /// The tile within its world.
    package var canonical: TileID

    /// Creates a tile id on world copy `wrap`.
    package init(wrap: Int = 0, canonical: TileID) {
        self.wrap = wrap
        self.canonical = canonical
    }

    /// The tile at `zoom` whose column `x` may lie outside `0..<2^zoom` (it is wrapped onto a world copy).
    package init(z: Int, x: Int, y: Int) {
        let n = 1 << z
        let wrap = x >= 0 ? x / n : -((-x + n - 1) / n)
        self.init(wrap: wrap, canonical: TileID(z: z, x: x - wrap * n, y: y))
    }

    package var description: String { wrap == 0 ? canonical.description : "\(canonical)@\(wrap)" }
}

/// A tile drawn at a zoom at or above its own: `overscaledZ > canonical.z` when a source's
/// `maxzoom` is below the camera's zoom and its deepest tiles are scaled up (MapLibre's `OverscaledTileID`).
package struct OverscaledTileID: Sendable, Hashable, CustomStringConvertible {
    /// The zoom the tile is drawn for.
    package var overscaledZ: Int
    /// The tile and world copy.
    package var tile: UnwrappedTileID

    /// Creates an id; `overscaledZ` is raised to the tile's own zoom when below it.
    package init(overscaledZ: Int, tile: UnwrappedTileID) {
        self.overscaledZ = max(overscaledZ, tile.canonical.z)
        self.tile = tile
    }

    /// How many times the tile is scaled up (1 when not overscaled).
    package var overscaleFactor: Int { 1 << (overscaledZ - tile.canonical.z) }

    package var description: String {
        overscaledZ == tile.canonical.z ? tile.description : "\(tile) (for z\(overscaledZ))"
    }
}

extension TileID {
    /// The tile's square in world units (on the primary world copy).
    package var worldBounds: WorldBounds { WorldBounds(z: z, x: x, y: y) }
}

extension UnwrappedTileID {
    /// The tile's square in world units, `x` shifted by its world copy.
    package var worldBounds: WorldBounds { WorldBounds(z: canonical.z, x: canonical.x, y: canonical.y, wrap: wrap) }
}
