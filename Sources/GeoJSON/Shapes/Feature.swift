import Foundation

/// `MLNFeature`: a shape with an identifier and attributes, as found in a source or returned by
/// feature querying.
public protocol Feature: Shape {
    /// The feature's `id`: an integer, a floating-point number or a string.
    var identifier: FeatureIdentifier? { get set }
    /// The feature's `properties`.
    var attributes: JSONObject { get set }
}

extension Feature {
    /// The attribute named `key` (`nil` when absent).
    public func attribute(forKey key: String) -> JSONValue? { attributes[key] }

    /// The feature as a GeoJSON dictionary: `type`, `id`, `geometry`, `properties`.
    public func geoJSONDictionary() -> JSONObject {
        geoJSONObject.jsonValue.object ?? JSONObject()
    }
}

/// A feature whose geometry is one shape: the SDK's `MLNPointFeature`, `MLNPolylineFeature`, ….
///
/// The shape's own properties are reachable directly (`feature.coordinate`, `feature.positions`).
@dynamicMemberLookup
public struct ShapeFeature<ShapeType: GeometryShape>: Feature {
    public var shape: ShapeType
    public var identifier: FeatureIdentifier?
    public var attributes: JSONObject
    /// `bbox` and foreign members of the feature and of its geometry object (kept for round trips).
    public var members: ObjectMembers
    public var geometryMembers: ObjectMembers

    public init(
        shape: ShapeType, identifier: FeatureIdentifier? = nil, attributes: JSONObject = JSONObject(),
        members: ObjectMembers = ObjectMembers(), geometryMembers: ObjectMembers = ObjectMembers()
    ) {
        self.shape = shape
        self.identifier = identifier
        self.attributes = attributes
        self.members = members
        self.geometryMembers = geometryMembers
    }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<ShapeType, T>) -> T {
        get { shape[keyPath: keyPath] }
        set { shape[keyPath: keyPath] = newValue }
    }

    public subscript<T>(dynamicMember keyPath: KeyPath<ShapeType, T>) -> T { shape[keyPath: keyPath] }

    /// The GeoJSON Feature this feature writes.
    public var geoJSONFeature: GeoJSONFeature {
        GeoJSONFeature(identifier: identifier, geometry: shape.geometry, properties: attributes,
                       members: members, geometryMembers: geometryMembers)
    }

    public var geoJSONObject: GeoJSONObject { .feature(geoJSONFeature) }
}

/// `MLNPointFeature`.
public typealias PointFeature = ShapeFeature<PointAnnotation>
/// `MLNPointCollectionFeature`.
public typealias PointCollectionFeature = ShapeFeature<PointCollection>
/// `MLNPolylineFeature`.
public typealias PolylineFeature = ShapeFeature<Polyline>
/// `MLNMultiPolylineFeature`.
public typealias MultiPolylineFeature = ShapeFeature<MultiPolyline>
/// `MLNPolygonFeature`.
public typealias PolygonFeature = ShapeFeature<Polygon>
/// `MLNMultiPolygonFeature`.
public typealias MultiPolygonFeature = ShapeFeature<MultiPolygon>

/// `MLNShapeCollectionFeature`: a FeatureCollection, or a Feature whose geometry is a
/// GeometryCollection (then `shapes` are its geometries and the feature has an identifier and attributes).
public struct ShapeCollectionFeature: Feature {
    /// What this collection was read from, and so how it is written.
    public enum Representation: Sendable, Hashable {
        /// A GeoJSON FeatureCollection: `shapes` are features.
        case featureCollection
        /// A GeoJSON Feature with a GeometryCollection geometry.
        case geometryCollectionFeature
    }

    public var shapes: [any Shape]
    public var identifier: FeatureIdentifier?
    public var attributes: JSONObject
    public var representation: Representation
    public var members: ObjectMembers
    /// For a GeometryCollection feature: the geometry object's members and its members' members.
    public var geometryMembers: ObjectMembers
    public var nestedGeometryMembers: [Int: ObjectMembers]

    /// A feature collection of `features`.
    public init(features: [any Feature], members: ObjectMembers = ObjectMembers()) {
        shapes = features
        identifier = nil
        attributes = JSONObject()
        representation = .featureCollection
        self.members = members
        geometryMembers = ObjectMembers()
        nestedGeometryMembers = [:]
    }

    /// A feature whose geometry is the collection of `shapes`.
    public init(shapes: [any GeometryShape], identifier: FeatureIdentifier? = nil, attributes: JSONObject = JSONObject()) {
        self.shapes = shapes
        self.identifier = identifier
        self.attributes = attributes
        representation = .geometryCollectionFeature
        members = ObjectMembers()
        geometryMembers = ObjectMembers()
        nestedGeometryMembers = [:]
    }

    /// The members that are features (all of them, for a feature collection).
    public var features: [any Feature] { shapes.compactMap { $0 as? any Feature } }

    public var geoJSONObject: GeoJSONObject {
        switch representation {
        case .featureCollection:
            let features = shapes.flatMap { $0.geoJSONObject.features }
            return .featureCollection(GeoJSONFeatureCollection(features: features, members: members))
        case .geometryCollectionFeature:
            let geometries: [Geometry] = shapes.compactMap { shape in
                if let g = shape as? any GeometryShape { return g.geometry }
                return shape.geoJSONObject.features.first?.geometry
            }
            let g = Geometry.geometryCollection(GeometryCollection(geometries, nestedMembers: nestedGeometryMembers))
            return .feature(GeoJSONFeature(identifier: identifier, geometry: g, properties: attributes,
                                           members: members, geometryMembers: geometryMembers))
        }
    }
}
