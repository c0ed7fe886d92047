public import Foundation
import GRDB
public import Mercator
import TileSources

/// A pyramid archive being written, resumable: tiles already written (or known empty) are
/// ``done`` after a crash, and a rerun adds only the others.
///
/// MBTiles are written in place, a transaction per batch, with a `pyramid_done` table of the
/// tile ids finished (dropped at the end). PMTiles are built at the end from a journal next to the
/// output (`OUT.pmtiles.journal`: records of tile id, length and bytes, appended and flushed per
/// batch; a torn last record is cut off on reopening).
///
/// The plan's ``PyramidPlan/settings`` (style digest, bounds, zooms, format, tile size, ratio, metatile,
/// shard) are recorded in the archive (MBTiles `metadata`, the PMTiles metadata and the journal's first
/// record): a run refuses to resume into an archive recorded with other settings, or with none (an
/// archive this command did not write), unless `force`, which starts afresh. Stale tiles are never kept.
public final class PyramidArchive: @unchecked Sendable {
    /// The output file.
    public let path: String
    /// PMTiles tile ids already finished.
    public private(set) var done: Set<UInt64> = []
    private let plan: PyramidPlan
    private let name: String
    private var database: DatabaseQueue?
    private var journal: FileHandle?
    private var tiles: [UInt64: Data] = [:]

    /// Whether `path` names a PMTiles archive (else MBTiles).
    public static func isPMTiles(_ path: String) -> Bool { path.lowercased().hasSuffix(".pmtiles") }

    /// The journal of a PMTiles output.
    public static func journalPath(_ path: String) -> String { path + ".journal" }

    /// The SHA-256 (hex) of a style file's bytes: the ``PyramidPlan/styleDigest`` a run records.
    public static func styleDigest(_ styleFile: Data) -> String { SHA256.hex(styleFile) }

    /// The journal record id holding the settings (no tile has it).
    static let settingsRecordID = UInt64.max

    /// Opens (or creates) the archive at `path` for `plan`, reading what a previous run finished.
    ///
    /// - Parameter force: start afresh: whatever `path` (and its journal) holds is deleted first.
    /// - Throws: ``PyramidError`` naming the settings that differ when `path` was made with other settings.
    public init(path: String, plan: PyramidPlan, name: String, force: Bool = false) throws {
        self.path = path
        self.plan = plan
        self.name = name
        let pmtiles = Self.isPMTiles(path)
        guard pmtiles || path.lowercased().hasSuffix(".mbtiles") else {
            throw PyramidError("\(path): the output must end in .pmtiles or .mbtiles")
        }
        if force {
            let suffixes = pmtiles ? ["", ".journal", ".partial"] : ["", "-wal", "-shm", "-journal"]
            for p in suffixes.map({ path + $0 }) where FileManager.default.fileExists(atPath: p) {
                try FileManager.default.removeItem(atPath: p)
            }
        }
        if pmtiles {
            try openJournal()
        } else {
            try openMBTiles()
        }
    }

    /// Refuses to resume when `recorded` (the archive's settings; "" when it has none) is not the plan's.
    private func checkSettings(_ recorded: String) throws {
        let asked = plan.settings
        guard recorded != asked else { return }
        let why = recorded.isEmpty
            ? "it records no `mercator pyramid render` settings (another tool's archive, or an older Mercator's)"
            : "it was made with other settings (" + PyramidPlan.settingsDifferences(recorded: recorded, asked: asked).joined(separator: "; ") + ")"
        throw PyramidError("\(path): will not resume into this archive: \(why); rerun with --force to delete it and start afresh, or choose another output")
    }

