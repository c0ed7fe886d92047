import Foundation
import GeoJSON
import GRDB
import TileSources
import Tiling

/// Writes one source's tiles of a pack to an MBTiles 1.3 file (TMS rows, `metadata` with name,
/// format, bounds, center, zooms and, for vector tiles, `json` with `vector_layers`).
public struct MBTilesExport: Sendable {
    public let database: OfflineDatabase

    public init(database: OfflineDatabase) {
        self.database = database
    }

    /// What was written.
    public struct Summary: Sendable, Hashable {
        public var source: String
        public var tiles: Int
        public var format: String
        public var minZoom: Int
        public var maxZoom: Int
    }

    public struct ExportError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Writes region `id`'s tiles of `source` (default: the style's first tiled source) to `path` (replaced).
    public func export(region id: Int64, source name: String?, to path: String) throws(ExportError) -> Summary {
        do {
            return try write(region: id, source: name, to: path)
        } catch let error as ExportError {
            throw error
        } catch let error as OfflineStorageError {
            throw ExportError(message: error.description)
        } catch {
            throw ExportError(message: "cannot write \(path): \(error)")
        }
    }

    private func write(region id: Int64, source name: String?, to path: String) throws -> Summary {
        let region = try database.region(id)
        guard let styleData = try database.response(for: ResourceRequest(url: region.definition.styleURL, kind: .style))?.data,
              let style = try? JSONValue(parsing: styleData) else {
            throw ExportError(message: "region \(id) has no stored style yet: run `mercator offline resume \(id)` first")
        }
        var tileJSON: [String: JSONValue] = [:]
        for url in OfflineResources.tileJSONURLs(style: style) {
            if let data = try database.response(for: ResourceRequest(url: url, kind: .source))?.data, let json = try? JSONValue(parsing: data) {
                tileJSON[url] = json
            }
        }
        let sources = OfflineResources.tiledSources(style: style, tileJSON: tileJSON)
        guard let source = name.map({ n in sources.first { $0.identifier == n } }) ?? sources.first else {
            throw ExportError(message: name.map { "the style has no tiled source \"\($0)\" (it has: \(sources.map(\.identifier).joined(separator: ", ")))" }
                              ?? "the style has no tiled source")
        }
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT z, x, y, data, compressed FROM region_tiles JOIN tiles ON tile_id = tiles.id
                WHERE region_id = ? AND url_template = ? AND data IS NOT NULL ORDER BY z, x, y
                """, arguments: [id, source.template])
        }
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        let output = try DatabaseQueue(path: path)
        var format = source.raster ? "png" : "pbf"
        var layers = Set<String>()
        var zooms = (Int.max, Int.min)
        try output.write { db in
            try MBTilesSchema.create(db)
            for row in rows {
                let z: Int = row["z"], x: Int = row["x"], y: Int = row["y"]
                var data: Data = row["data"]
                if (row["compressed"] as Int?) ?? 0 != 0 {
                    guard let inflated = OfflineBodies.inflate(data) else {
                        throw ExportError(message: "\(database.path): tile \(z)/\(x)/\(y) does not inflate")
                    }
                    data = inflated
                }
                if source.raster {
                    if data.starts(with: [0xFF, 0xD8]) { format = "jpg" } else if data.count > 12, data[data.startIndex + 8..<data.startIndex + 12] == Data("WEBP".utf8) { format = "webp" }
                } else if let tile = try? VectorTile(data: data), let names = try? tile.layers().map(\.name) {
                    layers.formUnion(names)
                }
                zooms = (min(zooms.0, z), max(zooms.1, z))
                try MBTilesSchema.insertTile(data, at: TileID(z: z, x: x, y: y), into: db)
            }
            let box = region.definition.boundingBox
            let minZoom = rows.isEmpty ? 0 : zooms.0, maxZoom = rows.isEmpty ? 0 : zooms.1
            var metadata: [(String, String)] = [
                ("name", region.name ?? "region \(id)"), ("format", format), ("type", "overlay"),
                ("bounds", [box.west, box.south, box.east, box.north].map { "\($0)" }.joined(separator: ",")),
                ("center", "\((box.west + box.east) / 2),\((box.south + box.north) / 2),\(minZoom)"),
                ("minzoom", "\(minZoom)"), ("maxzoom", "\(maxZoom)"),
                ("description", "Mercator offline pack \(id): source \(source.identifier) of \(region.definition.styleURL)"),
            ]
            if !source.raster {
                let described = tileJSON.values.first { $0["tiles"]?.array?.first?.string == source.template }?["vector_layers"]
                let vectorLayers = described ?? .array(layers.sorted().map { .object(["id": .string($0), "fields": .object([:])]) })
                metadata.append(("json", JSONValue.object(["vector_layers": vectorLayers]).serialized()))
            }
            try MBTilesSchema.insertMetadata(metadata, into: db)
        }
        try output.close()
        return Summary(source: source.identifier, tiles: rows.count, format: format,
                       minZoom: rows.isEmpty ? 0 : zooms.0, maxZoom: rows.isEmpty ? 0 : zooms.1)
    }
}
