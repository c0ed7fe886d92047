/// A GeoJSON geometry (RFC 7946 §3.1): the seven geometry types, coordinates stored flat.
///
/// Rings and lines are ``PositionList``s; a polygon is its exterior ring followed by its holes.
/// Coordinates are kept exactly as written (never normalised across the antimeridian).
public indirect enum Geometry: Sendable, Hashable {
    case point(Position)
    case multiPoint(PositionList)
    case lineString(PositionList)
    case multiLineString([PositionList])
    /// Exterior ring first, then interior rings (holes).
    case polygon([PositionList])
    case multiPolygon([[PositionList]])
    case geometryCollection(GeometryCollection)

    /// The GeoJSON `type` member of this geometry.
    public var type: GeometryType {
        switch self {
        case .point: return .point
        case .multiPoint: return .multiPoint
        case .lineString: return .lineString
        case .multiLineString: return .multiLineString
        case .polygon: return .polygon
        case .multiPolygon: return .multiPolygon
        case .geometryCollection: return .geometryCollection
        }
    }

    /// The number of positions, recursively.
    public var positionCount: Int {
        switch self {
        case .point: return 1
        case .multiPoint(let l), .lineString(let l): return l.count
        case .multiLineString(let ls), .polygon(let ls): return ls.reduce(0) { $0 + $1.count }
        case .multiPolygon(let ps): return ps.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        case .geometryCollection(let c): return c.geometries.reduce(0) { $0 + $1.positionCount }
        }
    }

    /// The smallest box holding every position (west <= east: the box does not wrap), or `nil` when empty.
    public var bounds: BoundingBox? {
        var acc = BoundsAccumulator()
        acc.add(self)
        return acc.box
    }
}

/// The seven GeoJSON geometry type names.
public enum GeometryType: String, Sendable, Hashable, CaseIterable {
    case point = "Point"
    case multiPoint = "MultiPoint"
    case lineString = "LineString"
    case multiLineString = "MultiLineString"
    case polygon = "Polygon"
    case multiPolygon = "MultiPolygon"
    case geometryCollection = "GeometryCollection"
}

/// A GeometryCollection: its geometries and, for each that had them, the `bbox` and foreign
/// members written on the nested geometry object.
public struct GeometryCollection: Sendable, Hashable {
    public var geometries: [Geometry]
    /// Members of nested geometry objects other than `type` and `coordinates`/`geometries`,
    /// by index in `geometries`; empty when none had any.
    public var nestedMembers: [Int: ObjectMembers]

    public init(_ geometries: [Geometry], nestedMembers: [Int: ObjectMembers] = [:]) {
        self.geometries = geometries
        self.nestedMembers = nestedMembers
    }
}

/// The members of a GeoJSON object beyond those its type defines: `bbox` and foreign members.
public struct ObjectMembers: Sendable, Hashable {
    public var bbox: BoundingBox?
    /// Foreign members, in the order written.
    public var foreign: JSONObject

    public init(bbox: BoundingBox? = nil, foreign: JSONObject = JSONObject()) {
        self.bbox = bbox
        self.foreign = foreign
    }

    /// Whether there is neither a bbox nor a foreign member.
    public var isEmpty: Bool { bbox == nil && foreign.isEmpty }
}

/// Accumulates the bounds of positions.
struct BoundsAccumulator {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    var box: BoundingBox? {
        minX <= maxX ? BoundingBox(west: minX, south: minY, east: maxX, north: maxY) : nil
    }

    mutating func add(x: Double, y: Double) {
        if x < minX { minX = x }
        if x > maxX { maxX = x }
        if y < minY { minY = y }
        if y > maxY { maxY = y }
    }

    mutating func add(_ list: PositionList) {
        let s = list.stride
        list.withUnsafeValues { v in
            var i = 0
            while i < v.count {
                add(x: v[i], y: v[i + 1])
                i += s
            }
        }
    }

    mutating func add(_ g: Geometry) {
        switch g {
        case .point(let p): add(x: p.longitude, y: p.latitude)
        case .multiPoint(let l), .lineString(let l): add(l)
        case .multiLineString(let ls), .polygon(let ls): for l in ls { add(l) }
        case .multiPolygon(let ps): for p in ps { for l in p { add(l) } }
        case .geometryCollection(let c): for g in c.geometries { add(g) }
        }
    }
}
