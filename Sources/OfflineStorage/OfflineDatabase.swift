public import Foundation
import GRDB

/// MapLibre Native's offline database (schema version 6) over SQLite: the packs (`regions` with
/// their `region_resources` and `region_tiles`) and the ambient cache (rows no region uses),
/// sharing one `resources` and one `tiles` table.
///
/// Rules kept from MapLibre: bodies are zlib-compressed when that makes them smaller (`compressed`),
/// timestamps are Unix seconds, a row is shared by every pack that names it, `accessed` drives
/// least-recently-used eviction of the ambient cache within ``maximumAmbientCacheSize`` (pack rows
/// are never evicted). Unlike MapLibre, a corrupt, foreign or newer database is never deleted:
/// opening it throws an ``OfflineStorageError`` saying what to do.
public final class OfflineDatabase: Sendable {
    /// The database file.
    public let path: String
    /// Whether the file could only be opened for reading (writes throw `.readOnly`).
    public let isReadOnly: Bool
    /// The most bytes ambient (non-pack) rows may take; older ones are evicted first.
    public let maximumAmbientCacheSize: Int
    let queue: DatabaseQueue

    /// MapLibre's default ambient cache size: 50 MB.
    public static let defaultAmbientCacheSize = 50 * 1024 * 1024

    /// Opens `path`, creating the file (and its folder) with the schema when missing.
    ///
    /// A file that cannot be written is opened read-only. Old schema versions (2–5) are migrated as
    /// MapLibre does.
    /// - Throws: ``OfflineStorageError`` for files that are not offline databases, damaged, newer, or uncreatable.
    public init(path: String, maximumAmbientCacheSize: Int = OfflineDatabase.defaultAmbientCacheSize,
                readOnly forceReadOnly: Bool = false) throws(OfflineStorageError) {
        let path = (path as NSString).expandingTildeInPath
        self.path = path
        self.maximumAmbientCacheSize = max(0, maximumAmbientCacheSize)
        let manager = FileManager.default
        let exists = manager.fileExists(atPath: path)
        if !exists {
            if forceReadOnly { throw OfflineStorageError(path: path, .cannotCreate("no such file (opened read-only)")) }
            let folder = (path as NSString).deletingLastPathComponent
            do {
                if !folder.isEmpty { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            } catch {
                throw OfflineStorageError(path: path, .cannotCreate("cannot create the folder \(folder): \(error.localizedDescription)"))
            }
        }
        let writable = !forceReadOnly && (!exists || manager.isWritableFile(atPath: path))
            && manager.isWritableFile(atPath: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
        isReadOnly = !writable
        var configuration = Configuration()
        configuration.readonly = !writable
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(30)
        configuration.label = "OfflineDatabase"
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw Self.storageError(error, path: path, creating: !exists)
        }
        try prepareSchema()
    }

    /// Maps an SQLite error to the storage's error.
    static func storageError(_ error: any Error, path: String, creating: Bool = false) -> OfflineStorageError {
        guard let db = error as? DatabaseError else { return OfflineStorageError(path: path, .sqlite("\(error)")) }
        switch db.resultCode {
        case .SQLITE_NOTADB: return OfflineStorageError(path: path, .notADatabase)
        case .SQLITE_CORRUPT: return OfflineStorageError(path: path, .corrupt(db.message ?? "database disk image is malformed"))
        case .SQLITE_READONLY, .SQLITE_PERM: return OfflineStorageError(path: path, .readOnly)
        case .SQLITE_CANTOPEN: return OfflineStorageError(path: path, .cannotCreate(db.message ?? "unable to open database file"))
        default: return OfflineStorageError(path: path, .sqlite(db.message ?? "\(db)"))
        }
    }

    func storageError(_ error: any Error) -> OfflineStorageError {
        if let error = error as? OfflineStorageError { return error }
        return Self.storageError(error, path: path)
    }

    /// Runs `body` in a write transaction.
    func write<T>(_ body: (Database) throws -> T) throws(OfflineStorageError) -> T {
        if isReadOnly { throw OfflineStorageError(path: path, .readOnly) }
        do {
            return try queue.write(body)
        } catch {
            throw storageError(error)
        }
    }

    /// Runs `body` without a transaction of its own (reads; `accessed` updates on writable files).
    func read<T>(_ body: (Database) throws -> T) throws(OfflineStorageError) -> T {
        do {
            return try queue.inDatabase(body)
        } catch {
            throw storageError(error)
        }
    }

    /// The schema version of the file (`PRAGMA user_version`).
    public func userVersion() throws(OfflineStorageError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    private func prepareSchema() throws(OfflineStorageError) {
        let version: Int
        let tables: [String]
        do {
            (version, tables) = try queue.inDatabase { db in
                (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                 try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
            }
        } catch {
            throw storageError(error)
        }
        switch version {
        case 0, 1:
            // a new file, or MapLibre's old cache-only database (an `http_cache` table)
            guard tables.allSatisfy({ $0 == "http_cache" }) else { throw OfflineStorageError(path: path, .notAnOfflineDatabase) }
            if isReadOnly { throw OfflineStorageError(path: path, .readOnly) }
            do {
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "DROP TABLE IF EXISTS http_cache")
                    if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 {
                        try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                        try db.execute(sql: "VACUUM")
                    }
                    try db.execute(sql: "PRAGMA journal_mode = DELETE")
                    try db.execute(sql: "PRAGMA synchronous = FULL")
                    try db.inTransaction {
                        for statement in OfflineSchema.statements { try db.execute(sql: statement) }
                        try db.execute(sql: "PRAGMA user_version = \(OfflineSchema.userVersion)")
                        return .commit
                    }
                }
            } catch {
                throw storageError(error)
            }
        case 2...5:
            if isReadOnly { throw OfflineStorageError(path: path, .readOnly) }
            do {
                try queue.writeWithoutTransaction { db in
                    // 2 → 3 turns on incremental auto-vacuum and vacuums, 4 → 5 sets the journal, 5 → 6 adds
                    // must_revalidate (MapLibre's migrations); rows are kept
                    let autoVacuum = try Int.fetchOne(db, sql: "PRAGMA auto_vacuum")
                    if version == 2 || autoVacuum != 2 {
                        try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                        try db.execute(sql: "VACUUM")
                    }
                    try db.execute(sql: "PRAGMA journal_mode = DELETE")
                    try db.execute(sql: "PRAGMA synchronous = FULL")
                    try db.inTransaction {
                        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(resources)").map { $0["name"] as String? }
                        if !columns.contains("must_revalidate") {
                            try db.execute(sql: "ALTER TABLE resources ADD COLUMN must_revalidate INTEGER NOT NULL DEFAULT 0")
                            try db.execute(sql: "ALTER TABLE tiles ADD COLUMN must_revalidate INTEGER NOT NULL DEFAULT 0")
                        }
                        try db.execute(sql: "PRAGMA user_version = 6")
                        return .commit
                    }
                }
            } catch {
                throw storageError(error)
            }
        case OfflineSchema.userVersion:
            let missing = Set(["resources", "tiles", "regions", "region_resources", "region_tiles"]).subtracting(tables)
            if !missing.isEmpty { throw OfflineStorageError(path: path, .corrupt("tables missing: \(missing.sorted().joined(separator: ", "))")) }
            // a file made without auto-vacuum (MapLibre switches it at its next vacuum): incremental from now on
            if !isReadOnly {
                do {
                    try queue.writeWithoutTransaction { db in
                        guard try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 else { return }
                        try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                        try db.execute(sql: "VACUUM")
                    }
                } catch {
                    throw storageError(error)
                }
            }
        default:
            throw OfflineStorageError(path: path, .unsupportedVersion(version))
        }
    }

    /// The default database path when `Settings.offlineDatabasePath` is unset:
    /// `$XDG_DATA_HOME/mercator/cache.sqlite` (`~/.local/share/mercator/cache.sqlite`).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (base as NSString).appendingPathComponent("mercator/cache.sqlite")
    }

    /// Current Unix time in whole seconds (the database's timestamps).
    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}
