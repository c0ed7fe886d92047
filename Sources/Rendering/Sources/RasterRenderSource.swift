/// A `raster` source for one view: the tiles covering it with their pictures (a missing tile shows its
/// nearest parent, clipped to the missing tile).
package struct RasterRenderSource: TiledRenderSource {
    package var pyramid: TilePyramid

    package init(_ pyramid: TilePyramid) { self.pyramid = pyramid }

    package var imageTiles: [SourceTile] { pyramid.tiles }
}
