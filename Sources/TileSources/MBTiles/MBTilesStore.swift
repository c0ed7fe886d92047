public import Foundation
public import GeoJSON
import GRDB
public import Tiling

/// Tiles from an MBTiles 1.3 database (SQLite): rows in TMS order (`tile_row` counts from the
/// south), the `metadata` table read as TileJSON.
public final class MBTilesStore: TileStore {
    private let database: DatabaseQueue
    /// The file.
    public let path: String
    public let tileJSON: TileJSON?
    /// The largest tile read: a larger `tile_data` blob is an error, not loaded.
    public static let maximumTileBytes = 64 << 20
    /// The most `metadata` rows read (MBTiles writers store about a dozen).
    public static let maximumMetadataRows = 10_000

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
            // Read as TEXT by SQLite itself: a row subscript converting an INTEGER or BLOB value to a
            // String is a fatal error in GRDB, and writers do store numbers (`minzoom`) as integers.
            let rows = try database.read { db in
                try db.tableExists("metadata")
                    ? try Row.fetchAll(db, sql: "SELECT CAST(name AS TEXT), CAST(value AS TEXT) FROM metadata LIMIT ?",
                                       arguments: [Self.maximumMetadataRows + 1])
                        .map { (String.fromDatabaseValue($0[0] as DatabaseValue) ?? "", String.fromDatabaseValue($0[1] as DatabaseValue) ?? "") }
                    : []
            }
            guard rows.count <= Self.maximumMetadataRows else {
                throw TileStoreError(store: path, "the metadata table has over \(Self.maximumMetadataRows) rows (MBTilesStore.maximumMetadataRows)")
            }
            tileJSON = Self.tileJSON(metadata: rows, url: "mbtiles://" + path)
        } catch let error as TileStoreError {
            throw error
        } catch {
            throw TileStoreError(store: path, "cannot open as MBTiles (SQLite): \(Self.describe(error))")
        }
    }

    public func tileData(_ tile: TileID) throws(TileStoreError) -> Data? {
        // No such tile in any MBTiles file (and `tmsY` is only defined inside the zoom's grid).
        guard tile.z >= 0, tile.z <= 30, tile.x >= 0, tile.y >= 0, tile.x < tile.dimension, tile.y < tile.dimension else { return nil }
        let found: (length: Int64, data: Data?)?
        do {
            // The blob's size is asked first: an oversized one is refused before SQLite hands it over.
            found = try database.read { db in
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT length(CAST(tile_data AS BLOB)), CASE WHEN length(CAST(tile_data AS BLOB)) <= ? THEN CAST(tile_data AS BLOB) END
                    FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?
                    """, arguments: [Self.maximumTileBytes, tile.z, tile.x, tile.tmsY]) else { return nil }
                return (Int64.fromDatabaseValue(row[0] as DatabaseValue) ?? 0, Data.fromDatabaseValue(row[1] as DatabaseValue))
            }
        } catch {
            throw TileStoreError(store: path, "cannot read tile \(tile): \(Self.describe(error))")
        }
        guard let found else { return nil }
        guard found.length <= Int64(Self.maximumTileBytes) else {
            throw TileStoreError(store: path, "tile \(tile) has \(found.length) bytes; the limit is \(Self.maximumTileBytes) (MBTilesStore.maximumTileBytes)")
        }
        // A NULL tile_data is no tile.
        return found.data
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

    private static func describe(_ error: any Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "SQLite error \(e.resultCode.rawValue)" }
        return "\(error)"
    }
}
