import Foundation

/// Laid-out layers kept between frames, a unit per tile (MapLibre Native's geometry tiles and their
/// buckets), under a byte budget.
///
/// A frame asks for each visible layer's bucket of each tile it draws: a bucket laid out for the same
/// signature (layer layout, source data, images and glyphs) is reused, so the frame only evaluates
/// paint, places labels and paints. Tiles not used for longest are dropped first when the budget is
/// passed. Safe to use from several threads.
package final class BucketCache: @unchecked Sendable {
    /// One tile's buckets, by style layer identifier.
    private struct TileBuckets {
        var layers: [String: LayerBucket] = [:]
        var bytes = 0
        var lastUse: UInt64 = 0
    }

    private let lock = NSLock()
    private var tiles: [BucketTileKey: TileBuckets] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    /// The most bytes kept (laid-out tiles beyond it are dropped, least recently used first).
    package let budget: Int
    private var counts = Statistics()

    /// How often frames found their buckets.
    package struct Statistics: Sendable, Equatable {
        /// Buckets reused.
        package var hits = 0
        /// Buckets laid out (absent, or stale).
        package var layouts = 0
        /// Tiles dropped to stay within the budget.
        package var evictions = 0
    }

    /// A cache keeping at most `budget` bytes of laid-out tiles (0: nothing is kept).
    package init(budget: Int = 96 << 20) {
        self.budget = max(0, budget)
    }

    /// Hits, layouts and evictions so far.
    package var statistics: Statistics { lock.withLock { counts } }

    /// Bytes held now.
    package var byteCount: Int { lock.withLock { bytes } }

    /// The bucket of `layer` for `tile`, if one was laid out with `signature`.
    func bucket(tile: BucketTileKey, layer: String, signature: BucketSignature) -> LayerBucket? {
        lock.withLock {
            guard let bucket = tiles[tile]?.layers[layer], bucket.signature == signature else { return nil }
            clock &+= 1
            tiles[tile]?.lastUse = clock
            counts.hits += 1
            return bucket
        }
    }

    /// Keeps `bucket` as `layer`'s for `tile` (replacing a stale one), then drops the least
    /// recently used tiles while more than the budget is held.
    func insert(_ bucket: LayerBucket, tile: BucketTileKey, layer: String) {
        let cost = bucket.layout.byteCost + 256
        lock.withLock {
            clock &+= 1
            counts.layouts += 1
            guard budget > 0 else { return }
            // Taken out of the dictionary so that its layer table is unique and grows in place (a copy
            // per insert made a tile of n layers cost n² to lay out).
            var unit = tiles.removeValue(forKey: tile) ?? TileBuckets()
            if let old = unit.layers[layer] {
                let oldCost = old.layout.byteCost + 256
                unit.bytes -= oldCost
                bytes -= oldCost
            }
            unit.layers[layer] = bucket
            unit.bytes += cost
            unit.lastUse = clock
            bytes += cost
            tiles[tile] = unit
            evictWhileOverBudget(keeping: tile)
        }
    }

    /// Drops every bucket (the map's style or sources were replaced wholesale).
    package func removeAll() {
        lock.withLock {
            tiles.removeAll()
            bytes = 0
        }
    }

    /// Drops least recently used tiles until the budget holds; `keeping` (the tile just laid out)
    /// stays even when it alone passes the budget.
    private func evictWhileOverBudget(keeping kept: BucketTileKey) {
        while bytes > budget, tiles.count > 1 {
            var oldest: (key: BucketTileKey, use: UInt64)?
            for (key, unit) in tiles where key != kept {
                if oldest == nil || unit.lastUse < oldest!.use { oldest = (key, unit.lastUse) }
            }
            guard let victim = oldest, let unit = tiles.removeValue(forKey: victim.key) else { return }
            bytes -= unit.bytes
            counts.evictions += 1
        }
    }
}
