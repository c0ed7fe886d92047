import Foundation
import GeoJSON

/// One layer of a ``VectorTile``: name, extent, version, key and value tables, and an index of its
/// features (decoded one at a time by ``feature(at:)``).
public struct VectorTileLayer: Sendable, RandomAccessCollection {
    /// The decoded tables, shared by the layer's features (one reference to copy).
    final class Storage: Sendable {
        let name: String
        let extent: Int
        let version: Int
        let keys: [String]
        let values: [VectorTileValue]
        let bytes: ContiguousArray<UInt8>
        /// Each feature's id, type and field ranges, read (and its tags checked) in the layer's one pass.
        let headers: ContiguousArray<FeatureHeader>
        /// Why a feature is malformed, by feature index (thrown by `feature(at:)`).
        let featureErrors: [Int: VectorTileError]
        /// The last key set features asked for (features of a layer mostly share their keys).
        let keySets = KeySetMemo()

        init(name: String, extent: Int, version: Int, keys: [String], values: [VectorTileValue], bytes: ContiguousArray<UInt8>,
             headers: ContiguousArray<FeatureHeader>, featureErrors: [Int: VectorTileError]) {
            self.name = name
            self.extent = extent
            self.version = version
            self.keys = keys
            self.values = values
            self.bytes = bytes
            self.headers = headers
            self.featureErrors = featureErrors
        }
    }

    let storage: Storage

    /// The layer name.
    public var name: String { storage.name }
    /// Coordinates across the tile (4096 unless the tile says otherwise).
    public var extent: Int { storage.extent }
    /// The spec version the layer declares (1 when absent).
    public var version: Int { storage.version }
    /// Property keys.
    public var keys: [String] { storage.keys }
    /// Property values.
    public var values: [VectorTileValue] { storage.values }
    var bytes: ContiguousArray<UInt8> { storage.bytes }

    init(bytes: ContiguousArray<UInt8>, range: Range<Int>) throws(VectorTileError) {
        var headers = ContiguousArray<FeatureHeader>(), errors = [Int: VectorTileError]()
        let tables = try withBytes(bytes) { (b) throws(VectorTileError) in
            let tables = try LayerTables(b, range)
            // Features after the tables (which may come in any order): one pass over each message.
            let bounds = tables.featureBounds
            headers.reserveCapacity(bounds.count / 2)
            let keyCount = UInt64(tables.keys.count), valueCount = UInt64(tables.values.count)
            var i = 0
            while i < bounds.count {
                do throws(VectorTileError) {
                    headers.append(try FeatureHeader(b, bounds[i]..<bounds[i + 1], keyCount: keyCount, valueCount: valueCount))
                } catch {
                    errors[headers.count] = error
                    headers.append(FeatureHeader())
                }
                i += 2
            }
            return tables
        }
        storage = Storage(name: tables.name, extent: tables.extent, version: tables.version, keys: tables.keys, values: tables.values,
                          bytes: bytes, headers: headers, featureErrors: errors)
    }

    public var startIndex: Int { 0 }
    /// The number of features.
    public var endIndex: Int { storage.headers.count }

    /// Feature `i`, decoded and checked (id, type, tags); its geometry decodes on request.
    /// Throws for a malformed feature (the collection subscript traps instead; prefer this).
    public func feature(at i: Int) throws(VectorTileError) -> VectorTileFeature {
        let s = storage
        if !s.featureErrors.isEmpty, let error = s.featureErrors[i] { throw error }
        return VectorTileFeature(layer: self, header: s.headers[i])
    }

    /// Feature `i`. Traps on a malformed feature: use ``feature(at:)`` for untrusted tiles.
    public subscript(i: Int) -> VectorTileFeature {
        do { return try feature(at: i) } catch { preconditionFailure("\(error)") }
    }

    /// Every feature as GeoJSON with longitude/latitude geometry, for tile `x`, `y`, `z`
    /// (vector-tile-js `toGeoJSON`); features of unknown type are left out.
    public func geoJSONFeatures(x: Int, y: Int, z: Int) throws(VectorTileError) -> [GeoJSONFeature] {
        var out = [GeoJSONFeature]()
        out.reserveCapacity(count)
        for i in 0..<count {
            if let f = try feature(at: i).geoJSONFeature(x: x, y: y, z: z) { out.append(f) }
        }
        return out
    }
}

/// The key arrays and JSON hash indexes of the last few distinct key sequences a layer's features
/// used: features with the same keys in the same order (most of a layer's features, in a handful of
/// variants) share them: no per-feature key array, string retains or hashing. Guarded by a lock that
/// is only tried: a busy memo is skipped, never waited for.
final class KeySetMemo: @unchecked Sendable {
    private struct Entry {
        var keyIndices: ContiguousArray<Int>
        var keys: [String]
        var index: [Int32]?
    }

    /// Key sequences remembered per layer.
    static let capacity = 8
    private let lock = NSLock()
    /// Entries and bookkeeping in memory the class owns (`let` pointers: no exclusivity checks on
    /// the hot path), only touched under `lock`.
    private let entries: UnsafeMutablePointer<Entry>
    /// [0]: entries in use, [1]: next entry to replace when full, [2]: the last entry found.
    private let state: UnsafeMutablePointer<Int>

    init() {
        entries = .allocate(capacity: Self.capacity)
        state = .allocate(capacity: 3)
        state.initialize(repeating: 0, count: 3)
    }

    deinit {
        entries.deinitialize(count: state[0])
        entries.deallocate()
        state.deallocate()
    }

    @inline(__always)
    private static func same(_ a: ContiguousArray<Int>, _ b: UnsafeBufferPointer<Int>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            memcmp(a.baseAddress!, b.baseAddress!, b.count * MemoryLayout<Int>.stride) == 0
        }
    }

    /// The shared keys and index for `indices` (not empty), when the memo holds them.
    @inline(__always)
    func lookup(_ indices: UnsafeBufferPointer<Int>) -> (keys: [String], index: [Int32]?)? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        let count = state[0], last = state[2]
        if last < count, Self.same(entries[last].keyIndices, indices) { return (entries[last].keys, entries[last].index) }
        for i in 0..<count where i != last && Self.same(entries[i].keyIndices, indices) {
            state[2] = i
            return (entries[i].keys, entries[i].index)
        }
        return nil
    }

    /// Remembers `keys` (built for `indices`), replacing the oldest sequence when full, and returns their index.
    func remember(_ indices: UnsafeBufferPointer<Int>, keys: [String]) -> [Int32]? {
        let index = JSONObject.hashIndex(forUniqueKeys: keys)
        if lock.try() {
            let entry = Entry(keyIndices: ContiguousArray(indices), keys: keys, index: index)
            if state[0] < Self.capacity {
                (entries + state[0]).initialize(to: entry)
                state[2] = state[0]
                state[0] += 1
            } else {
                entries[state[1]] = entry
                state[2] = state[1]
                state[1] = (state[1] + 1) % Self.capacity
            }
            lock.unlock()
        }
        return index
    }
}
