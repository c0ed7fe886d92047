import Expressions
import GeoJSON

/// Formatting that reproduces JavaScript's, so messages match the reference validator's text.
enum JavaScript {
    /// `String(number)` in JavaScript: `1`, `1.5`, `0.000001`, `1e-7`, `1e+21`.
    static func number(_ value: Double) -> String { formatJSNumber(value) }

    /// `String(value)` for a JSON number value.
    static func number(_ value: JSONValue) -> String {
        switch value {
        case .int(let i): return i.magnitude <= 1 << 53 ? String(i) : number(Double(i))
        case .uint(let u): return number(Double(u))
        case .double(let d): return number(d)
        default: return ""
        }
    }

    /// `JSON.stringify(value)`.
    static func stringify(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int, .uint: return number(value)
        case .double(let d): return d.isFinite ? number(d) : "null"
        case .string(let s): return quote(s)
        case .array(let items): return "[" + items.map(stringify).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + orderedKeys(object).map { quote($0) + ":" + stringify(object[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal as `JSON.stringify` writes it.
    static func quote(_ s: String) -> String { JSONValue.string(s).serialized() }

    /// `String(value)` / template-literal interpolation of a JSON value.
    static func display(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int, .uint, .double: return number(value)
        case .string(let s): return s
        case .array(let items): return items.map { $0.isNull ? "" : display($0) }.joined(separator: ",")
        case .object: return "[object Object]"
        }
    }

    /// The order JavaScript's `for…in` visits an object's keys: array-index keys ascending, then
    /// the others in insertion order.
    static func orderedKeys(_ object: JSONObject) -> [String] {
        var indices: [(UInt32, String)] = []
        var others: [String] = []
        for key in object.keys {
            if let i = arrayIndex(key) { indices.append((i, key)) } else { others.append(key) }
        }
        if indices.isEmpty { return others }
        return indices.sorted { $0.0 < $1.0 }.map(\.1) + others
    }

    private static func arrayIndex(_ key: String) -> UInt32? {
        // ASCII digits only, checked on the bytes (a string's `count` and `Character`s walk grapheme clusters)
        let bytes = key.utf8
        guard let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"), bytes.count <= 10,
              bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        if bytes.count > 1 && first == UInt8(ascii: "0") { return nil }
        guard let v = UInt64(key), v < 4_294_967_295 else { return nil }
        return UInt32(v)
    }
}
