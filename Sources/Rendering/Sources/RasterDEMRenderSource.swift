import Tiling

/// A `raster-dem` source for one view: the tiles covering it with their elevations (hillshade layers
/// backfill each tile's borders from its neighbours).
package struct RasterDEMRenderSource: RenderSource {
    package var tiles: [SourceTile]
    package var generation: UInt64
    package var maximumZoom: Int

    package init(tiles: [SourceTile], generation: UInt64, maximumZoom: Int) {
        self.tiles = tiles
        self.generation = generation
        self.maximumZoom = maximumZoom
    }

    package var imageTiles: [SourceTile] { tiles }

    package func drawnTiles(camera: MapCamera, transform: Transform) -> [UnwrappedTileID] { tiles.map(\.id) }
}
