/// A JSON object that keeps its members in the order they were written.
///
/// Keys are unique: setting an existing key replaces its value in place (a duplicate key in
/// parsed text keeps the last value, as JavaScript does). Lookup is linear for small objects and
/// hashed once an object grows past a few members.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    @usableFromInline package var keyStorage: [String]
    @usableFromInline package var valueStorage: [JSONValue]
    /// Open-addressing hash table of positions + 1 (0 = empty slot), kept only for objects larger
    /// than `Self.indexThreshold`. A flat `[Int32]` with FNV-1a hashing: much cheaper to build than a
    /// `Dictionary<String, Int>` for the many mid-sized objects real GeoJSON properties are.
    @usableFromInline package var index: [Int32]?

    @usableFromInline package static var indexThreshold: Int { 12 }

    /// An empty object.
    public init() {
        keyStorage = []
        valueStorage = []
        index = nil
    }

    /// An object with the given members; a repeated key keeps its last value at its first position.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init()
        for (k, v) in members { self[k] = v }
    }

    /// An object from keys the caller knows to be distinct and their values, in order (the
    /// hash index, for a large object, is built once).
    public init(uniqueKeys keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count, "one value per key")
        keyStorage = keys
        valueStorage = values
        index = nil
        rebuildIndex()
    }

    /// An object from distinct keys and their values, with the hash index (``hashIndex(forUniqueKeys:)``)
    /// the caller built once for these keys: decoders that produce many objects with the same keys
    /// share the key array and the index instead of rebuilding them per object.
    package init(uniqueKeys keys: [String], values: [JSONValue], sharedIndex: [Int32]?) {
        precondition(keys.count == values.count, "one value per key")
        keyStorage = keys
        valueStorage = values
        index = sharedIndex
    }

    /// The hash index an object with these distinct keys uses (nil for small objects).
    package static func hashIndex(forUniqueKeys keys: [String]) -> [Int32]? {
        var probe = JSONObject()
        probe.keyStorage = keys
        probe.rebuildIndex()
        return probe.index
    }

    /// An object with room for `capacity` members.
    public init(minimumCapacity capacity: Int) {
        self.init()
        keyStorage.reserveCapacity(capacity)
        valueStorage.reserveCapacity(capacity)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { keyStorage.count }
    public subscript(position: Int) -> Element { (keyStorage[position], valueStorage[position]) }

    /// The keys, in order.
    public var keys: [String] { keyStorage }
    /// The values, in key order.
    public var values: [JSONValue] { valueStorage }

    /// The position of `key`, if present.
    @inlinable public func position(of key: String) -> Int? {
        if let index {
            let mask = index.count - 1
            var slot = Self.hash(key) & mask
            while true {
                let p = Int(index[slot])
                if p == 0 { return nil }
                if keyStorage[p - 1] == key { return p - 1 }
                slot = (slot + 1) & mask
            }
        }
        for i in keyStorage.indices where keyStorage[i] == key { return i }
        return nil
    }

    /// FNV-1a over the key's UTF-8 bytes.
    @usableFromInline package static func hash(_ key: String) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        var key = key
        key.withUTF8 { bytes in
            for b in bytes {
                h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
            }
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Rebuilds the hash table for the current keys (or drops it for small objects).
    @usableFromInline package mutating func rebuildIndex() {
        guard keyStorage.count > Self.indexThreshold else {
            index = nil
            return
        }
        var size = 32
        while size < keyStorage.count * 2 { size <<= 1 }
        var table = [Int32](repeating: 0, count: size)
        for (i, k) in keyStorage.enumerated() { Self.insert(k, position: i, into: &table) }
        index = table
    }

    @usableFromInline package static func insert(_ key: String, position: Int, into table: inout [Int32]) {
        let mask = table.count - 1
        var slot = hash(key) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(position + 1)
    }

    /// The value for `key`; assigning `nil` removes the member.
    @inlinable public subscript(key: String) -> JSONValue? {
        get {
            guard let i = position(of: key) else { return nil }
            return valueStorage[i]
        }
        set {
            if let i = position(of: key) {
                if let newValue {
                    valueStorage[i] = newValue
                } else {
                    remove(at: i)
                }
            } else if let newValue {
                append(key: key, value: newValue)
            }
        }
    }

    /// Adds a member at the end without checking for an existing key (the caller knows it is new).
    @usableFromInline package mutating func append(key: String, value: JSONValue) {
        keyStorage.append(key)
        valueStorage.append(value)
        if index != nil {
            if keyStorage.count * 2 > index!.count {
                rebuildIndex()
            } else {
                Self.insert(key, position: keyStorage.count - 1, into: &index!)
            }
        } else if keyStorage.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    /// Removes the member at `i`, keeping the order of the others.
    @usableFromInline package mutating func remove(at i: Int) {
        keyStorage.remove(at: i)
        valueStorage.remove(at: i)
        if index != nil { rebuildIndex() }
    }

    /// Removes the member for `key` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let i = position(of: key) else { return nil }
        let v = valueStorage[i]
        remove(at: i)
        return v
    }

    /// The members as an unordered dictionary.
    public var dictionary: [String: JSONValue] {
        Dictionary(zip(keyStorage, valueStorage), uniquingKeysWith: { _, last in last })
    }

    /// Two objects are equal when they have the same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for i in lhs.keyStorage.indices {
            guard let j = rhs.position(of: lhs.keyStorage[i]), rhs.valueStorage[j] == lhs.valueStorage[i] else {
                return false
            }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var acc = 0
        for i in keyStorage.indices {
            var h = Hasher()
            h.combine(keyStorage[i])
            h.combine(valueStorage[i])
            acc ^= h.finalize()
        }
        hasher.combine(count)
        hasher.combine(acc)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
