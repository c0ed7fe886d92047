public import Foundation
public import Geo
public import GRDB
import Tiling

/// The MBTiles 1.3 tables, written the same way by every MBTiles writer (the pyramid archive, the
/// offline pack export): `metadata` (name, value), `tiles` with rows in TMS order, and its unique index.
public enum MBTilesSchema {
    /// Creates the `metadata` and `tiles` tables and the tile index, when missing.
    public static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE IF NOT EXISTS metadata (name TEXT, value TEXT);
            CREATE TABLE IF NOT EXISTS tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
            CREATE UNIQUE INDEX IF NOT EXISTS tile_index ON tiles (zoom_level, tile_column, tile_row);
            """)
    }

    /// Stores `data` as `tile` (row flipped to TMS), replacing what the tile held.
    public static func insertTile(_ data: Data, at tile: TileID, into db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)",
                       arguments: [tile.z, tile.x, tile.tmsY, data])
    }

    /// Adds `rows` (name, value) to `metadata`, in order.
    public static func insertMetadata(_ rows: [(String, String)], into db: Database) throws {
        for (name, value) in rows {
            try db.execute(sql: "INSERT INTO metadata (name, value) VALUES (?, ?)", arguments: [name, value])
        }
    }
}
