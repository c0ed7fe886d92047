import Foundation
import GeoJSON
import GRDB
import Tiling

/// Tiles from an MBTiles 1.3 database (SQLite): rows in TMS order (`tile_row` counts from the
/// south), the `metadata` table read as TileJSON.
public final class MBTilesStore: TileStore {
    private let database: DatabaseQueue
    /// The file.
    public let path: String
    public let tileJSON: TileJSON?

    /// Opens `path` read-only.
    ///
    /// - Throws: `TileStoreError` when the file is missing, not SQLite, or has no `tiles` table.
    public init(path: String) throws(TileStoreError) {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw TileStoreError(store: path, FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            let hasTiles = try database.read { db in try db.tableExists("tiles") || db.viewExists("tiles") }
            guard hasTiles else { throw TileStoreError(store: path, "not an MBTiles file: it has no \"tiles\" table") }
            let rows = try database.read { db in
                try db.tableExists("metadata")
                    ? try Row.fetchAll(db, sql: "SELECT name, value FROM metadata").map { ($0[0] as String? ?? "", $0[1] as String? ?? "") }
                    : []
            }
            tileJSON = Self.tileJSON(metadata: rows, url: "mbtiles://" + path)
        } catch let error as TileStoreError {
            throw error
        } catch {
            throw TileStoreError(store: path, "cannot open as MBTiles (SQLite): \(Self.describe(error))")
        }
    }

    public func tileData(_ tile: TileID) throws(TileStoreError) -> Data? {
        do {
            return try database.read { db in
                try Data.fetchOne(db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                                  arguments: [tile.z, tile.x, tile.tmsY])
            }
        } catch {
            throw TileStoreError(store: path, "cannot read tile \(tile): \(Self.describe(error))")
        }
    }

    /// The metadata table, with `url` as the tile location (MBTiles 1.3: name, format, bounds, center, minzoom, maxzoom, attribution,
    /// description, type, version, json) as TileJSON; `nil` when it does not make one.
    static func tileJSON(metadata rows: [(String, String)], url: String) -> TileJSON? {
        var object = JSONObject()
        object["tilejson"] = "3.0.0"
        object["tiles"] = [.string(url)]
        object["scheme"] = "xyz"
        func numbers(_ text: String) -> [JSONValue] {
            text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { .double($0) }
        }
        for (name, value) in rows {
            switch name {
            case "name", "description", "attribution", "version", "format", "type": object[name] = .string(value)
            case "minzoom", "maxzoom": if let z = Int(value) { object[name] = .int(Int64(z)) }
            case "bounds", "center": object[name] = .array(numbers(value))
            case "json":
                if let extra = try? JSONValue(parsing: value), let members = extra.object {
                    for (key, member) in members { object[key] = member }
                }
            default: continue
            }
        }
        return try? TileJSON(.object(object))
    }

    private static func describe(_ error: Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "SQLite error \(e.resultCode.rawValue)" }
        return "\(error)"
    }
}
