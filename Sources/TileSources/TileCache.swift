import Foundation
public import Geo
import Tiling

/// Decoded tiles kept in memory under a byte budget, least recently used evicted first. Safe
/// from any thread.
public final class TileCache<Value: Sendable>: @unchecked Sendable {
    /// A cached tile: its source, id and world copy do not matter (one decoded tile serves every copy).
    public struct Key: Hashable, Sendable {
        public var source: String
        public var tile: TileID
        public init(source: String, tile: TileID) {
            self.source = source
            self.tile = tile
        }
    }

    private struct Entry {
        var value: Value
        var bytes: Int
        var lastUse: UInt64
    }

    /// The most bytes kept.
    public let budget: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The bytes held now.
    public private(set) var bytes = 0

    /// A cache of at most `budget` bytes (default 256 MiB).
    public init(budget: Int = 256 << 20) { self.budget = max(0, budget) }

    /// The cached value, marked as just used.
    public func value(for key: Key) -> Value? {
        lock.withLock {
            guard var entry = entries[key] else { return nil }
            clock += 1
            entry.lastUse = clock
            entries[key] = entry
            return entry.value
        }
    }

    /// Keeps `value` (weighing `bytes`), evicting the least recently used entries past the budget.
    /// A value larger than the whole budget is not kept.
    public func insert(_ value: Value, bytes weight: Int, for key: Key) {
        lock.withLock {
            if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
            guard weight <= budget else { return }
            clock += 1
            entries[key] = Entry(value: value, bytes: weight, lastUse: clock)
            bytes += weight
            if bytes > budget { evict() }
        }
    }

    /// Drops every tile of `source` (its definition changed).
    public func removeAll(source: String) {
        lock.withLock {
            for (key, entry) in entries where key.source == source {
                entries[key] = nil
                bytes -= entry.bytes
            }
        }
    }

    /// The number of tiles held.
    public var count: Int { lock.withLock { entries.count } }

    private func evict() {
        // Oldest first until a quarter under budget, so eviction is not paid on every insert.
        let target = budget - budget / 4
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > target else { break }
            entries[key] = nil
            bytes -= entry.bytes
        }
    }
}
