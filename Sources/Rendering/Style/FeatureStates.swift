package import GeoJSON
import MapStyle

/// Per-feature state set at run time (`feature-state` expressions read it), by source and feature id.
/// Ids are compared as MapLibre compares them, by their string form: `4612696` and `"4612696"` name
/// the same feature.
package struct FeatureStates: Sendable {
    private var states: [String: [String: JSONObject]] = [:]
    /// Changes with every change to the states (0 before any): terrain tile images painted with other states
    /// are painted again.
    package private(set) var generation: UInt64 = 0

    package init() {}

    /// The key of an id: its string form (integral numbers without a fraction).
    private static func key(_ id: FeatureIdentifier) -> String {
        switch id {
        case .int(let v): return String(v)
        case .uint(let v): return String(v)
        case .double(let v):
            if v.rounded() == v, abs(v) < 9.007199254740992e15 { return String(Int64(v)) }
            return String(v)
        case .string(let s): return s
        }
    }

    /// The state of feature `id` in `source`.
    package func state(source: String, id: FeatureIdentifier) -> JSONObject? { states[source]?[Self.key(id)] }

    /// Merges `state` into the feature's state.
    package mutating func set(_ state: JSONObject, source: String, id: FeatureIdentifier) {
        let key = Self.key(id)
        var current = states[source]?[key] ?? JSONObject()
        for (k, v) in state { current[k] = v }
        states[source, default: [:]][key] = current
        generation = Generations.next()
    }

    /// Removes one key of a feature's state, all of it (`key == nil`), or all features' (`id == nil`).
    package mutating func remove(source: String, id: FeatureIdentifier?, key: String?) {
        generation = Generations.next()
        guard let id else {
            states[source] = nil
            return
        }
        if let key { states[source]?[Self.key(id)]?[key] = nil } else { states[source]?[Self.key(id)] = nil }
    }

    /// Whether any state is set for `source`.
    package func hasStates(source: String) -> Bool { !(states[source]?.isEmpty ?? true) }
}
