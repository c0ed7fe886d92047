import Foundation

/// Why the offline database could not be opened, read or written; the message names the file and
/// says what to do.
public struct OfflineStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The file is not an SQLite database (or is encrypted).
        case notADatabase
        /// SQLite reports the file damaged.
        case corrupt(String)
        /// An SQLite database, but not an offline database (other tables, no `user_version`).
        case notAnOfflineDatabase
        /// A `user_version` newer than this build understands (MapLibre would delete the file; we refuse).
        case unsupportedVersion(Int)
        /// The file (or its folder) cannot be written: packs can be read, not changed.
        case readOnly
        /// The file or its folder cannot be created.
        case cannotCreate(String)
        /// No region has this id.
        case noSuchRegion(Int64)
        /// A region's stored definition is not MapLibre's JSON.
        case malformedDefinition(region: Int64?, String)
        /// Another SQLite failure.
        case sqlite(String)
    }

    /// The database file.
    public var path: String
    public var kind: Kind

    public init(path: String, _ kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .notADatabase:
            return "\(path) is not an SQLite database; move it away or choose another --db file (nothing was changed)"
        case .corrupt(let detail):
            return "\(path) is damaged (\(detail)); keep a copy, then recover it with `sqlite3 \(path) .recover` or choose another file (nothing was deleted)"
        case .notAnOfflineDatabase:
            return "\(path) is an SQLite database without the offline tables; choose another file (nothing was changed)"
        case .unsupportedVersion(let version):
            return "\(path) has offline schema version \(version); this build reads versions up to \(OfflineSchema.userVersion) (nothing was changed)"
        case .readOnly:
            return "\(path) is read-only: packs can be listed and read, not created, changed or deleted"
        case .cannotCreate(let reason):
            return "cannot create \(path): \(reason)"
        case .noSuchRegion(let id):
            return "\(path) has no region \(id) (see `mercator offline list`)"
        case .malformedDefinition(let region, let reason):
            return "\(path): region \(region.map(String.init) ?? "?") has a malformed definition: \(reason)"
        case .sqlite(let message):
            return "\(path): \(message)"
        }
    }
}
