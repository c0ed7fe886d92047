import Foundation
import MapStyle
import Tiling

/// `hillshade` layers: a raster-dem source's tiles, their borders backfilled from neighbours, turned
/// into slopes and shaded.
enum HillshadeLayerBuilder: ImageLayerBuilder {
    static func build(_ layer: CompiledLayer, source: any RenderSource, zoom: Double, bearing: Double) -> (any SceneLayer)? {
        guard let paint = layer.paint(as: HillshadePaintProperties.self) else { return EmptySceneLayer() }
        var out = HillshadeLayer(pieces: [])
        let tiles = source.imageTiles
        // DEMs by tile, for backfilling borders from the neighbours on screen
        var dems: [UnwrappedTileID: DEMTile] = [:]
        for tile in tiles { if let dem = tile.dem { dems[tile.id] = dem } }
        for tile in tiles {
            guard var dem = dems[tile.id] else { continue }
            let c = tile.id.canonical
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let n = 1 << c.z
                    let nx = c.x + dx, ny = c.y + dy
                    guard ny >= 0, ny < n else { continue }
                    let wrap = tile.id.wrap + (nx < 0 ? -1 : nx >= n ? 1 : 0)
                    let neighbour = UnwrappedTileID(wrap: wrap, canonical: TileID(z: c.z, x: (nx + n) % n, y: ny))
                    if let other = dems[neighbour] { dem.backfill(from: other, dx: dx, dy: dy) }
                }
            }
            let north = WebMercator.latitude(worldY: Double(c.y) / Double(1 << c.z))
            let south = WebMercator.latitude(worldY: Double(c.y + 1) / Double(1 << c.z))
            out.pieces.append(HillshadeLayer.Piece(tile: TileClip(z: c.z, x: c.x, y: c.y, wrap: tile.id.wrap), clip: tile.clip,
                                                   slopes: dem.slopes(zoom: c.z, maxZoom: source.maximumZoom), dim: dem.dim,
                                                   latitudes: (north, south),
                                                   methodSlopeScale: HillshadeLayer.methodSlopeScale(zoom: c.z, maxZoom: source.maximumZoom)))
        }
        out.exaggeration = paint.hillshadeExaggeration.evaluate(zoom: zoom)
        var azimuth = (paint.hillshadeIlluminationDirection.evaluate(zoom: zoom).first ?? 335) * .pi / 180
        if paint.hillshadeIlluminationAnchor.evaluate(zoom: zoom) == .viewport { azimuth -= bearing * .pi / 180 }
        out.azimuth = azimuth
        if let shadow = paint.hillshadeShadowColor.evaluate(zoom: zoom).first { out.shadow = RenderColor(shadow).premultiplied() }
        if let highlight = paint.hillshadeHighlightColor.evaluate(zoom: zoom).first { out.highlight = RenderColor(highlight).premultiplied() }
        out.accent = RenderColor(paint.hillshadeAccentColor.evaluate(zoom: zoom)).premultiplied()
        out.method = paint.hillshadeMethod.evaluate(zoom: zoom)
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
