public import Foundation
import GRDB
public import Mercator
public import TileSources

/// Joining the shard archives of one pyramid.
public enum PyramidMerge {
    /// The metadata rows of a finished archive (PMTiles: the metadata JSON's members in order).
    public static func metadata(_ path: String) throws -> [(String, String)] {
        if PyramidArchive.isPMTiles(path) {
            let store: PMTilesStore
            do throws(TileStoreError) { store = try PMTilesStore(path: path) } catch { throw PyramidError(error.description) }
            let object = store.metadata
            // Written by PyramidArchive as flat string members, in plan order.
            let order = ["name", "format", "type", "version", "bounds", "center", "minzoom", "maxzoom", "tileSize", PyramidPlan.settingsKey]
            return order.compactMap { key in object[key]?.string.map { (key, $0) } }
        }
        var configuration = Configuration()
        configuration.readonly = true
        let db = try DatabaseQueue(path: path, configuration: configuration)
        return try db.read { db in
            try Row.fetchAll(db, sql: "SELECT name, value FROM metadata").map { ($0[0] as String? ?? "", $0[1] as String? ?? "") }
        }
    }

    /// The plan (shard 0 of 1) and name the parts were rendered with; they must all agree (but for
    /// their shard). The plan comes from the recorded settings (style digest, ratio and metatile included),
    /// so the merged archive records what the unsharded run records.
    public static func planOfParts(_ parts: [String]) throws -> (PyramidPlan, String) {
        /// The rows with the settings' shard left out: what the parts of one pyramid share.
        func shared(_ rows: [(String, String)]) -> [String] {
            rows.map { key, value in
                guard key == PyramidPlan.settingsKey, let plan = PyramidPlan(settings: value) else { return "\(key)=\(value)" }
                return "\(key)=\(plan.wholePlan.settings)"
            }
        }
        let first = try metadata(parts[0])
        for part in parts.dropFirst() {
            let other = try metadata(part)
            guard shared(other) == shared(first) else {
                throw PyramidError("\(part): its metadata differs from \(parts[0])'s: the parts come from different render options")
            }
        }
        let rows = Dictionary(first, uniquingKeysWith: { a, _ in a })
        if let settings = rows[PyramidPlan.settingsKey], let plan = PyramidPlan(settings: settings) {
            return (plan.wholePlan, rows["name"] ?? "")
        }
        let b = (rows["bounds"] ?? "").split(separator: ",").compactMap { Double($0) }
        guard b.count == 4, let z0 = rows["minzoom"].flatMap({ Int($0) }), let z1 = rows["maxzoom"].flatMap({ Int($0) }), z0 <= z1,
              let format = rows["format"] else {
            throw PyramidError("\(parts[0]): not an archive of `mercator pyramid render` (metadata bounds, minzoom, maxzoom, format missing)")
        }
        let plan = PyramidPlan(bounds: (b[0], b[1], b[2], b[3]), zooms: z0...z1, format: PyramidFormat(metadataName: format) ?? .mvt,
                               tileSize: rows["tileSize"].flatMap { Int($0) } ?? 256)
        return (plan, rows["name"] ?? "")
    }

    /// Every tile of the parts; a tile found in two parts must have the same bytes.
    public static func tiles(of parts: [String]) throws -> [(id: UInt64, tile: TileID, data: Data)] {
        var all: [UInt64: (tile: TileID, data: Data, part: String)] = [:]
        for part in parts {
            for item in try PyramidArchive.readTiles(part) {
                if let known = all[item.id], known.data != item.data {
                    throw PyramidError("tile \(item.tile) differs between \(known.part) and \(part)")
                }
                all[item.id] = (item.tile, item.data, part)
            }
        }
        return all.keys.sorted().map { (id: $0, tile: all[$0]!.tile, data: all[$0]!.data) }
    }
}

extension PMTilesWriter {
    /// Every tile of a finished PMTiles archive, with its header and metadata (a JSON object's text),
    /// read through TileSources' ``PMTilesStore`` (its UInt64 bound checks, limits.md).
    ///
    /// - Throws: ``PyramidError`` naming the file when it cannot be read or is malformed.
    public static func read(path: String) throws(PyramidError) -> (header: PMTilesHeader, metadata: Data, tiles: [UInt64: Data]) {
        do throws(TileStoreError) {
            let store = try PMTilesStore(path: path)
            let metadata = Data(JSONValue.object(store.metadata).serializedBytes())
            return (store.header, metadata, try store.allTiles())
        } catch {
            throw PyramidError(error.description)
        }
    }
}
