import Foundation
import Hummingbird
import Mercator
import MercatorCompression
import Tiling

/// `/data/{id}/{z}/{x}/{y}.geojson`: a vector tile's features as one GeoJSON FeatureCollection in longitude and
/// latitude, each feature's `layer` property naming its source layer (tileserver-gl's inspection format).
enum TileGeoJSON {
    /// The GeoJSON of the vector tile `bytes` (gzip or not) at `tile`.
    /// - Throws: ``ServerError`` 500 naming what is wrong with a tile that does not decode.
    static func response(_ bytes: Data, tile: TileID, request: Request) throws(ServerError) -> Response {
        var features: [GeoJSONFeature] = []
        do {
            let decoded = try VectorTile(data: bytes)
            for layer in try decoded.layers() {
                for var feature in try layer.geoJSONFeatures(x: tile.x, y: tile.y, z: tile.z) {
                    if feature.properties == nil { feature.properties = JSONObject() }
                    feature.properties?["layer"] = .string(layer.name)
                    features.append(feature)
                }
            }
        } catch {
            throw ServerError(.internalServerError, "tile \(tile) is not a vector tile that decodes: \(error)")
        }
        let body = GeoJSONObject.featureCollection(GeoJSONFeatureCollection(features: features)).serializedBytes()
        return Responses.body(Data(body), type: "application/geo+json", request: request, cacheControl: Responses.tileCache)
    }
}
