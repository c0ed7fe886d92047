public import Foundation
import GRDB
import TileSources
import Geo

/// A stored offline pack: its id, definition and metadata (`regions.description`: free bytes; the
/// CLI keeps `{"name": …}` JSON there).
public struct OfflineRegion: Sendable, Hashable {
    public var id: Int64
    public var definition: OfflineRegionDefinition
    public var metadata: Data

    /// The `name` of JSON metadata, when it has one.
    public var name: String? {
        guard let object = try? JSONSerialization.jsonObject(with: metadata) as? [String: Any] else { return nil }
        return object["name"] as? String
    }

    /// JSON metadata holding `name`.
    public static func metadata(name: String) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["name": name], options: [.sortedKeys])) ?? Data()
    }
}

/// What a pack holds: rows stored and their (compressed) bytes, tiles among them.
public struct OfflineRegionStatus: Sendable, Hashable {
    public var completedResourceCount = 0
    public var completedResourceSize = 0
    public var completedTileCount = 0
    public var completedTileSize = 0
    /// Resources the pack needs in all (known once its style and TileJSONs are read), or nil.
    public var requiredResourceCount: Int?

    public init() {}

    /// Whether every required resource is stored.
    public var isComplete: Bool { requiredResourceCount.map { completedResourceCount >= $0 } ?? false }
}

extension OfflineDatabase {
    /// Creates a region (nothing downloaded yet).
    public func createRegion(_ definition: OfflineRegionDefinition, metadata: Data) throws(OfflineStorageError) -> OfflineRegion {
        if let problem = definition.problem { throw OfflineStorageError(path: path, .malformedDefinition(region: nil, problem)) }
        let id = try write { db -> Int64 in
            try db.execute(sql: "INSERT INTO regions (definition, description) VALUES (?, ?)", arguments: [definition.encoded(), metadata])
            return db.lastInsertedRowID
        }
        return OfflineRegion(id: id, definition: definition, metadata: metadata)
    }

    /// Every region; one whose definition cannot be read is an error naming it (never skipped silently).
    public func regions() throws(OfflineStorageError) -> [OfflineRegion] {
        let rows = try read { db in try Row.fetchAll(db, sql: "SELECT id, definition, description FROM regions ORDER BY id") }
        var out: [OfflineRegion] = []
        for row in rows {
            let id: Int64 = row["id"]
            let text: String = row["definition"]
            do throws(OfflineRegionDefinition.DefinitionError) {
                out.append(OfflineRegion(id: id, definition: try OfflineRegionDefinition(decoding: text), metadata: row["description"] ?? Data()))
            } catch {
                throw OfflineStorageError(path: path, .malformedDefinition(region: id, error.message))
            }
        }
        return out
    }

    /// The region with `id`.
    public func region(_ id: Int64) throws(OfflineStorageError) -> OfflineRegion {
        guard let region = try regions().first(where: { $0.id == id }) else { throw OfflineStorageError(path: path, .noSuchRegion(id)) }
        return region
    }

    /// Replaces a region's metadata (renaming it).
    public func updateMetadata(_ id: Int64, _ metadata: Data) throws(OfflineStorageError) {
        try write { db in
            try db.execute(sql: "UPDATE regions SET description = ? WHERE id = ?", arguments: [metadata, id])
            if db.changesCount == 0 { throw OfflineStorageError(path: path, .noSuchRegion(id)) }
        }
    }

    /// Deletes a region; its rows that no other pack uses become ambient cache (then evicted to the size limit).
    public func deleteRegion(_ id: Int64) throws(OfflineStorageError) {
        try write { db in
            try db.execute(sql: "DELETE FROM regions WHERE id = ?", arguments: [id])
            if db.changesCount == 0 { throw OfflineStorageError(path: path, .noSuchRegion(id)) }
            try evictAmbient(db)
        }
        _ = try? queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
    }

    /// Marks a region's rows expired and to be revalidated: the next use asks the server (MapLibre's `invalidateRegion`).
    public func invalidateRegion(_ id: Int64) throws(OfflineStorageError) {
        try write { db in
            try db.execute(sql: "UPDATE tiles SET expires = 0, must_revalidate = 1 WHERE id IN (SELECT tile_id FROM region_tiles WHERE region_id = ?)",
                           arguments: [id])
            try db.execute(sql: """
                UPDATE resources SET expires = 0, must_revalidate = 1 WHERE id IN (SELECT resource_id FROM region_resources WHERE region_id = ?)
                """, arguments: [id])
        }
    }

    /// What region `id` holds (MapLibre's completed counts and sizes).
    public func completedStatus(_ id: Int64) throws(OfflineStorageError) -> OfflineRegionStatus {
        try read { db in
            var status = OfflineRegionStatus()
            let resources = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), IFNULL(SUM(LENGTH(data)), 0) FROM region_resources, resources WHERE region_id = ? AND resource_id = resources.id
                """, arguments: [id])
            let tiles = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), IFNULL(SUM(LENGTH(data)), 0) FROM region_tiles, tiles WHERE region_id = ? AND tile_id = tiles.id
                """, arguments: [id])
            status.completedTileCount = tiles?[0] ?? 0
            status.completedTileSize = tiles?[1] ?? 0
            status.completedResourceCount = (resources?[0] ?? 0) + status.completedTileCount
            status.completedResourceSize = (resources?[1] ?? 0) + status.completedTileSize
            return status
        }
    }

    /// The URLs of resources and keys of tiles region `id` already holds (for resuming without refetching).
    func completedKeys(_ id: Int64) throws(OfflineStorageError) -> (urls: Set<String>, tiles: Set<TileKey>) {
        try read { db in
            let urls = try String.fetchAll(db, sql: "SELECT url FROM region_resources JOIN resources ON resource_id = resources.id WHERE region_id = ?",
                                           arguments: [id])
            var tiles = Set<TileKey>()
            let rows = try Row.fetchCursor(db, sql: """
                SELECT url_template, pixel_ratio, z, x, y FROM region_tiles JOIN tiles ON tile_id = tiles.id WHERE region_id = ?
                """, arguments: [id])
            while let row = try rows.next() {
                tiles.insert(TileKey(template: row[0], pixelRatio: row[1], z: row[2], x: row[3], y: row[4]))
            }
            return (Set(urls), tiles)
        }
    }
}

/// A tile's key in the `tiles` table.
struct TileKey: Hashable, Sendable {
    var template: String
    var pixelRatio: Int
    var z: Int, x: Int, y: Int

    init(template: String, pixelRatio: Int, z: Int, x: Int, y: Int) {
        self.template = template
        self.pixelRatio = pixelRatio
        self.z = z
        self.x = x
        self.y = y
    }

    init(_ tile: ResourceRequest.Tile) {
        self.init(template: tile.urlTemplate, pixelRatio: tile.pixelRatio, z: tile.id.z, x: tile.id.x, y: tile.id.y)
    }
}
