package import Geo
import MapStyle
import Rendering
package import Tiling

extension Map {
    /// The loaded data of shape source `source`.
    /// - Throws: ``MapQueryError`` when the style has no such shape source, and the source's
    ///   ``SourceLoadError`` when its data cannot be read.
    func shapeSourceData(_ source: String) throws -> GeoJSONRenderSource {
        guard let definition = style.source(withIdentifier: source) else { throw MapQueryError.unknownSource(source) }
        guard definition.kind == .geojson else { throw MapQueryError.notAShapeSource(source, kind: definition.kind.rawValue) }
        let (sources, errors) = sourceData()
        if let error = errors.first(where: { $0.source == source }) { throw error }
        guard let data = sources[source] else { throw MapQueryError.unknownSource(source) }
        return data
    }

    /// The tile `id` of shape source `source` as the map draws it: clustered points for a clustered
    /// source, sliced and simplified shapes otherwise (extent 8192, the source's own `maxzoom`,
    /// `buffer`, `tolerance`, `lineMetrics` and cluster options). `nil` when the tile is empty or
    /// deeper than the source's `maxzoom`.
    /// - Throws: ``MapQueryError`` when the style has no such shape source, and the source's
    ///   ``SourceLoadError`` when its data cannot be read.
    package func tile(_ id: TileID, inShapeSource source: String) throws -> Tile? {
        try shapeSourceData(source).index?.tile(id)
    }
}
