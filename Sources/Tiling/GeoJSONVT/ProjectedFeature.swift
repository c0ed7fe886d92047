import GeoJSON
/// geojson-vt's geometry types, kept while slicing (tile output only keeps point/line/polygon).
///
/// `singlePoint` is a Point stored in the bounding box alone (no coordinate array), as newer
/// geojson-vt versions do: most point data sets are one point per feature.
enum ProjectedType: UInt8, Sendable {
    case singlePoint, point, multiPoint, lineString, multiLineString, polygon, multiPolygon

    var isPolygon: Bool { self == .polygon || self == .multiPolygon }
    var isPoints: Bool { self == .point || self == .multiPoint || self == .singlePoint }
}

/// One line or ring inside a ``ProjectedFeature``'s flat coordinates.
struct ProjectedRing: Sendable {
    /// Offset of the ring's first value in `coords` (a multiple of 3).
    var start: Int
    /// Number of points.
    var count: Int
    /// Length (lines) or absolute area (rings) in world units, measured before any clipping.
    var size: Double
    /// Distance along the original line where this piece starts (line metrics).
    var startDistance: Double
    /// Distance along the original line where this piece ends (line metrics).
    var endDistance: Double
    /// Whether this ring is the first (outer) ring of its polygon.
    var beginsPolygon: Bool

    var end: Int { start + count * 3 }
}

/// A feature projected to world coordinates (0...1), with simplification importance per point.
///
/// Coordinates are flat triples `x, y, importance` — importance is the squared distance that
/// Douglas-Peucker kept the point for (1 for points that are always kept).
struct ProjectedFeature: Sendable {
    var type: ProjectedType
    var coords: ContiguousArray<Double>
    /// Lines and rings; empty for point types.
    var rings: ContiguousArray<ProjectedRing>
    /// Index of the source feature in the index's ``FeatureTable``.
    var source: Int32
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    init(type: ProjectedType, coords: ContiguousArray<Double>, rings: ContiguousArray<ProjectedRing>, source: Int32) {
        self.type = type
        self.coords = coords
        self.rings = rings
        self.source = source
        computeBounds()
    }

    /// A single point at world coordinates (x, y), kept in the bounding box.
    init(singlePointX x: Double, y: Double, source: Int32) {
        type = .singlePoint
        coords = []
        rings = []
        self.source = source
        minX = x
        maxX = x
        minY = y
        maxY = y
    }

    /// The bounding box, as geojson-vt computes it: every point for points and lines, only the
    /// first ring of each polygon for polygons.
    mutating func computeBounds() {
        if type == .singlePoint { return }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        coords.withUnsafeBufferPointer { c in
            func add(_ from: Int, _ to: Int) {
                var i = from
                while i < to {
                    let x = c[i], y = c[i + 1]
                    if x < x0 { x0 = x }
                    if y < y0 { y0 = y }
                    if x > x1 { x1 = x }
                    if y > y1 { y1 = y }
                    i += 3
                }
            }
            if type.isPoints {
                add(0, c.count)
            } else if type.isPolygon {
                for r in rings where r.beginsPolygon { add(r.start, r.end) }
            } else {
                for r in rings { add(r.start, r.end) }
            }
        }
        minX = x0
        minY = y0
        maxX = x1
        maxY = y1
    }
}

/// The identifiers and properties of an index's input features, shared by every tile cut from it.
final class FeatureTable: Sendable {
    let identifiers: [FeatureIdentifier?]
    let properties: [JSONObject?]

    init(identifiers: [FeatureIdentifier?], properties: [JSONObject?]) {
        self.identifiers = identifiers
        self.properties = properties
    }
}
