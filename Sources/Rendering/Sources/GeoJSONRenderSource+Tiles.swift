import Foundation
import Geo
import GeoJSON
import Tiling

/// A GeoJSON source drawn from tiles of varying zoom, as GL JS draws it past 60° of pitch: GL JS draws a GeoJSON
/// source from its geojson-vt tiles like any tiled source, and covers a steeply pitched view with tiles of lower zooms
/// towards the horizon (``Transform/sourceTiles(tileSize:minimumZoom:maximumZoom:rounding:)``), so a feature far
/// away is drawn as that tile's zoom simplifies it and on that tile's grid.
extension GeoJSONRenderSource {
    /// Tile units per side (GL JS's `EXTENT`).
    static let tileExtent = 8192.0

    /// The source's features cut into the tiles covering `transform` (512-pixel tiles up to its `maxzoom`): each
    /// tile's features (the layers' source layer "") as simplified at its zoom, their positions on its grid of
    /// 8192 units a side, drawn clipped to the tile. Nil for a source without a shape index (clustered or not indexed).
    package func variableZoomTiles(covering transform: Transform) -> [SourceTile]? {
        guard case .shapes(let shapes)? = index else { return nil }
        var out: [SourceTile] = []
        var seen = Set<UnwrappedTileID>()
        for overscaled in transform.sourceTiles(tileSize: 512, minimumZoom: 0, maximumZoom: maximumZoom)
        where seen.insert(overscaled.tile).inserted {
            let id = overscaled.tile, c = id.canonical
            // the tile and geojson-vt's buffer around it
            let n = Double(1 << c.z), bounds = TileCut.box(z: c.z, x: c.x, y: c.y)
            let units = Self.tileExtent * n
            // (cut to the tile and its buffer: a tile converts and draws its part of a large feature, not all of it)
            let drawn = shapes.features(atZoom: c.z, clippedTo: bounds).compactMap { z -> GeoJSONFeature? in
                var feature = features[z.index]
                guard let geometry = z.geometry ?? feature.geometry else { return nil }
                feature.geometry = Self.onGrid(geometry, units: units)
                return feature
            }
            var tile = SourceTile(id: id, layers: ["": drawn])
            tile.isCutToBuffer = true
            tile.layoutZoom = overscaled.overscaledZ
            out.append(tile)
        }
        return out
    }

    /// `geometry` with every position moved onto the grid of `units` per world (a tile's coordinates, rounded).
    static func onGrid(_ geometry: Geometry, units: Double) -> Geometry {
        func list(_ l: PositionList) -> PositionList {
            var values = l.values
            let stride = l.stride
            var i = 0
            while i + 1 < values.count {
                let w = WebMercator.cameraWorld(longitude: values[i], latitude: values[i + 1])
                values[i] = (w.x * units).rounded() / units * 360 - 180
                values[i + 1] = WebMercator.cameraLatitude(worldY: (w.y * units).rounded() / units)
                i += stride
            }
            return PositionList(flat: values, hasAltitude: l.hasAltitude)
        }
        switch geometry {
        case .point(let p):
            let moved = list(PositionList([p]))
            return .point(moved[0])
        case .multiPoint(let l): return .multiPoint(list(l))
        case .lineString(let l): return .lineString(list(l))
        case .multiLineString(let ls): return .multiLineString(ls.map(list))
        case .polygon(let rings): return .polygon(rings.map(list))
        case .multiPolygon(let polygons): return .multiPolygon(polygons.map { $0.map(list) })
        case .geometryCollection(var c):
            c.geometries = c.geometries.map { onGrid($0, units: units) }
            return .geometryCollection(c)
        }
    }
}
