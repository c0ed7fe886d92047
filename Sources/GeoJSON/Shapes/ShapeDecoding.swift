public import Foundation

/// Turning GeoJSON into the SDK's shapes and features (`+[MLNShape shapeWithData:encoding:error:]`).
public enum ShapeDecoding {
    /// The shape matching any GeoJSON text: a geometry gives its shape (Point -> ``PointAnnotation``, …),
    /// a Feature the feature type of its geometry (``PointFeature``, …), a FeatureCollection a
    /// ``ShapeCollectionFeature``.
    public static func shape(from data: Data, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) -> any Shape {
        shape(for: try GeoJSONObject(parsing: data, options: options))
    }

    /// The shape for a parsed GeoJSON object.
    ///
    /// Features keep their `bbox` and foreign members; a bare geometry's `bbox` and foreign members
    /// have no place in the SDK's shape types — use ``GeoJSONObject`` directly where they matter.
    public static func shape(for object: GeoJSONObject) -> any Shape {
        switch object {
        case .geometry(let g, _):
            return ShapeConversion.shape(for: g)
        case .feature(let f):
            return feature(for: f)
        case .featureCollection(let c):
            return ShapeCollectionFeature(features: c.features.map(feature(for:)), members: c.members)
        }
    }

    /// The SDK feature for a GeoJSON feature: the ``ShapeFeature`` of its geometry's shape, a
    /// ``ShapeCollectionFeature`` for a GeometryCollection, a ``NullGeometryFeature`` for `null`.
    public static func feature(for f: GeoJSONFeature) -> any Feature {
        let id = f.identifier
        let attrs = f.properties ?? JSONObject()
        guard let g = f.geometry else {
            return NullGeometryFeature(identifier: id, attributes: attrs, propertiesIsNull: f.properties == nil, members: f.members)
        }
        func make<S: GeometryShape>(_ s: S) -> ShapeFeature<S> {
            ShapeFeature(shape: s, identifier: id, attributes: attrs, members: f.members, geometryMembers: f.geometryMembers)
        }
        switch g {
        case .point(let p): return make(PointAnnotation(coordinate: LocationCoordinate2D(p), altitude: p.altitude))
        case .multiPoint(let l): return make(PointCollection(positions: l))
        case .lineString(let l): return make(Polyline(positions: l))
        case .multiLineString(let ls): return make(MultiPolyline(polylines: ls.map(Polyline.init(positions:))))
        case .polygon(let rings): return make(Polygon(rings: rings))
        case .multiPolygon(let ps): return make(MultiPolygon(polygons: ps.map(Polygon.init(rings:))))
        case .geometryCollection(let c):
            var feature = ShapeCollectionFeature(shapes: c.geometries.map(ShapeConversion.shape(for:)), identifier: id, attributes: attrs)
            feature.members = f.members
            feature.geometryMembers = f.geometryMembers
            feature.nestedGeometryMembers = c.nestedMembers
            return feature
        }
    }
}

/// A feature whose GeoJSON geometry is `null` (it has an identifier and attributes but no shape).
public struct NullGeometryFeature: Feature, Hashable {
    public var identifier: FeatureIdentifier?
    public var attributes: JSONObject
    /// Whether `properties` was `null` rather than an object.
    public var propertiesIsNull: Bool
    public var members: ObjectMembers

    public init(identifier: FeatureIdentifier? = nil, attributes: JSONObject = JSONObject(), propertiesIsNull: Bool = false, members: ObjectMembers = ObjectMembers()) {
        self.identifier = identifier
        self.attributes = attributes
        self.propertiesIsNull = propertiesIsNull
        self.members = members
    }

    public var geoJSONObject: GeoJSONObject {
        .feature(GeoJSONFeature(identifier: identifier, geometry: nil, properties: propertiesIsNull ? nil : attributes, members: members))
    }
}
