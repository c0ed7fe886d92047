import MapStyle
import Geo
import JSON

/// `raster` layers: a raster source's tiles, or an image source's picture, with the layer's colour
/// adjustments. Raster layers have no features: they are built from the source's images.
enum RasterLayerBuilder: ImageLayerBuilder {
    static func build(_ layer: CompiledLayer, source: any RenderSource, zoom: Double, bearing: Double) -> (any SceneLayer)? {
        guard let paint = layer.paint(as: RasterPaintProperties.self) else { return EmptySceneLayer() }
        var pieces: [RasterLayer.Piece] = []
        for tile in source.imageTiles {
            guard let image = tile.image else { continue }
            let c = tile.id.canonical
            pieces.append(RasterLayer.Piece(image: image, tile: TileClip(z: c.z, x: c.x, y: c.y, wrap: tile.id.wrap), clip: tile.clip))
        }
        if let overlay = source.imageOverlay {
            pieces.append(RasterLayer.Piece(image: overlay.image, corners: overlay.corners))
        }
        var out = RasterLayer(pieces: pieces)
        out.opacity = paint.rasterOpacity.evaluate(zoom: zoom)
        out.hueRotate = paint.rasterHueRotation.evaluate(zoom: zoom)
        out.brightnessMin = paint.minimumRasterBrightness.evaluate(zoom: zoom)
        out.brightnessMax = paint.maximumRasterBrightness.evaluate(zoom: zoom)
        out.saturation = paint.rasterSaturation.evaluate(zoom: zoom)
        out.contrast = paint.rasterContrast.evaluate(zoom: zoom)
        // `resampling` is the newer name; `raster-resampling` wins when set.
        let mode = layer.layer.paint["raster-resampling"] != nil ? paint.rasterResamplingMode : paint.resampling
        out.linearResampling = mode.evaluate(zoom: zoom) == .linear
        return out
    }
}
