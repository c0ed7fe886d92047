import Expressions
import GeoJSON

/// The values of the global-state keys a compiled filter or property read, and whether they still hold.
enum GlobalStateValues {
    /// The value of each of `keys` in `state` (`.null` where it has none).
    static func read(_ keys: Set<String>, from state: JSONObject) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for key in keys { values[key] = state[key] ?? .null }
        return values
    }

    /// The keys `["global-state", key]` reads anywhere in `values` (a scan of the JSON).
    static func keys(in values: JSONObject) -> Set<String> {
        var keys = Set<String>()
        for value in values.values { collect(value, into: &keys) }
        return keys
    }

    /// The keys `["global-state", key]` reads anywhere in `value`.
    static func keys(in value: JSONValue?) -> Set<String> {
        var keys = Set<String>()
        if let value { collect(value, into: &keys) }
        return keys
    }

    private static func collect(_ value: JSONValue, into keys: inout Set<String>) {
        switch value {
        case .array(let items):
            if items.count == 2, items[0] == "global-state", case .string(let key) = items[1] { keys.insert(key) }
            for item in items { collect(item, into: &keys) }
        case .object(let members):
            for member in members.values { collect(member, into: &keys) }
        default:
            break
        }
    }

    /// Whether every key of `bound` has the same value in `state`.
    static func unchanged(_ bound: [String: JSONValue], in state: JSONObject) -> Bool {
        bound.allSatisfy { key, value in (state[key] ?? .null) == value }
    }
}
