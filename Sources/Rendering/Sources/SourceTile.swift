package import Geo
package import GeoJSON
import Tiling

/// One tile of a tiled source as drawn for a view: where it is and what it holds (features by source
/// layer, a picture or elevations).
package struct SourceTile: Sendable {
    /// The tile drawn (its data may come from a shallower tile, overzoomed).
    package var id: UnwrappedTileID
    /// The tile's area: its features show only inside it.
    package var clip: TileClip
    /// Features by `source-layer` name, in tile order (vector tiles). A Mapbox Vector Tile's features
    /// keep their geometry in tile coordinates (``Tiling/TileLayerGeometry``), which layers draw
    /// straight into world coordinates; their longitude/latitude geometry is built when read.
    package var layers: [String: [GeoJSONFeature]]
    /// The tile's picture (raster tiles).
    package var image: RasterImage?
    /// The tile's elevations (raster-dem tiles).
    package var dem: DEMTile?
    /// Whether the source cut the tile's polygons and lines to the tile and its buffer (``TileCut``), as a tiled
    /// GeoJSON source does: fill extrusions then leave out walls along the cut.
    package var isCutToBuffer = false
    /// The zoom the tile is laid out at when its cover chose one for it: GL JS's `overscaledZ` for a tile of a
    /// variable-zoom cover (a tile towards the horizon at its own, lower zoom). Nil: the camera's integer zoom.
    package var layoutZoom: Int?

    package init(id: UnwrappedTileID, layers: [String: [GeoJSONFeature]] = [:], image: RasterImage? = nil, dem: DEMTile? = nil) {
        self.id = id
        clip = TileClip(z: id.canonical.z, x: id.canonical.x, y: id.canonical.y, wrap: id.wrap)
        self.layers = layers
        self.image = image
        self.dem = dem
    }
}
