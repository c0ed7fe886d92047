package import GeoJSON
/// A point in tile coordinates (0...extent across the tile; the buffer reaches beyond).
package struct TilePoint: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal position, 0 at the tile's west edge.
    package var x: Int32
    /// Vertical position, 0 at the tile's north edge (y grows southward).
    package var y: Int32

    @inlinable
    package init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    package var description: String { "[\(x),\(y)]" }
}

/// The geometry type of a tile feature, numbered as in vector tiles and geojson-vt.
package enum TileFeatureType: Int, Sendable, Hashable {
    /// Points (one or many).
    case point = 1
    /// Lines (one or many).
    case lineString = 2
    /// Polygons: exterior rings each followed by their holes.
    case polygon = 3
}

/// One feature of a `Tile`: type, geometry in tile coordinates, identifier and properties.
package struct TileFeature: Sendable, Hashable {
    /// Point, line or polygon.
    package var type: TileFeatureType
    /// For points, one list holding every point; for lines, one list per line; for polygons, the
    /// rings, each exterior ring (clockwise in tile coordinates, y down) followed by its holes.
    package var geometry: [[TilePoint]]
    /// The source feature's identifier.
    package var identifier: FeatureIdentifier?
    /// The source feature's properties (plus `mapbox_clip_start`/`mapbox_clip_end` with line metrics,
    /// or the cluster members for cluster tiles).
    package var properties: JSONObject?

    /// Creates a tile feature.
    package init(type: TileFeatureType, geometry: [[TilePoint]], identifier: FeatureIdentifier? = nil, properties: JSONObject? = nil) {
        self.type = type
        self.geometry = geometry
        self.identifier = identifier
        self.properties = properties
    }
}

/// A tile's features in tile coordinates, stored flat (one coordinate array for the whole tile).
///
/// A collection of ``TileFeature``s; each element is built on access. Renderers that want to avoid
/// that can read ``featureType(at:)``, ``ringCount(at:)`` and ``points(at:ring:)`` directly.
package struct Tile: Sendable, RandomAccessCollection {
    /// The tile's address.
    package let id: TileID
    /// The tile extent (coordinates across the tile).
    package let extent: Int
    /// Points the features had before simplification (geojson-vt's `numPoints`).
    package internal(set) var pointCount = 0
    /// Points kept after simplification (geojson-vt's `numSimplified`).
    package internal(set) var simplifiedPointCount = 0
    /// Source features the tile was cut from (geojson-vt's `numFeatures`).
    package internal(set) var sourceFeatureCount = 0

    struct Record: Sendable {
        var type: TileFeatureType
        var source: Int32
        /// First ring in `ringOffsets`.
        var ringStart: Int32
        var ringCount: Int32
        /// Line metrics (fractions of the line length), NaN when not tracked.
        var clipStart: Double
        var clipEnd: Double
    }

    var records = ContiguousArray<Record>()
    /// x, y pairs of all rings of all features.
    var coordinates = ContiguousArray<Int32>()
    /// Offset (in points) where each ring starts; one extra entry closes the last ring.
    var ringOffsets: ContiguousArray<Int32> = [0]
    /// Whether each ring was reversed to wind as geojson-vt winds polygon rings (an empty list: none).
    var reversedRings = ContiguousArray<Bool>()
    let table: FeatureTable

    init(id: TileID, extent: Int, table: FeatureTable) {
        self.id = id
        self.extent = extent
        self.table = table
    }

    /// `other`'s geometry and records with a different feature table.
    init(copying other: Tile, table: FeatureTable) {
        self = Tile(id: other.id, extent: other.extent, table: table)
        records = other.records
        coordinates = other.coordinates
        ringOffsets = other.ringOffsets
        reversedRings = other.reversedRings
        pointCount = other.records.count
        simplifiedPointCount = other.records.count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count }

    /// The feature at `i`, with its geometry copied out.
    package subscript(i: Int) -> TileFeature {
        let r = records[i]
        var rings = [[TilePoint]]()
        rings.reserveCapacity(Int(r.ringCount))
        for k in 0..<Int(r.ringCount) { rings.append(points(at: i, ring: k)) }
        var props = table.properties[Int(r.source)]
        if !r.clipStart.isNaN {
            var p = props ?? JSONObject()
            p["mapbox_clip_start"] = .double(r.clipStart)
            p["mapbox_clip_end"] = .double(r.clipEnd)
            props = p
        }
        return TileFeature(type: r.type, geometry: rings, identifier: table.identifiers[Int(r.source)], properties: props)
    }

    /// All features, built at once.
    package var features: [TileFeature] { Array(self) }

    /// The geometry type of feature `i`.
    package func featureType(at i: Int) -> TileFeatureType { records[i].type }

    /// The number of rings (lists of points) of feature `i`.
    package func ringCount(at i: Int) -> Int { Int(records[i].ringCount) }

    /// The identifier of feature `i`.
    package func identifier(at i: Int) -> FeatureIdentifier? { table.identifiers[Int(records[i].source)] }

    /// Whether ring `ring` of feature `i` runs against its input: geojson-vt (JavaScript) winds
    /// outer rings clockwise and holes counter-clockwise; geojson-vt-cpp, which MapLibre Native
    /// uses, keeps the input's direction.
    package func ringWasReversed(at i: Int, ring: Int) -> Bool {
        let k = Int(records[i].ringStart) + ring
        return k < reversedRings.count && reversedRings[k]
    }

    /// The position, in the index's input, of the feature that feature `i` was cut from.
    package func sourceIndex(at i: Int) -> Int { Int(records[i].source) }

    /// The points of ring `ring` of feature `i`.
    package func points(at i: Int, ring: Int) -> [TilePoint] {
        let k = Int(records[i].ringStart) + ring
        let from = Int(ringOffsets[k]), to = Int(ringOffsets[k + 1])
        var out = [TilePoint]()
        out.reserveCapacity(to - from)
        for p in from..<to { out.append(TilePoint(x: coordinates[2 * p], y: coordinates[2 * p + 1])) }
        return out
    }

    /// Calls `body` with the flat `x, y` values of ring `ring` of feature `i`, without copying.
    package func withUnsafePoints<R>(at i: Int, ring: Int, _ body: (UnsafeBufferPointer<Int32>) throws -> R) rethrows -> R {
        let k = Int(records[i].ringStart) + ring
        let from = Int(ringOffsets[k]) * 2, to = Int(ringOffsets[k + 1]) * 2
        return try coordinates.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[from..<to])) }
    }
}

/// JavaScript's `Math.round`: halves round up (toward +∞).
@inline(__always)
func jsRound(_ v: Double) -> Double {
    let f = v.rounded(.down)
    return v - f >= 0.5 ? f + 1 : f
}

/// A Double rounded to Int32, saturating instead of trapping on huge or NaN input.
@inline(__always)
func tileCoordinate(_ v: Double) -> Int32 {
    let r = jsRound(v)
    if r >= 2_147_483_647 { return .max }
    if r <= -2_147_483_648 { return .min }
    if r.isNaN { return 0 }
    return Int32(r)
}
