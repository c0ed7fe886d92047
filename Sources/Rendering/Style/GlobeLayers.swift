/// What changes when a layer is drawn on the globe (globeness above 0), a view MapLibre GL JS alone draws.
enum GlobeLayers {
    /// `layer` as GL JS draws it on the globe. Hillshades are shaded from GL JS's slope texture
    /// (``HillshadeLayer/useGLJSSlopes()``): GL JS's hillshade shaders have no rule of their own for the sphere (the
    /// same prepare pass, the same shading, the slope divided by the cosine of the latitude across each tile), so
    /// its flat rule holds there, where a flat map follows MapLibre Native's.
    static func prepared(_ layer: any SceneLayer) -> any SceneLayer {
        if var hillshade = layer as? HillshadeLayer {
            hillshade.useGLJSSlopes()
            return hillshade
        }
        return layer
    }
}
