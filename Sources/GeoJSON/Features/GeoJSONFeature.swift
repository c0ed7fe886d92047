/// A feature identifier: an integer (full `Int64` and `UInt64` range), a floating-point number or a string.
public enum FeatureIdentifier: Sendable, Hashable {
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)

    /// The identifier as a JSON value.
    public var jsonValue: JSONValue {
        switch self {
        case .int(let v): return .int(v)
        case .uint(let v): return .uint(v)
        case .double(let v): return .double(v)
        case .string(let s): return .string(s)
        }
    }

    /// The identifier for a JSON number or string; `nil` for any other value.
    public init?(_ value: JSONValue) {
        switch value {
        case .int(let v): self = .int(v)
        case .uint(let v): self = .uint(v)
        case .double(let v): self = .double(v)
        case .string(let s): self = .string(s)
        default: return nil
        }
    }
}

extension FeatureIdentifier: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

/// A GeoJSON Feature (RFC 7946 §3.2).
public struct GeoJSONFeature: Sendable, Hashable {
    /// The `id` member.
    public var identifier: FeatureIdentifier?
    /// The `geometry` member; `nil` for `"geometry": null`.
    public var geometry: Geometry?
    /// The `properties` member; `nil` for `"properties": null`.
    public var properties: JSONObject?
    /// The feature object's `bbox` and foreign members.
    public var members: ObjectMembers
    /// The geometry object's `bbox` and foreign members.
    public var geometryMembers: ObjectMembers

    public init(
        identifier: FeatureIdentifier? = nil, geometry: Geometry?, properties: JSONObject? = JSONObject(),
        members: ObjectMembers = ObjectMembers(), geometryMembers: ObjectMembers = ObjectMembers()
    ) {
        self.identifier = identifier
        self.geometry = geometry
        self.properties = properties
        self.members = members
        self.geometryMembers = geometryMembers
    }

    /// The property `key`, or `nil` when absent.
    @inlinable public func property(_ key: String) -> JSONValue? { properties?[key] }
}

/// A GeoJSON FeatureCollection (RFC 7946 §3.3).
public struct GeoJSONFeatureCollection: Sendable, Hashable {
    public var features: [GeoJSONFeature]
    /// The collection object's `bbox` and foreign members.
    public var members: ObjectMembers

    public init(features: [GeoJSONFeature], members: ObjectMembers = ObjectMembers()) {
        self.features = features
        self.members = members
    }
}

/// Any top-level GeoJSON object: a geometry, a feature or a feature collection.
public enum GeoJSONObject: Sendable, Hashable {
    case geometry(Geometry, ObjectMembers)
    case feature(GeoJSONFeature)
    case featureCollection(GeoJSONFeatureCollection)

    /// The features this object holds: itself for a feature, a featureless wrapper for a geometry.
    public var features: [GeoJSONFeature] {
        switch self {
        case .geometry(let g, let m): return [GeoJSONFeature(geometry: g, properties: JSONObject(), geometryMembers: m)]
        case .feature(let f): return [f]
        case .featureCollection(let c): return c.features
        }
    }
}
