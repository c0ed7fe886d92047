/// A JSON object that keeps its members in the order they were written.
///
/// Keys are unique: setting an existing key replaces its value in place (a duplicate key in
/// parsed text keeps the last value, as JavaScript does). Lookup is linear for small objects and
/// hashed once an object grows past a few members.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    public typealias Element = (key: String, value: JSONValue)

    @usableFromInline var keyStorage: [String]
    @usableFromInline var valueStorage: [JSONValue]
    /// Key -> position, kept only for objects larger than `Self.indexThreshold`.
    @usableFromInline var index: [String: Int]?

    @usableFromInline static var indexThreshold: Int { 12 }

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
        if let index { return index[key] }
        for i in keyStorage.indices where keyStorage[i] == key { return i }
        return nil
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
    @usableFromInline mutating func append(key: String, value: JSONValue) {
        keyStorage.append(key)
        valueStorage.append(value)
        if index != nil {
            index![key] = keyStorage.count - 1
        } else if keyStorage.count > Self.indexThreshold {
            var built = [String: Int](minimumCapacity: keyStorage.count * 2)
            for (i, k) in keyStorage.enumerated() { built[k] = i }
            index = built
        }
    }

    /// Removes the member at `i`, keeping the order of the others.
    @usableFromInline mutating func remove(at i: Int) {
        keyStorage.remove(at: i)
        valueStorage.remove(at: i)
        if index != nil {
            var built = [String: Int](minimumCapacity: keyStorage.count * 2)
            for (j, k) in keyStorage.enumerated() { built[k] = j }
            index = built
        }
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
