/// A `vector` source (Mapbox Vector Tiles or MapLibre Tiles) for one view: the tiles covering it,
/// each with its features by source layer. Layers are laid out per tile and clipped to it.
package struct VectorRenderSource: TiledRenderSource {
    package var pyramid: TilePyramid

    package init(_ pyramid: TilePyramid) { self.pyramid = pyramid }

    package var featureTiles: [SourceTile]? { pyramid.tiles }
}
