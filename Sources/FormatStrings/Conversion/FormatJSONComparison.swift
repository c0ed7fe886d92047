public import GeoJSON

/// Compares style JSON the way the conformance suites do: numbers by value, object members in any order.
public enum FormatJSONComparison {
    /// Whether two JSON values are equal, numbers compared by value.
    public static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], equal(value, other) else { return false }
            }
            return true
        default:
            if let x = a.number, let y = b.number { return x == y || abs(x - y) <= 1e-9 * max(abs(x), abs(y)) }
            return a == b
        }
    }

    /// Whole doubles as integers, recursively.
    static func normalized(_ json: JSONValue) -> JSONValue {
        switch json {
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: return .int(Int64(d))
        case .array(let items): return .array(items.map(normalized))
        case .object(let o):
            var out = JSONObject()
            for (k, v) in o { out[k] = normalized(v) }
            return .object(out)
        default: return json
        }
    }
}
