import MapStyle

/// `color-relief` layers: a raster-dem source's elevations coloured by `color-relief-color`. Not drawn
/// yet: the layer is reported in the snapshot's unsupported features.
enum ColorReliefLayerBuilder: ImageLayerBuilder {
    static func unsupported(_ layer: CompiledLayer) -> [String] {
        ["layer \"\(layer.layer.identifier)\": \(layer.layer.type.rawValue) layers are not drawn yet"]
    }

    static func build(_ layer: CompiledLayer, source: any RenderSource, zoom: Double, bearing: Double) -> (any SceneLayer)? { nil }
}