    private func openMBTiles() throws {
        let db = try DatabaseQueue(path: path)
        database = db
        try db.read { db in
            // Only an archive holding something can be stale: settings recorded with no tile are replaced.
            guard try db.tableExists("tiles") || db.tableExists("pyramid_done") else { return }
            let tiles = try db.tableExists("tiles") ? Int.fetchOne(db, sql: "SELECT count(*) FROM tiles") ?? 0 : 0
            let finished = try db.tableExists("pyramid_done") ? Int.fetchOne(db, sql: "SELECT count(*) FROM pyramid_done") ?? 0 : 0
            guard tiles + finished > 0 else { return }
            let recorded = try db.tableExists("metadata")
                ? String.fetchOne(db, sql: "SELECT value FROM metadata WHERE name = ?", arguments: [PyramidPlan.settingsKey]) ?? "" : ""
            try checkSettings(recorded)
        }
        try db.write { db in
            try MBTilesSchema.create(db)
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS pyramid_done (id INTEGER PRIMARY KEY);
                DELETE FROM metadata;
                """)
            try MBTilesSchema.insertMetadata(plan.metadata(name: name), into: db)
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM pyramid_done") { done.insert(UInt64(id)) }
            let rows = try Row.fetchAll(db, sql: "SELECT zoom_level, tile_column, tile_row FROM tiles")
            for row in rows {
                let z: Int = row[0], x: Int = row[1], tmsY: Int = row[2]
                if let id = PMTilesTileID.id(z: z, x: x, y: (1 << z) - 1 - tmsY) { done.insert(id) }
            }
        }
    }

    private func openJournal() throws {
        let journalPath = Self.journalPath(path)
        let fm = FileManager.default
        if !fm.fileExists(atPath: journalPath) {
            // A finished archive: its tiles count as done, and the rerun writes the same file again.
            if fm.fileExists(atPath: path) {
                let finished = try PMTilesWriter.read(path: path)
                let metadata = try? JSONValue(parsing: finished.metadata)
                try checkSettings(metadata?[PyramidPlan.settingsKey]?.string ?? "")
                for (id, data) in finished.tiles {
                    tiles[id] = data
                    done.insert(id)
                }
            }
            var header = Data()
            let settings = Data(plan.settings.utf8)
            withUnsafeBytes(of: Self.settingsRecordID.littleEndian) { header.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(settings.count).littleEndian) { header.append(contentsOf: $0) }
            header.append(settings)
            guard fm.createFile(atPath: journalPath, contents: header) else { throw PyramidError("\(journalPath): cannot be created") }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: journalPath))
        var at = 0
        var recorded = ""
        while at + 12 <= bytes.count {
            let id = bytes[at..<(at + 8)].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let length = bytes[(at + 8)..<(at + 12)].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
            let size = length == .max ? 0 : Int(length)
            guard at + 12 + size <= bytes.count else { break }
            if id == Self.settingsRecordID {
                if at == 0 { recorded = String(decoding: bytes[(at + 12)..<(at + 12 + size)], as: UTF8.self) }
            } else {
                if length != .max { tiles[id] = Data(bytes[(at + 12)..<(at + 12 + size)]) }
                done.insert(id)
            }
            at += 12 + size
        }
        do {
            try checkSettings(recorded)
        } catch {
            tiles = [:]
            done = []
            throw error
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: journalPath))
        try handle.truncate(atOffset: UInt64(at))  // a torn record from a crash
        try handle.seekToEnd()
        journal = handle
    }

    /// Records a batch of finished tiles (`nil`: empty, nothing stored) durably.
    public func add(_ batch: [(id: UInt64, tile: TileID, data: Data?)]) throws {
        if let database {
            try database.write { db in
                for item in batch {
                    if let data = item.data { try MBTilesSchema.insertTile(data, at: item.tile, into: db) }
                    try db.execute(sql: "INSERT OR IGNORE INTO pyramid_done (id) VALUES (?)", arguments: [Int64(item.id)])
                }
            }
        } else if let journal {
            var record = Data()
            for item in batch {
                withUnsafeBytes(of: item.id.littleEndian) { record.append(contentsOf: $0) }
                let length = item.data.map { UInt32($0.count) } ?? .max
                withUnsafeBytes(of: length.littleEndian) { record.append(contentsOf: $0) }
                if let data = item.data {
                    record.append(data)
                    tiles[item.id] = data
                }
            }
            try journal.write(contentsOf: record)
            try journal.synchronize()
        }
        for item in batch { done.insert(item.id) }
    }

    /// Adds every tile of another finished archive (for merging), with no done-set bookkeeping.
    public func addAll(_ other: [(id: UInt64, tile: TileID, data: Data)]) throws {
        if let database {
            try database.write { db in
                for item in other { try MBTilesSchema.insertTile(item.data, at: item.tile, into: db) }
            }
        } else {
            for item in other { tiles[item.id] = item.data }
        }
    }

    /// Finishes the archive: drops the done-set (MBTiles) or writes the PMTiles file and removes the journal.
    public func finish() throws {
        if let database {
            try database.write { db in try db.execute(sql: "DROP TABLE IF EXISTS pyramid_done") }
            try database.vacuum()
            try database.close()
            self.database = nil
            return
        }
        let meta = plan.metadata(name: name).map { "\(Self.jsonString($0.0)):\(Self.jsonString($0.1))" }.joined(separator: ",")
        let writer = PMTilesWriter(tileType: plan.format.pmtilesTileType, tileCompression: plan.format == .mvt ? 2 : 1,
                                   minZoom: plan.zooms.lowerBound, maxZoom: plan.zooms.upperBound, bounds: plan.bounds, metadata: "{\(meta)}")
        let temporary = path + ".partial"
        try writer.archive(tiles).write(to: URL(fileURLWithPath: temporary))
        if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        try journal?.close()
        journal = nil
        try FileManager.default.removeItem(atPath: Self.journalPath(path))
    }

    /// `text` as a JSON string literal (quotes, backslashes and control characters escaped).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Every tile of a finished archive (PMTiles or MBTiles), by PMTiles tile id.
    public static func readTiles(_ path: String) throws -> [(id: UInt64, tile: TileID, data: Data)] {
        var out: [(id: UInt64, tile: TileID, data: Data)] = []
        if isPMTiles(path) {
            for (id, data) in try PMTilesWriter.read(path: path).tiles {
                out.append((id, try tile(of: id), data))
            }
        } else {
            var configuration = Configuration()
            configuration.readonly = true
            let db = try DatabaseQueue(path: path, configuration: configuration)
            try db.read { db in
                for row in try Row.fetchAll(db, sql: "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles") {
                    let z: Int = row[0], x: Int = row[1], tmsY: Int = row[2]
                    let t = TileID(z: z, x: x, y: (1 << z) - 1 - tmsY)
                    guard let id = PMTilesTileID.id(z: t.z, x: t.x, y: t.y) else { throw PyramidError("\(path): tile \(z)/\(x)/\(tmsY) out of range") }
                    out.append((id, t, row[3]))
                }
            }
        }
        return out.sorted { $0.id < $1.id }
    }

    /// The tile of a PMTiles tile id (the inverse of `PMTilesTileID.id`).
    static func tile(of id: UInt64) throws -> TileID {
        var z = 0, base: UInt64 = 0
        while true {
            let count = UInt64(1) << UInt64(2 * z)
            if id < base + count { break }
            base += count
            z += 1
            guard z <= 31 else { throw PyramidError("tile id \(id) out of range") }
        }
        // Hilbert index to x, y (the curve of PMTilesTileID.id).
        var t = id - base, x: UInt64 = 0, y: UInt64 = 0
        var side: UInt64 = 1
        let n = UInt64(1) << UInt64(z)
        while side < n {
            let rx = 1 & (t / 2), ry = 1 & (t ^ rx)
            if ry == 0 {
                if rx == 1 {
                    x = side - 1 - x
                    y = side - 1 - y
                }
                swap(&x, &y)
            }
            x += side * rx
            y += side * ry
            t /= 4
            side *= 2
        }
        return TileID(z: z, x: Int(x), y: Int(y))
    }
}
