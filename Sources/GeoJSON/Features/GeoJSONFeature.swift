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
///
/// A value type whose members live in one shared, copy-on-write box: copying a feature (into a
/// query result, a cluster list, a drawn layer) costs one reference count, however many members
/// it has.
public struct GeoJSONFeature: Sendable, Hashable {
    /// The members; shared between copies until one of them changes.
    @usableFromInline final class Storage: @unchecked Sendable {
        // Mutated only through `GeoJSONFeature`'s accessors after `makeUnique()`, so a shared box is
        // never written: that is what makes the `@unchecked Sendable` sound.
        @usableFromInline var identifier: FeatureIdentifier?
        @usableFromInline var geometry: Geometry?
        @usableFromInline var properties: JSONObject?
        @usableFromInline var members: ObjectMembers
        @usableFromInline var geometryMembers: ObjectMembers
        /// Where the geometry is kept when it is not built yet (a vector tile's columns), and the
        /// feature's index there; `geometry` is unused while it is set.
        @usableFromInline var deferred: (any DeferredGeometrySource)?
        @usableFromInline var deferredIndex: Int = 0

        @usableFromInline init(identifier: FeatureIdentifier?, geometry: Geometry?, properties: JSONObject?,
                               members: ObjectMembers, geometryMembers: ObjectMembers) {
            self.identifier = identifier
            self.geometry = geometry
            self.properties = properties
            self.members = members
            self.geometryMembers = geometryMembers
        }

        @usableFromInline func copy() -> Storage {
            let copy = Storage(identifier: identifier, geometry: geometry, properties: properties, members: members,
                               geometryMembers: geometryMembers)
            copy.deferred = deferred
            copy.deferredIndex = deferredIndex
            return copy
        }

        /// Builds a deferred geometry into `geometry` (before it is changed in place).
        @usableFromInline func materialize() {
            guard let d = deferred else { return }
            geometry = d.geometry(at: deferredIndex)
            deferred = nil
        }
    }

    @usableFromInline var storage: Storage

    @inlinable mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The `id` member.
    @inlinable public var identifier: FeatureIdentifier? {
        get { storage.identifier }
        _modify {
            makeUnique()
            yield &storage.identifier
        }
    }
    /// The `geometry` member; `nil` for `"geometry": null`.
    ///
    /// A feature read from a vector tile keeps its geometry in the tile's coordinates: the
    /// longitude/latitude geometry is built each time it is read (read it once and keep it).
    @inlinable public var geometry: Geometry? {
        get {
            if let d = storage.deferred { return d.geometry(at: storage.deferredIndex) }
            return storage.geometry
        }
        _modify {
            makeUnique()
            storage.materialize()
            yield &storage.geometry
        }
    }
    /// The `properties` member; `nil` for `"properties": null`.
    @inlinable public var properties: JSONObject? {
        get { storage.properties }
        _modify {
            makeUnique()
            yield &storage.properties
        }
    }
    /// The feature object's `bbox` and foreign members.
    @inlinable public var members: ObjectMembers {
        get { storage.members }
        _modify {
            makeUnique()
            yield &storage.members
        }
    }
    /// The geometry object's `bbox` and foreign members.
    @inlinable public var geometryMembers: ObjectMembers {
        get { storage.geometryMembers }
        _modify {
            makeUnique()
            yield &storage.geometryMembers
        }
    }

    public init(
        identifier: FeatureIdentifier? = nil, geometry: Geometry?, properties: JSONObject? = JSONObject(),
        members: ObjectMembers = ObjectMembers(), geometryMembers: ObjectMembers = ObjectMembers()
    ) {
        storage = Storage(identifier: identifier, geometry: geometry, properties: properties, members: members,
                          geometryMembers: geometryMembers)
    }

    /// A feature whose geometry stays in `source` (feature `index` there) and is built in
    /// longitude/latitude only when read.
    package init(identifier: FeatureIdentifier?, deferredGeometry source: any DeferredGeometrySource, index: Int, properties: JSONObject?) {
        storage = Storage(identifier: identifier, geometry: nil, properties: properties, members: ObjectMembers(),
                          geometryMembers: ObjectMembers())
        storage.deferred = source
        storage.deferredIndex = index
    }

    /// Where the geometry is kept and the feature's index there, for a feature whose geometry is
    /// not built (``init(identifier:deferredGeometry:index:properties:)``); nil otherwise.
    @inlinable package var deferredGeometry: (source: any DeferredGeometrySource, index: Int)? {
        guard let d = storage.deferred else { return nil }
        return (d, storage.deferredIndex)
    }

    /// The geometry's GeoJSON type, without building a deferred geometry.
    @inlinable package var geometryType: GeometryType? {
        if let d = storage.deferred { return d.geometryType(at: storage.deferredIndex) }
        return storage.geometry?.type
    }

    /// The property `key`, or `nil` when absent.
    @inlinable public func property(_ key: String) -> JSONValue? { storage.properties?[key] }

    /// `body`'s answer about the properties, read where they are kept (no copy of the object: a layer filter reads
    /// every feature of a tile this way, `FilterPredicate`).
    @inlinable package func withProperties<R>(_ body: (borrowing JSONObject?) -> R) -> R { body(storage.properties) }

    public static func == (a: GeoJSONFeature, b: GeoJSONFeature) -> Bool {
        if a.storage === b.storage { return true }
        return a.identifier == b.identifier && a.geometry == b.geometry && a.properties == b.properties
            && a.members == b.members && a.geometryMembers == b.geometryMembers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(geometry)
        hasher.combine(properties)
        hasher.combine(members)
        hasher.combine(geometryMembers)
    }
}

/// Geometry kept in another form (a vector tile's columns, in tile coordinates) and built as GeoJSON
/// longitude/latitude geometry only when something reads it (a query's result, `within`).
@usableFromInline package protocol DeferredGeometrySource: AnyObject, Sendable {
    /// Feature `index`'s geometry in longitude/latitude.
    func geometry(at index: Int) -> Geometry?
    /// Feature `index`'s GeoJSON type (what ``geometry(at:)`` would build), cheaply.
    func geometryType(at index: Int) -> GeometryType?
    /// Feature `index`'s basic type (``GeometryType/point``, ``GeometryType/lineString`` or
    /// ``GeometryType/polygon``: a `Multi…` type counts as its single form), as the tile stores it.
    func basicGeometryType(at index: Int) -> GeometryType?
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
