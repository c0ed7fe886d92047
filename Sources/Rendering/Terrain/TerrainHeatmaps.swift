/// Heatmaps drawn while terrain is on (GL JS's `draw_heatmap.ts`, its terrain branch): each source tile's kernels are
/// drawn through the view's projection (on the globe, the globe's: kernels lying on the sphere) into a framebuffer as
/// wide and high as the tile (`tile.tileSize`, 512 for GeoJSON and vector sources: `prepareHeatmapTerrain`), which is
/// then stretched over the screen and coloured (`renderHeatmapTerrain`). Not draped: GL JS's render-to-texture takes
/// background, fill, line, raster, hillshade and colour relief only. What changes against the plain globe is the
/// density texture: 512 x 512 instead of a quarter of the canvas, so kernels foreshortened at the limb stay sharp and
/// end at the globe's outline instead of being blurred past it.
package enum TerrainHeatmaps {
    /// The side of GL JS's per-tile heatmap framebuffer, in texels.
    package static let densitySide = 512

    /// Gives every heatmap of `layers` (tile pieces included) the terrain's density texture.
    package static func prepare(_ layers: inout [any SceneLayer]) {
        for i in layers.indices {
            if let prepared = prepared(layers[i]) { layers[i] = prepared }
        }
    }

    private static func prepared(_ layer: any SceneLayer) -> (any SceneLayer)? {
        if var heat = layer as? HeatmapLayer {
            heat.densitySide = densitySide
            return heat
        }
        if var tiled = layer as? TileClippedLayer {
            var changed = false
            for k in tiled.pieces.indices {
                guard let piece = prepared(tiled.pieces[k].layer) else { continue }
                tiled.pieces[k].layer = piece
                changed = true
            }
            return changed ? tiled : nil
        }
        return nil
    }
}
