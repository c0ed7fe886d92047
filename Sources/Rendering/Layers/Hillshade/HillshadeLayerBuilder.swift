import Foundation
import Geo
import MapStyle
import Tiling

/// `hillshade` layers: a raster-dem source's tiles (their borders backfilled from neighbours by
/// ``RasterDEMRenderSource``) turned into slopes and shaded.
enum HillshadeLayerBuilder: ImageLayerBuilder {
    static func build(_ layer: CompiledLayer, source: any RenderSource, zoom: Double, bearing: Double) -> (any SceneLayer)? {
        guard let paint = layer.paint(as: HillshadePaintProperties.self) else { return EmptySceneLayer() }
        var out = HillshadeLayer(pieces: [])
        // borders are backfilled from the neighbours by the source (RasterDEMRenderSource)
        for tile in source.imageTiles {
            guard let dem = tile.dem else { continue }
            let c = tile.id.canonical
            let north = WebMercator.latitude(worldY: Double(c.y) / Double(1 << c.z))
            let south = WebMercator.latitude(worldY: Double(c.y + 1) / Double(1 << c.z))
            out.pieces.append(HillshadeLayer.Piece(tile: TileClip(z: c.z, x: c.x, y: c.y, wrap: tile.id.wrap), clip: tile.clip,
                                                   slopes: dem.slopes(zoom: c.z, maxZoom: source.maximumZoom), dim: dem.dim,
                                                   latitudes: (north, south),
                                                   methodSlopeScale: HillshadeLayer.methodSlopeScale(zoom: c.z, maxZoom: source.maximumZoom),
                                                   dem: dem, zoom: c.z))
        }
        out.exaggeration = paint.hillshadeExaggeration.evaluate(zoom: zoom)
        var azimuth = (paint.hillshadeIlluminationDirection.evaluate(zoom: zoom).first ?? 335) * .pi / 180
        // anchored to the viewport the light turns with the map: MapLibre Native subtracts its state's bearing (the
        // camera's, negated), GL JS adds `bearingInRadians`; both add the clockwise bearing to the direction
        if paint.hillshadeIlluminationAnchor.evaluate(zoom: zoom) == .viewport { azimuth += bearing * .pi / 180 }
        out.azimuth = azimuth
        if let shadow = paint.hillshadeShadowColor.evaluate(zoom: zoom).first { out.shadow = RenderColor(shadow).premultiplied() }
        if let highlight = paint.hillshadeHighlightColor.evaluate(zoom: zoom).first { out.highlight = RenderColor(highlight).premultiplied() }
        out.accent = RenderColor(paint.hillshadeAccentColor.evaluate(zoom: zoom)).premultiplied()
        out.method = paint.hillshadeMethod.evaluate(zoom: zoom)
        out.linearResampling = paint.resampling.evaluate(zoom: zoom) == .linear
        if out.method != .standard {
            out.lights = HillshadeLight.lights(
                directions: paint.hillshadeIlluminationDirection.evaluate(zoom: zoom),
                altitudes: paint.hillshadeIlluminationAltitude.evaluate(zoom: zoom),
                shadows: paint.hillshadeShadowColor.evaluate(zoom: zoom).map { RenderColor($0).premultiplied() },
                highlights: paint.hillshadeHighlightColor.evaluate(zoom: zoom).map { RenderColor($0).premultiplied() },
                bearing: bearing, viewportAnchor: paint.hillshadeIlluminationAnchor.evaluate(zoom: zoom) == .viewport,
                multidirectional: out.method == .multidirectional)
        }
        return out
    }
}
