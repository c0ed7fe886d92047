import Foundation
import GeoJSON

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

    /// The JSON object of `values` under the keys at `keyIndices` (a repeated key keeps its last
    /// value), sharing the key array and hash index of features with the same keys through this memo.
    func object(keyIndices used: UnsafeBufferPointer<Int>, values: [JSONValue], keys table: [String]) -> JSONObject {
        let n = used.count
        if n > 0, let shared = lookup(used) {
            return JSONObject(uniqueKeys: shared.keys, values: values, sharedIndex: shared.index)
        }
        var keys = [String]()
        keys.reserveCapacity(n)
        for k in used { keys.append(table[k]) }
        if Self.distinct(used, keyCount: table.count) {
            return JSONObject(uniqueKeys: keys, values: values, sharedIndex: remember(used, keys: keys))
        }
        var o = JSONObject()
        for (k, v) in zip(keys, values) { o[k] = v }
        return o
    }

    /// Whether no key index repeats.
    static func distinct(_ indices: UnsafeBufferPointer<Int>, keyCount: Int) -> Bool {
        if indices.count <= 16 {
            for i in indices.indices {
                for j in (i + 1)..<indices.count where indices[i] == indices[j] { return false }
            }
            return true
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: keyCount / 64 + 1) { bits in
            bits.initialize(repeating: 0)
            for i in indices {
                let w = i >> 6, m = UInt64(1) << UInt64(i & 63)
                if bits[w] & m != 0 { return false }
                bits[w] |= m
            }
            return true
        }
    }
}
