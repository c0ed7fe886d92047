package import Geo
import Tiling

/// A style source as the renderer draws it for one view (MapLibre Native's `RenderSource`): what a
/// style layer's `source` names, asked the same questions whatever its kind.
///
/// One implementation per kind: ``GeoJSONRenderSource`` (its tile index or clusters; also the
/// annotations' source), ``VectorRenderSource`` (MVT and MLT tiles), ``RasterRenderSource``,
/// ``RasterDEMRenderSource`` and ``ImageRenderSource``. Layer builders take what they draw from it:
/// features per tile, features cut for the view, tile pictures or elevations, or one picture.
package protocol RenderSource: Sendable {
    /// Changes when the source's data is loaded again: buckets laid out from earlier data carry another
    /// generation and are laid out again (0: not tracked).
    var generation: UInt64 { get }
    /// The deepest zoom of the source's own data (GeoJSON is tiled up to it; raster tiles overzoom past it).
    var maximumZoom: Int { get }
    /// The tiles covering the view, each with its features by source layer, for a source drawn tile by
    /// tile from features (vector); nil for one whose features are cut for the view (``drawable(atZoom:in:)``).
    var featureTiles: [SourceTile]? { get }
    /// The tiles covering the view with their pictures or elevations (raster, raster-dem).
    var imageTiles: [SourceTile] { get }
    /// An image source's picture and where it lies.
    var imageOverlay: ImageOverlay? { get }
    /// The features to draw at `zoom` within `bounds` (everywhere when `nil`), for a source drawn from
    /// features cut for the view (GeoJSON); none for the others.
    func drawable(atZoom zoom: Double, in bounds: WorldBounds?) -> [DrawableFeature]
    /// The tiles the source draws for the view of `transform` (outlined by the tile-boundaries debug option).
    func drawnTiles(camera: MapCamera, transform: Transform) -> [UnwrappedTileID]
}

extension RenderSource {
    package var featureTiles: [SourceTile]? { nil }
    package var imageTiles: [SourceTile] { [] }
    package var imageOverlay: ImageOverlay? { nil }
    package func drawable(atZoom zoom: Double, in bounds: WorldBounds?) -> [DrawableFeature] { [] }
}
