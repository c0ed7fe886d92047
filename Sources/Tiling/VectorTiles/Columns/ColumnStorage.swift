import Foundation

/// The columns of one decoded layer, in memory the storage owns and frees; immutable once decoded.
@usableFromInline
final class ColumnStorage: @unchecked Sendable {
    let name: String
    let extent: Int
    let version: Int
    @usableFromInline let keys: [String]
    @usableFromInline let values: [VectorTileValue]
    @usableFromInline let featureCount: Int
    let pointCount: Int
    /// The key sets of the last features whose properties were asked for as JSON objects.
    let keySets = KeySetMemo()
    /// Per feature: the `id` field and whether it was present, and the `type` field.
    @usableFromInline let ids: UnsafeMutablePointer<UInt64>
    @usableFromInline let hasID: UnsafeMutablePointer<Bool>
    @usableFromInline let types: UnsafeMutablePointer<UInt32>
    /// Per feature (plus one closing entry): the feature's first tag pair in `tags`.
    @usableFromInline let tagStarts: UnsafeMutablePointer<Int>
    /// Key and value indices, a pair per property, all features one after another.
    @usableFromInline let tags: UnsafeMutablePointer<UInt32>
    /// Per feature (plus one closing entry): the feature's first ring in `pointStarts`.
    @usableFromInline let ringStarts: UnsafeMutablePointer<Int>
    /// Per ring (plus one closing entry): the ring's first point in `coordinates`.
    @usableFromInline let pointStarts: UnsafeMutablePointer<Int>
    /// x, y of every point of every ring.
    @usableFromInline let coordinates: UnsafeMutablePointer<Int32>

    /// Decodes the layer message in `range`: its tables first, then every feature in one pass.
    init(bytes: ContiguousArray<UInt8>, range: Range<Int>) throws(VectorTileError) {
        let tables = try withBytes(bytes) { (b) throws(VectorTileError) in try LayerTables(b, range) }
        name = tables.name
        extent = tables.extent
        version = tables.version
        keys = tables.keys
        values = tables.values
        let n = tables.featureBounds.count / 2
        featureCount = n
        // Bounds from the features' sizes: a point takes at least two geometry bytes (a ClosePath
        // point one), a ring at least two, a tag index one.
        var featureBytes = 0
        for i in 0..<n { featureBytes += tables.featureBounds[2 * i + 1] - tables.featureBounds[2 * i] }
        let ids: UnsafeMutablePointer<UInt64> = ColumnStorage.allocate(n)
        let hasID: UnsafeMutablePointer<Bool> = ColumnStorage.allocate(n)
        let types: UnsafeMutablePointer<UInt32> = ColumnStorage.allocate(n)
        let tagStarts: UnsafeMutablePointer<Int> = ColumnStorage.allocate(n + 1)
        let ringStarts: UnsafeMutablePointer<Int> = ColumnStorage.allocate(n + 1)
        var tagBuffer: UnsafeMutablePointer<UInt32> = ColumnStorage.allocate(featureBytes)
        var ringBuffer: UnsafeMutablePointer<Int> = ColumnStorage.allocate(featureBytes / 2 + 2 * n + 1)
        var pointBuffer: UnsafeMutablePointer<TilePoint> = ColumnStorage.allocate(featureBytes)
        var tagCount = 0, ringCount = 0, points = 0
        let keyCount = UInt64(min(keys.count, Int(UInt32.max))), valueCount = UInt64(min(values.count, Int(UInt32.max)))
        let failure: VectorTileError? = bytes.withUnsafeBufferPointer { b in
            do throws(VectorTileError) {
                for i in 0..<n {
                    let h = try FeatureHeader(b, tables.featureBounds[2 * i]..<tables.featureBounds[2 * i + 1])
                    ids[i] = h.id
                    hasID[i] = h.hasID
                    types[i] = UInt32(truncatingIfNeeded: h.rawType)
                    tagStarts[i] = tagCount / 2
                    ringStarts[i] = ringCount
                    tagCount = try ColumnStorage.readTags(b, h.tags, into: tagBuffer, at: tagCount, keyCount: keyCount, valueCount: valueCount)
                    if !h.geometry.isEmpty {
                        let room = h.geometry.count
                        let (p, r) = try VectorTileFeature.decodePoints(
                            b, h.geometry, points: UnsafeMutableBufferPointer(start: pointBuffer + points, count: room),
                            ringStarts: UnsafeMutableBufferPointer(start: ringBuffer + ringCount, count: room / 2 + 2))
                        for k in ringCount..<(ringCount + r) { ringBuffer[k] += points }
                        points += p
                        ringCount += r
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        tagStarts[n] = tagCount / 2
        ringStarts[n] = ringCount
        ringBuffer[ringCount] = points
        // Given back what the bounds reserved beyond the decoded sizes.
        tagBuffer = ColumnStorage.shrink(tagBuffer, to: tagCount)
        ringBuffer = ColumnStorage.shrink(ringBuffer, to: ringCount + 1)
        pointBuffer = ColumnStorage.shrink(pointBuffer, to: points)
        self.ids = ids
        self.hasID = hasID
        self.types = types
        self.tagStarts = tagStarts
        self.ringStarts = ringStarts
        tags = tagBuffer
        pointStarts = ringBuffer
        pointCount = points
        coordinates = UnsafeMutableRawPointer(pointBuffer).bindMemory(to: Int32.self, capacity: 2 * points)
        if let failure { throw failure }
    }

    deinit {
        for p in [UnsafeMutableRawPointer(ids), UnsafeMutableRawPointer(hasID), UnsafeMutableRawPointer(types),
                  UnsafeMutableRawPointer(tagStarts), UnsafeMutableRawPointer(tags), UnsafeMutableRawPointer(ringStarts),
                  UnsafeMutableRawPointer(pointStarts), UnsafeMutableRawPointer(coordinates)] {
            free(p)
        }
    }

    /// Reads a feature's packed tags into `tags` from `at`, checking each index against the tables;
    /// returns the new count.
    @inline(__always)
    private static func readTags(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into tags: UnsafeMutablePointer<UInt32>, at start: Int,
                                 keyCount: UInt64, valueCount: UInt64) throws(VectorTileError) -> Int {
        var r = ProtobufReader(b, from: range.lowerBound, to: range.upperBound)
        var t = start
        while !r.isAtEnd {
            let k = r.position
            let key = try r.varint()
            guard key < keyCount else { throw VectorTileError(.tagOutOfRange, offset: k) }
            let v = r.position
            guard !r.isAtEnd else { throw VectorTileError(.tagOutOfRange, offset: v) }
            let value = try r.varint()
            guard value < valueCount else { throw VectorTileError(.tagOutOfRange, offset: v) }
            tags[t] = UInt32(truncatingIfNeeded: key)
            tags[t + 1] = UInt32(truncatingIfNeeded: value)
            t += 2
        }
        return t
    }

    /// Uninitialized memory for `count` values (at least one byte: `malloc(0)` may be null).
    private static func allocate<T>(_ count: Int) -> UnsafeMutablePointer<T> {
        guard let raw = malloc(max(1, count * MemoryLayout<T>.stride)) else { fatalError("out of memory") }
        return raw.bindMemory(to: T.self, capacity: count)
    }

    /// `p` reallocated to hold `count` values.
    private static func shrink<T>(_ p: UnsafeMutablePointer<T>, to count: Int) -> UnsafeMutablePointer<T> {
        guard let raw = realloc(p, max(1, count * MemoryLayout<T>.stride)) else { return p }
        return raw.bindMemory(to: T.self, capacity: count)
    }
}
