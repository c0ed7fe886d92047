import Expressions
import GeoJSON

/// A shape source's `clusterProperties` compiled into the map and reduce steps of clustering:
/// `{"name": [reduce, map]}` where `reduce` is an operator name (`"+"`) or an expression over
/// `["accumulated"]` and `["get", name]`, and `map` an expression over each point's properties.
struct ClusterProperties: Sendable {
    struct Entry: Sendable {
        var name: String
        var map: Expression
        var reduce: Expression
    }

    let entries: [Entry]

    /// Compiles `clusterProperties`; `nil` when absent or empty.
    init?(_ json: JSONValue?, source: String) throws(SourceLoadError) {
        guard let object = json?.object, !object.isEmpty else { return nil }
        var entries: [Entry] = []
        for (name, value) in object {
            guard let pair = value.array, pair.count == 2 else {
                throw SourceLoadError(source: source, "clusterProperties.\(name): expected [reduce, map], found \(value.serialized())")
            }
            let reduceJSON: JSONValue = pair[0].string.map { .array([.string($0), ["accumulated"], ["get", .string(name)]]) } ?? pair[0]
            do {
                entries.append(Entry(name: name, map: try Expression.parse(pair[1]), reduce: try Expression.parse(reduceJSON)))
            } catch {
                throw SourceLoadError(source: source, "clusterProperties.\(name): \(error)")
            }
        }
        self.entries = entries
    }

    /// Point properties -> the values a cluster accumulates.
    var map: @Sendable (JSONObject) -> JSONObject {
        let entries = self.entries
        return { properties in
            var out = JSONObject()
            let context = EvaluationContext(feature: FeatureView(properties: properties))
            for e in entries { out[e.name] = OutputJSON.encode((try? e.map.evaluateOrThrow(context)) ?? .null) }
            return out
        }
    }

    /// Folds a mapped point (or cluster) into the accumulated values.
    var reduce: @Sendable (inout JSONObject, JSONObject) -> Void {
        let entries = self.entries
        return { accumulated, next in
            for e in entries {
                let current = accumulated[e.name].map(ExpressionValue.init(json:)) ?? .null
                let context = EvaluationContext(accumulated: current, feature: FeatureView(properties: [e.name: next[e.name] ?? .null]))
                accumulated[e.name] = OutputJSON.encode((try? e.reduce.evaluateOrThrow(context)) ?? .null)
            }
        }
    }
}
