import Foundation

/// Responses kept by URL under a byte budget, for `Cache-Control: max-age` freshness and
/// `ETag`/`If-None-Match` revalidation. `no-store` answers are never kept; `no-cache` ones are kept
/// but always revalidated.
final class HTTPResponseCache: @unchecked Sendable {
    struct Entry: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var etag: String?
        /// When the body stops being fresh (nil: must be revalidated before use).
        var freshUntil: Date?
        var lastUse: UInt64
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    let budget: Int

    init(budget: Int) { self.budget = budget }

    /// The entry for `key`, marked as used.
    func entry(_ key: String) -> Entry? {
        lock.withLock {
            guard var entry = entries[key] else { return nil }
            clock += 1
            entry.lastUse = clock
            entries[key] = entry
            return entry
        }
    }

    /// Keeps (or drops, for `no-store` or an answer with neither freshness nor validator) a 200/206 answer.
    func store(_ key: String, status: Int, headers: [String: String], body: Data, now: Date = Date()) {
        let control = HTTPHeaderValues.CacheControl(headers["cache-control"])
        let etag = headers["etag"]
        let fresh = control.noCache ? nil : control.maxAge.flatMap { $0 > 0 ? now.addingTimeInterval($0) : nil }
        guard budget > 0, !control.noStore, etag != nil || fresh != nil, body.count <= budget / 4 else {
            remove(key)
            return
        }
        lock.withLock {
            if let old = entries.removeValue(forKey: key) { bytes -= old.body.count }
            clock += 1
            entries[key] = Entry(status: status, headers: headers, body: body, etag: etag, freshUntil: fresh, lastUse: clock)
            bytes += body.count
            evict()
        }
    }

    /// Renews an entry's freshness after a 304 (whose headers may carry a new `Cache-Control` and `ETag`).
    func revalidated(_ key: String, headers: [String: String], now: Date = Date()) -> Entry? {
        lock.withLock {
            guard var entry = entries[key] else { return nil }
            let control = HTTPHeaderValues.CacheControl(headers["cache-control"] ?? entry.headers["cache-control"])
            entry.freshUntil = control.noCache ? nil : control.maxAge.flatMap { $0 > 0 ? now.addingTimeInterval($0) : nil }
            if let etag = headers["etag"] { entry.etag = etag }
            entries[key] = entry
            return entry
        }
    }

    func remove(_ key: String) {
        lock.withLock {
            if let old = entries.removeValue(forKey: key) { bytes -= old.body.count }
        }
    }

    /// Drops the least recently used entries until the bodies fit the budget (the lock is held).
    private func evict() {
        guard bytes > budget else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > budget else { return }
            entries[key] = nil
            bytes -= entry.body.count
        }
    }
}
