/// What changes when a layer is painted into a terrain tile's image rather than onto the screen (GL JS's
/// render-to-texture, `render_to_texture.ts`).
package enum DrapedLayers {
    /// Fills lose their antialiasing outline: GL JS draws it into the tile's texture with the screen's size as its
    /// `u_world` (`drawFillTiles`), so its distance to each fragment is far off and it shows nowhere, whatever
    /// `fill-outline-color` says; the interiors are drawn as they are. Hillshades are shaded from GL JS's slope
    /// texture (``HillshadeLayer/useGLJSSlopes()``): only GL JS draws terrain, so its hillshade rule holds there,
    /// where a flat map follows MapLibre Native's.
    package static func prepare(_ layers: inout [any SceneLayer]) {
        for i in layers.indices { layers[i] = prepared(layers[i]) }
    }

    private static func prepared(_ layer: any SceneLayer) -> any SceneLayer {
        if var fill = layer as? FillLayer {
            fill.antialias = false
            return fill
        }
        if var hillshade = layer as? HillshadeLayer {
            hillshade.useGLJSSlopes()
            return hillshade
        }
        if var tiled = layer as? TileClippedLayer {
            for k in tiled.pieces.indices { tiled.pieces[k].layer = prepared(tiled.pieces[k].layer) }
            return tiled
        }
        return layer
    }
}
