import Foundation
public import Mercator
package import TileSources
import HTTPTypes
import Tiling

/// A data set the server publishes as vector (or raster) tiles: a GeoJSON file tiled on the fly,
/// or an MBTiles / PMTiles archive passed through.
public struct ServedData: Sendable {
    /// Where the tiles come from.
    package enum Kind: Sendable {
        /// A GeoJSON file: its geojson-vt index (one layer named after the data set) and the file's bytes.
        case geojson(ShapeSourceTiles, path: String)
        /// An MBTiles database or PMTiles archive.
        case archive(any TileStore, path: String)
    }

    /// The identifier in URLs (`/data/{id}.json`).
    public var id: String
    /// A human name.
    public var name: String
    /// The tiles.
    package var kind: Kind
    /// Tile format: `pbf`, `png`, `jpg` or `webp`.
    public var format: String
    /// Zoom range and bounds.
    public var minZoom: Int
    public var maxZoom: Int
    public var bounds: BoundingBox
    /// The source layers (`vector_layers`), for vector data.
    public var vectorLayers: [JSONValue]
    /// tileserver-gl's `tilejson` (and `tileSize`, `encoding`): keys written over the TileJSON.
    package var tileJSONOverrides = JSONObject()
    /// tileserver-gl's `sparse`: a tile the archive does not hold answers 404 (true) or 204 (false); nil: the
    /// server's `options.sparse`, else 204 for vector and 404 for raster tiles.
    package var sparse: Bool?

    /// Opens a GeoJSON file and indexes it (extent 4096 tiles, one layer named `id`).
    static func geojson(id: String, path: String, maxZoom: Int = 14) throws(CatalogError) -> ServedData {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError("\(path): cannot be read (\(error.localizedDescription))")
        }
        let object: GeoJSONObject
        do {
            object = try GeoJSONObject.decode(data, options: .lenient).object
        } catch {
            throw CatalogError("\(path): not GeoJSON: \(error)")
        }
        let tiles: ShapeSourceTiles
        do {
            tiles = try ShapeSourceTiles(features: object.features, options: ShapeSourceOptions(maxZoom: maxZoom), slicingUpFront: false)
        } catch {
            throw CatalogError("\(path): \(error)")
        }
        let bounds = GeoJSONSummary(object).bounds ?? WebMercator.worldBoundingBox
        var fields = JSONObject()
        for feature in object.features.prefix(1000) {
            for (key, value) in feature.properties ?? JSONObject() where fields[key] == nil {
                fields[key] = .string(value.number != nil ? "Number" : value.bool != nil ? "Boolean" : "String")
            }
        }
        let layer: JSONValue = ["id": .string(id), "fields": .object(fields), "minzoom": 0, "maxzoom": .int(Int64(maxZoom))]
        return ServedData(id: id, name: URL(fileURLWithPath: path).lastPathComponent, kind: .geojson(tiles, path: path), format: "pbf",
                          minZoom: 0, maxZoom: maxZoom, bounds: bounds, vectorLayers: [layer])
    }

    /// Opens an MBTiles or PMTiles archive.
    static func archive(id: String, path: String) throws(CatalogError) -> ServedData {
        let store: any TileStore
        do {
            let lower = path.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                store = try PMTilesStore(url: path)
            } else {
                store = lower.hasSuffix(".pmtiles") ? try PMTilesStore(path: path) : try MBTilesStore(path: path)
            }
        } catch {
            throw CatalogError("\(error)")
        }
        let tileJSON = store.tileJSON
        var format = tileJSON?.extra["format"]?.string?.lowercased() ?? "pbf"
        if format == "jpeg" { format = "jpg" }
        if format == "mvt" { format = "pbf" }
        var minZoom = tileJSON?.minZoom ?? 0, maxZoom = tileJSON?.maxZoom ?? 14
        var bounds = tileJSON?.bounds ?? WebMercator.worldBoundingBox
        // A PMTiles header says what the tiles are, whatever the metadata JSON holds (or fails to parse as TileJSON).
        if let pmtiles = store as? PMTilesStore {
            let header = pmtiles.header
            switch header.tileType {
            case .mvt: format = "pbf"
            case .png: format = "png"
            case .jpeg: format = "jpg"
            case .webp: format = "webp"
            case .avif, .unknown: break
            }
            if header.minimumZoom <= header.maximumZoom {
                (minZoom, maxZoom) = (header.minimumZoom, header.maximumZoom)
            }
            let b = header.bounds
            if b.west < b.east && b.south < b.north && b.west >= -180 && b.east <= 180 && b.south >= -90 && b.north <= 90 {
                bounds = BoundingBox(west: b.west, south: b.south, east: b.east, north: b.north)
            }
        }
        let layers = tileJSON?.vectorLayers.map { layer -> JSONValue in
            var o: JSONObject = ["id": .string(layer.id)]
            o["fields"] = .object(JSONObject(layer.fields.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
            if let z = layer.minZoom { o["minzoom"] = .int(Int64(z)) }
            if let z = layer.maxZoom { o["maxzoom"] = .int(Int64(z)) }
            return .object(o)
        } ?? []
        return ServedData(id: id, name: tileJSON?.name ?? URL(fileURLWithPath: path).lastPathComponent, kind: .archive(store, path: path),
                          format: format, minZoom: minZoom, maxZoom: maxZoom, bounds: bounds, vectorLayers: layers)
    }

    /// Whether the tiles are vector tiles.
    public var isVector: Bool { format == "pbf" }

    /// The style source a renderer uses for these tiles (local files, never this server).
    var renderSource: JSONValue {
        switch kind {
        case .geojson(_, let path):
            return ["type": "geojson", "data": .string(path), "maxzoom": .int(Int64(maxZoom))]
        case .archive(let store, let path):
            let scheme = store is PMTilesStore ? "pmtiles://" : "mbtiles://"
            return ["type": isVector ? "vector" : "raster", "url": .string(scheme + path)]
        }
    }

    /// A tile's bytes as stored (gzip or not), or nil when there is none.
    /// - Throws: ``ServerError`` when the store cannot be read.
    func tile(_ id: TileID) throws(ServerError) -> Data? {
        switch kind {
        case .geojson(let tiles, _):
            guard let tile = tiles.tile(id) else { return nil }
            var encoder = VectorTileEncoder()
            encoder.addLayer(named: self.id, tile: tile)
            return encoder.data()
        case .archive(let store, _):
            do {
                return try store.tileData(id)
            } catch {
                throw ServerError(.internalServerError, "data \(self.id): \(error.message)")
            }
        }
    }

    /// TileJSON 3.0.0 for these tiles, with tile URLs under `base`.
    func tileJSON(base: String) -> JSONValue {
        var o: JSONObject = [
            "tilejson": "3.0.0", "id": .string(id), "name": .string(name), "scheme": "xyz", "format": .string(format),
            "tiles": [.string("\(base)/data/\(id)/{z}/{x}/{y}.\(format)")],
            "minzoom": .int(Int64(minZoom)), "maxzoom": .int(Int64(maxZoom)),
            "bounds": [.double(bounds.west), .double(bounds.south), .double(bounds.east), .double(bounds.north)],
            "center": [.double((bounds.west + bounds.east) / 2), .double((bounds.south + bounds.north) / 2),
                       .int(Int64(min(maxZoom, max(minZoom, 2))))],
        ]
        if isVector { o["vector_layers"] = .array(vectorLayers) }
        for (key, value) in tileJSONOverrides where key != "tiles" { o[key] = value }
        return .object(o)
    }
}
