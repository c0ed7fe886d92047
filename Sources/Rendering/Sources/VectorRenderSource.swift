import Tiling

/// A `vector` source (Mapbox Vector Tiles or MapLibre Tiles) for one view: the tiles covering it,
/// each with its features by source layer. Layers are laid out per tile and clipped to it.
package struct VectorRenderSource: RenderSource {
    package var tiles: [SourceTile]
    package var generation: UInt64
    package var maximumZoom: Int

    package init(tiles: [SourceTile], generation: UInt64, maximumZoom: Int) {
        self.tiles = tiles
        self.generation = generation
        self.maximumZoom = maximumZoom
    }

    package var featureTiles: [SourceTile]? { tiles }

    package func drawnTiles(camera: MapCamera, transform: Transform) -> [UnwrappedTileID] { tiles.map(\.id) }
}
