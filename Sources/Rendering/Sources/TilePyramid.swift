package import Geo
import Tiling

/// The tiles of a tiled source covering one view (MapLibre Native's `TilePyramid`), each with what it
/// holds, and the source's data generation and deepest zoom.
package struct TilePyramid: Sendable {
    /// The tiles covering the view, in tile order (zoom, world copy, column, row).
    package var tiles: [SourceTile]
    package var generation: UInt64
    package var maximumZoom: Int

    package init(tiles: [SourceTile], generation: UInt64, maximumZoom: Int) {
        self.tiles = tiles
        self.generation = generation
        self.maximumZoom = maximumZoom
    }
}

/// A source drawn from the tiles covering the view: vector, raster, raster-dem.
package protocol TiledRenderSource: RenderSource {
    var pyramid: TilePyramid { get }
}

extension TiledRenderSource {
    package var generation: UInt64 { pyramid.generation }
    package var maximumZoom: Int { pyramid.maximumZoom }
    package func drawnTiles(camera: MapCamera, transform: Transform) -> [UnwrappedTileID] { pyramid.tiles.map(\.id) }
}
