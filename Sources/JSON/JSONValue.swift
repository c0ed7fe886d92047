/// A JSON value: what a GeoJSON property, a feature attribute or a style JSON node holds.
///
/// Integers keep their exact type: a literal written without fraction or exponent stays
/// `.int` (or `.uint` above `Int64.max`), while `1.0` stays `.double`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer literal in the `Int64` range.
    case int(Int64)
    /// An integer literal above `Int64.max` (up to `UInt64.max`).
    case uint(UInt64)
    /// A number written with a fraction or an exponent, or an integer beyond 64 bits.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The numeric value as a `Double`, for any of the three number cases; `nil` otherwise.
    @inlinable public var number: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .uint(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    /// Whether this value is one of the three number cases.
    @inlinable public var isNumber: Bool { number != nil }

    /// The string, when this is `.string`.
    @inlinable public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The Boolean, when this is `.bool`.
    @inlinable public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is `.array`.
    @inlinable public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, when this is `.object`.
    @inlinable public var object: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// Whether this is `.null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member for `key` when this is an object; `nil` otherwise or when absent.
    @inlinable public subscript(key: String) -> JSONValue? {
        object?[key]
    }

    /// The JSON type name as the style specification spells it (`"number"`, `"object"`, …).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .uint, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

// Not ExpressibleByNilLiteral on purpose: `nil` must keep meaning "absent" (Optional.none), never
// JSON `null`, or `cond ? nil : value` silently sets a property to null instead of resetting it.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
