public import Foundation
import GRDB
public import TileSources
import Geo

/// A response as the database keeps it: the body (nil: the server had none, a 204/404 tile) and its
/// HTTP caching facts.
public struct StoredResponse: Sendable, Hashable {
    /// The body, inflated when it was stored compressed; nil for "no content".
    public var data: Data?
    public var etag: String?
    /// When it goes stale (Unix seconds); nil: never.
    public var expires: Int64?
    /// `Last-Modified` (Unix seconds).
    public var modified: Int64?
    /// `Cache-Control: must-revalidate`: a stale copy may not be used without asking the server.
    public var mustRevalidate: Bool

    public init(data: Data?, etag: String? = nil, expires: Int64? = nil, modified: Int64? = nil, mustRevalidate: Bool = false) {
        self.data = data
        self.etag = etag
        self.expires = expires
        self.modified = modified
        self.mustRevalidate = mustRevalidate
    }

    /// Whether it may be used without asking the server (no expiry, or not yet expired).
    public func isFresh(now: Int64 = Int64(Date().timeIntervalSince1970)) -> Bool {
        guard let expires else { return true }
        return expires > now
    }

    /// The caching facts of an HTTP answer: `ETag`, `Last-Modified`, and `Cache-Control`'s `max-age`
    /// and `must-revalidate` (or `Expires`). Header names are lower-cased.
    public init(data: Data?, headers: [String: String], now: Int64 = Int64(Date().timeIntervalSince1970)) {
        self.data = data
        etag = headers["etag"]
        modified = headers["last-modified"].flatMap(Self.httpDate).map { Int64($0.timeIntervalSince1970) }
        let control = (headers["cache-control"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        mustRevalidate = control.contains("must-revalidate")
        if let maxAge = control.first(where: { $0.hasPrefix("max-age=") }).flatMap({ Int64($0.dropFirst(8)) }) {
            expires = now + maxAge
        } else if control.contains("no-cache") {
            expires = now
        } else {
            expires = headers["expires"].flatMap(Self.httpDate).map { Int64($0.timeIntervalSince1970) }
        }
    }

    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}

extension OfflineDatabase {
    /// The stored response for `request` (a tile by template, ratio and z/x/y; anything else by URL),
    /// marking it used now for the ambient cache's eviction order.
    public func response(for request: ResourceRequest) throws(OfflineStorageError) -> StoredResponse? {
        let writable = !isReadOnly
        let now = Self.now()
        return try read { db -> StoredResponse? in
            let row: Row?
            if let tile = request.tile {
                let key: [any DatabaseValueConvertible] = [tile.urlTemplate, tile.pixelRatio, tile.id.x, tile.id.y, tile.id.z]
                if writable {
                    try db.execute(sql: "UPDATE tiles SET accessed = ? WHERE url_template = ? AND pixel_ratio = ? AND x = ? AND y = ? AND z = ?",
                                   arguments: StatementArguments([now] + key))
                }
                row = try Row.fetchOne(db, sql: """
                    SELECT etag, expires, must_revalidate, modified, data, compressed FROM tiles
                    WHERE url_template = ? AND pixel_ratio = ? AND x = ? AND y = ? AND z = ?
                    """, arguments: StatementArguments(key))
            } else {
                if writable { try db.execute(sql: "UPDATE resources SET accessed = ? WHERE url = ?", arguments: [now, request.url]) }
                row = try Row.fetchOne(db, sql: "SELECT etag, expires, must_revalidate, modified, data, compressed FROM resources WHERE url = ?",
                                       arguments: [request.url])
            }
            guard let row else { return nil }
            return try Self.response(row, path: path)
        }
    }

    static func response(_ row: Row, path: String) throws -> StoredResponse {
        var data: Data? = row["data"]
        if let stored = data, (row["compressed"] as Int64?) ?? 0 != 0 {
            guard let inflated = OfflineBodies.inflate(stored) else {
                throw OfflineStorageError(path: path, .corrupt("a compressed body does not inflate"))
            }
            data = inflated
        }
        return StoredResponse(data: data, etag: row["etag"], expires: row["expires"], modified: row["modified"],
                              mustRevalidate: ((row["must_revalidate"] as Int64?) ?? 0) != 0)
    }

    /// Stores `response` in the ambient cache (or refreshes the row a pack shares), evicting the
    /// least recently used ambient rows to stay within ``maximumAmbientCacheSize``.
    /// - Returns: whether it was stored (false when it alone is over the cache size).
    @discardableResult
    public func putAmbient(_ request: ResourceRequest, _ response: StoredResponse) throws(OfflineStorageError) -> Bool {
        try write { db -> Bool in
            let (body, compressed) = Self.encodedBody(response.data)
            let size = body?.count ?? 0
            let inPack = try Self.isInPack(db, request)
            if !inPack {
                guard size <= maximumAmbientCacheSize else { return false }
            }
            try Self.put(db, request, response, body: body, compressed: compressed)
            if !inPack { try evictAmbient(db, keeping: request) }
            return true
        }
    }

    /// Stores responses as part of region `regionID` in one transaction (rows already stored by
    /// another pack or the cache are updated and shared, not duplicated).
    /// - Returns: the stored (compressed) sizes, in order.
    @discardableResult
    public func putRegionResources(_ regionID: Int64, _ entries: [(ResourceRequest, StoredResponse)]) throws(OfflineStorageError) -> [Int] {
        try putRegionEncoded(regionID, entries.map { ($0.0, $0.1, Self.encodedBody($0.1.data)) })
    }

    /// ``putRegionResources(_:_:)`` with bodies already encoded (compressed off the writer, by the download's tasks).
    func putRegionEncoded(_ regionID: Int64, _ entries: [(ResourceRequest, StoredResponse, (Data?, Bool))]) throws(OfflineStorageError) -> [Int] {
        try write { db -> [Int] in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM regions WHERE id = ?", arguments: [regionID]) != nil else {
                throw OfflineStorageError(path: path, .noSuchRegion(regionID))
            }
            var sizes: [Int] = []
            for (request, response, (body, compressed)) in entries {
                try Self.put(db, request, response, body: body, compressed: compressed)
                try Self.markUsed(db, regionID: regionID, request)
                sizes.append(body?.count ?? 0)
            }
            return sizes
        }
    }

    /// Links already stored fresh rows to region `regionID` (a resource another pack or the cache holds).
    /// - Returns: the requests that were not stored.
    public func linkRegionResources(_ regionID: Int64, _ requests: [ResourceRequest]) throws(OfflineStorageError) -> [ResourceRequest] {
        try write { db -> [ResourceRequest] in
            var missing: [ResourceRequest] = []
            for request in requests where try !Self.markUsed(db, regionID: regionID, request, onlyFresh: true) {
                missing.append(request)
            }
            return missing
        }
    }

    static func encodedBody(_ data: Data?) -> (Data?, Bool) {
        guard let data else { return (nil, false) }
        let deflated = OfflineBodies.deflate(data)
        if deflated.count < data.count { return (deflated, true) }
        return (data, false)
    }

    /// Update-then-insert (not REPLACE, which would change the row id packs point at), as MapLibre does.
    static func put(_ db: Database, _ request: ResourceRequest, _ response: StoredResponse, body: Data?, compressed: Bool) throws {
        let now = OfflineDatabase.now()
        if let tile = request.tile {
            let key: [any DatabaseValueConvertible] = [tile.urlTemplate, tile.pixelRatio, tile.id.x, tile.id.y, tile.id.z]
            try db.execute(sql: """
                UPDATE tiles SET modified = ?, etag = ?, expires = ?, must_revalidate = ?, accessed = ?, data = ?, compressed = ?
                WHERE url_template = ? AND pixel_ratio = ? AND x = ? AND y = ? AND z = ?
                """, arguments: StatementArguments([response.modified, response.etag, response.expires, response.mustRevalidate, now, body, compressed] + key))
            if db.changesCount == 0 {
                try db.execute(sql: """
                    INSERT INTO tiles (url_template, pixel_ratio, x, y, z, modified, must_revalidate, etag, expires, accessed, data, compressed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: StatementArguments(key + [response.modified, response.mustRevalidate, response.etag, response.expires, now, body, compressed]))
            }
        } else {
            try db.execute(sql: """
                UPDATE resources SET kind = ?, etag = ?, expires = ?, must_revalidate = ?, modified = ?, accessed = ?, data = ?, compressed = ?
                WHERE url = ?
                """, arguments: [request.kind.rawValue, response.etag, response.expires, response.mustRevalidate, response.modified, now, body, compressed, request.url])
            if db.changesCount == 0 {
                try db.execute(sql: """
                    INSERT INTO resources (url, kind, etag, expires, must_revalidate, modified, accessed, data, compressed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [request.url, request.kind.rawValue, response.etag, response.expires, response.mustRevalidate, response.modified, now, body, compressed])
            }
        }
    }

    /// Links a stored row to the region; false when there is no such row.
    @discardableResult
    static func markUsed(_ db: Database, regionID: Int64, _ request: ResourceRequest, onlyFresh: Bool = false) throws -> Bool {
        let id: Int64?
        let fresh = onlyFresh ? " AND (expires IS NULL OR expires > \(OfflineDatabase.now()))" : ""
        if let tile = request.tile {
            id = try Int64.fetchOne(db, sql: "SELECT id FROM tiles WHERE url_template = ? AND pixel_ratio = ? AND x = ? AND y = ? AND z = ?" + fresh,
                                    arguments: [tile.urlTemplate, tile.pixelRatio, tile.id.x, tile.id.y, tile.id.z])
            if let id { try db.execute(sql: "INSERT OR IGNORE INTO region_tiles (region_id, tile_id) VALUES (?, ?)", arguments: [regionID, id]) }
        } else {
            id = try Int64.fetchOne(db, sql: "SELECT id FROM resources WHERE url = ?" + fresh, arguments: [request.url])
            if let id { try db.execute(sql: "INSERT OR IGNORE INTO region_resources (region_id, resource_id) VALUES (?, ?)", arguments: [regionID, id]) }
        }
        return id != nil
    }

    static func isInPack(_ db: Database, _ request: ResourceRequest) throws -> Bool {
        if let tile = request.tile {
            return try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM region_tiles JOIN tiles ON tile_id = tiles.id
                WHERE url_template = ? AND pixel_ratio = ? AND x = ? AND y = ? AND z = ?)
                """, arguments: [tile.urlTemplate, tile.pixelRatio, tile.id.x, tile.id.y, tile.id.z]) ?? false
        }
        return try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM region_resources JOIN resources ON resource_id = resources.id WHERE url = ?)
            """, arguments: [request.url]) ?? false
    }

    /// Bytes the ambient cache holds: the bodies of rows no pack uses.
    public func ambientCacheSize() throws(OfflineStorageError) -> Int {
        try read { db in try Self.ambientSize(db) }
    }

    static func ambientSize(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT IFNULL((SELECT SUM(IFNULL(LENGTH(data), 0)) FROM resources LEFT JOIN region_resources ON resource_id = resources.id
                           WHERE resource_id IS NULL), 0)
                 + IFNULL((SELECT SUM(IFNULL(LENGTH(data), 0)) FROM tiles LEFT JOIN region_tiles ON tile_id = tiles.id
                           WHERE tile_id IS NULL), 0)
            """) ?? 0
    }

    /// Deletes the least recently accessed ambient rows, oldest first, until the ambient bodies fit
    /// ``maximumAmbientCacheSize``; pack rows are never touched, nor the row just stored (`keeping`).
    func evictAmbient(_ db: Database, keeping request: ResourceRequest? = nil) throws {
        let size = try Self.ambientSize(db)
        guard size > maximumAmbientCacheSize else { return }
        var excess = size - maximumAmbientCacheSize
        let keepURL = request?.tile == nil ? request?.url : nil
        let keepTile = request?.tile
        let rows = try Row.fetchCursor(db, sql: """
            SELECT 0 AS tile, resources.id AS id, IFNULL(LENGTH(data), 0) AS size, accessed, url, NULL AS t, NULL AS r, NULL AS z, NULL AS x, NULL AS y
            FROM resources LEFT JOIN region_resources ON resource_id = resources.id WHERE resource_id IS NULL
            UNION ALL
            SELECT 1, tiles.id, IFNULL(LENGTH(data), 0), accessed, NULL, url_template, pixel_ratio, z, x, y
            FROM tiles LEFT JOIN region_tiles ON tile_id = tiles.id WHERE tile_id IS NULL
            ORDER BY accessed ASC
            """)
        var resources: [Int64] = [], tiles: [Int64] = []
        while excess > 0, let row = try rows.next() {
            let isTile: Bool = row["tile"]
            if isTile {
                if let keepTile, keepTile.urlTemplate == row["t"], keepTile.pixelRatio == row["r"], keepTile.id.z == row["z"],
                   keepTile.id.x == row["x"], keepTile.id.y == row["y"] { continue }
                tiles.append(row["id"])
            } else {
                if let keepURL, keepURL == row["url"] { continue }
                resources.append(row["id"])
            }
            excess -= row["size"] as Int
        }
        for chunk in stride(from: 0, to: resources.count, by: 500) {
            let ids = resources[chunk..<min(chunk + 500, resources.count)]
            try db.execute(sql: "DELETE FROM resources WHERE id IN (\(ids.map(String.init).joined(separator: ",")))")
        }
        for chunk in stride(from: 0, to: tiles.count, by: 500) {
            let ids = tiles[chunk..<min(chunk + 500, tiles.count)]
            try db.execute(sql: "DELETE FROM tiles WHERE id IN (\(ids.map(String.init).joined(separator: ",")))")
        }
    }

    /// Records a 304 answer: the stored copy is kept, with the new expiry (MapLibre's `notModified` update).
    public func markNotModified(_ request: ResourceRequest, expires: Int64?, mustRevalidate: Bool) throws(OfflineStorageError) {
        try write { db in
            let now = Self.now()
            if let tile = request.tile {
                try db.execute(sql: """
                    UPDATE tiles SET accessed = ?, expires = ?, must_revalidate = ?
                    WHERE url_template = ? AND pixel_ratio = ? AND x = ? AND y = ? AND z = ?
                    """, arguments: [now, expires, mustRevalidate, tile.urlTemplate, tile.pixelRatio, tile.id.x, tile.id.y, tile.id.z])
            } else {
                try db.execute(sql: "UPDATE resources SET accessed = ?, expires = ?, must_revalidate = ? WHERE url = ?",
                               arguments: [now, expires, mustRevalidate, request.url])
            }
        }
    }

    /// Deletes every ambient row (packs keep theirs).
    public func clearAmbientCache() throws(OfflineStorageError) {
        try write { db in
            try db.execute(sql: "DELETE FROM tiles WHERE id NOT IN (SELECT tile_id FROM region_tiles)")
            try db.execute(sql: "DELETE FROM resources WHERE id NOT IN (SELECT resource_id FROM region_resources)")
        }
    }
}
