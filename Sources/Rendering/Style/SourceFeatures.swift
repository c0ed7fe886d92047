import GeoJSON
import Tiling

/// The features of one source, ready to draw: what a style layer's `source` names.
public struct SourceFeatures: Sendable {
    /// The features, in source order.
    public var features: [GeoJSONFeature]

    /// The features to draw at `zoom` in `bounds`: clusters and unclustered points for a
    /// clustered source, all features otherwise.
    public func features(atZoom zoom: Double, in bounds: BoundingBox) -> [GeoJSONFeature] {
        guard let clusters else { return features }
        return clusters.clusters(in: bounds, zoom: zoom)
    }
    /// The source's `maxzoom` (GeoJSON sources tile up to it; 18 by default).
    public var maximumZoom: Int
    /// For a clustered source, the points clustered per zoom: layers draw these clusters (with
    /// `cluster`, `cluster_id`, `point_count` attributes) instead of `features`.
    public var clusters: ClusterIndex?

    public init(features: [GeoJSONFeature], maximumZoom: Int = 18) {
        self.features = features
        self.maximumZoom = maximumZoom
    }
}

/// Per-feature state set at run time (`feature-state` expressions read it), by source and feature id.
public struct FeatureStates: Sendable {
    private var states: [String: [FeatureIdentifier: JSONObject]] = [:]

    public init() {}

    /// The state of feature `id` in `source`.
    public func state(source: String, id: FeatureIdentifier) -> JSONObject? { states[source]?[id] }

    /// Merges `state` into the feature's state.
    public mutating func set(_ state: JSONObject, source: String, id: FeatureIdentifier) {
        var current = states[source]?[id] ?? JSONObject()
        for (k, v) in state { current[k] = v }
        states[source, default: [:]][id] = current
    }

    /// Removes one key of a feature's state, all of it (`key == nil`), or all features' (`id == nil`).
    public mutating func remove(source: String, id: FeatureIdentifier?, key: String?) {
        guard let id else {
            states[source] = nil
            return
        }
        if let key { states[source]?[id]?[key] = nil } else { states[source]?[id] = nil }
    }

    /// Whether any state is set for `source`.
    public func hasStates(source: String) -> Bool { !(states[source]?.isEmpty ?? true) }
}
