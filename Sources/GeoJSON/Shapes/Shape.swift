public import Foundation

/// A shape: the SDK's name for a GeoJSON geometry (`MLNShape`).
///
/// Every shape converts to and from a ``Geometry`` and can write itself as GeoJSON.
public protocol Shape: Sendable {
    /// The shape as a GeoJSON object (a geometry, or a feature / feature collection for features).
    var geoJSONObject: GeoJSONObject { get }
}

extension Shape {
    /// The shape as GeoJSON text (the SDK's `geoJSONData(usingEncoding:)`).
    public func geoJSONData(_ options: GeoJSONWriteOptions = GeoJSONWriteOptions()) -> Data {
        Data(geoJSONObject.serializedBytes(options))
    }

    /// The shape as a GeoJSON string.
    public func geoJSONString(_ options: GeoJSONWriteOptions = GeoJSONWriteOptions()) -> String {
        geoJSONObject.serialized(options)
    }
}

/// A shape that is one geometry (every shape but features and feature collections).
public protocol GeometryShape: Shape {
    /// The GeoJSON geometry of this shape.
    var geometry: Geometry { get }
}

extension GeometryShape {
    public var geoJSONObject: GeoJSONObject { .geometry(geometry, ObjectMembers()) }
}

/// `MLNPointAnnotation`: a single point, with an optional title and subtitle.
public struct PointAnnotation: GeometryShape, Hashable {
    public var coordinate: LocationCoordinate2D
    /// Altitude in metres, when the GeoJSON position had one.
    public var altitude: Double?
    public var title: String?
    public var subtitle: String?

    public init(coordinate: LocationCoordinate2D, altitude: Double? = nil, title: String? = nil, subtitle: String? = nil) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.title = title
        self.subtitle = subtitle
    }

    public var geometry: Geometry {
        .point(Position(longitude: coordinate.longitude, latitude: coordinate.latitude, altitude: altitude))
    }
}

/// `MLNPointCollection`: several points (GeoJSON MultiPoint).
public struct PointCollection: GeometryShape, Hashable {
    public var positions: PositionList
    public init(positions: PositionList) { self.positions = positions }
    public init(coordinates: [LocationCoordinate2D]) { positions = PositionList(coordinates) }
    /// The points, latitude first.
    public var coordinates: [LocationCoordinate2D] { positions.coordinates }
    public var geometry: Geometry { .multiPoint(positions) }
}

/// `MLNPolyline`: a line through positions (GeoJSON LineString).
public struct Polyline: GeometryShape, Hashable {
    public var positions: PositionList
    public init(positions: PositionList) { self.positions = positions }
    public init(coordinates: [LocationCoordinate2D]) { positions = PositionList(coordinates) }
    public var coordinates: [LocationCoordinate2D] { positions.coordinates }
    public var geometry: Geometry { .lineString(positions) }
}

/// `MLNMultiPolyline`: several lines (GeoJSON MultiLineString).
public struct MultiPolyline: GeometryShape, Hashable {
    public var polylines: [Polyline]
    public init(polylines: [Polyline]) { self.polylines = polylines }
    public var geometry: Geometry { .multiLineString(polylines.map(\.positions)) }
}

/// `MLNPolygon`: an exterior ring and its holes (`interiorPolygons`).
///
/// GeoJSON has one level of holes: interior polygons of interior polygons are not written.
public struct Polygon: GeometryShape, Hashable {
    /// The exterior ring (closed: the last position repeats the first).
    public var positions: PositionList
    public var interiorPolygons: [Polygon]

    public init(positions: PositionList, interiorPolygons: [Polygon] = []) {
        self.positions = positions
        self.interiorPolygons = interiorPolygons
    }

    public init(coordinates: [LocationCoordinate2D], interiorPolygons: [Polygon] = []) {
        self.init(positions: PositionList(coordinates), interiorPolygons: interiorPolygons)
    }

    /// A polygon from GeoJSON rings: the first is the exterior, the others holes.
    public init(rings: [PositionList]) {
        positions = rings.first ?? PositionList()
        interiorPolygons = rings.dropFirst().map { Polygon(positions: $0) }
    }

    public var coordinates: [LocationCoordinate2D] { positions.coordinates }
    /// The GeoJSON rings: exterior, then holes.
    public var rings: [PositionList] { [positions] + interiorPolygons.map(\.positions) }
    public var geometry: Geometry { .polygon(rings) }
}

/// `MLNMultiPolygon`: several polygons.
public struct MultiPolygon: GeometryShape, Hashable {
    public var polygons: [Polygon]
    public init(polygons: [Polygon]) { self.polygons = polygons }
    public var geometry: Geometry { .multiPolygon(polygons.map(\.rings)) }
}

/// `MLNShapeCollection`: shapes of any kind (GeoJSON GeometryCollection).
public struct ShapeCollection: GeometryShape {
    public var shapes: [any GeometryShape]
    /// `bbox` and foreign members of the member geometries, by index (kept for round trips).
    public var nestedMembers: [Int: ObjectMembers]

    public init(shapes: [any GeometryShape], nestedMembers: [Int: ObjectMembers] = [:]) {
        self.shapes = shapes
        self.nestedMembers = nestedMembers
    }

    public var geometry: Geometry {
        .geometryCollection(GeometryCollection(shapes.map(\.geometry), nestedMembers: nestedMembers))
    }
}

extension ShapeCollection: Equatable {
    public static func == (a: ShapeCollection, b: ShapeCollection) -> Bool { a.geometry == b.geometry }
}

/// Building the shape that matches a geometry.
public enum ShapeConversion {
    /// The SDK shape for `geometry`: Point -> ``PointAnnotation``, LineString -> ``Polyline``, ….
    public static func shape(for geometry: Geometry) -> any GeometryShape {
        switch geometry {
        case .point(let p):
            return PointAnnotation(coordinate: LocationCoordinate2D(p), altitude: p.altitude)
        case .multiPoint(let l): return PointCollection(positions: l)
        case .lineString(let l): return Polyline(positions: l)
        case .multiLineString(let ls): return MultiPolyline(polylines: ls.map(Polyline.init(positions:)))
        case .polygon(let rings): return Polygon(rings: rings)
        case .multiPolygon(let ps): return MultiPolygon(polygons: ps.map(Polygon.init(rings:)))
        case .geometryCollection(let c):
            return ShapeCollection(shapes: c.geometries.map(shape(for:)), nestedMembers: c.nestedMembers)
        }
    }
}
