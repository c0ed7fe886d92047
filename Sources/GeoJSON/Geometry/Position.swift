/// A GeoJSON position: longitude, latitude and an optional altitude, in that (GeoJSON) order.
public struct Position: Sendable, Hashable {
    public var longitude: Double
    public var latitude: Double
    /// The altitude in metres, when the position has a third member.
    public var altitude: Double?

    @inlinable
    public init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.altitude = altitude
    }

    /// Creates a position from GeoJSON order: `[x, y]` or `[x, y, z]`.
    @inlinable
    public init(_ x: Double, _ y: Double, _ z: Double? = nil) {
        self.init(longitude: x, latitude: y, altitude: z)
    }
}

/// A list of positions stored flat: `[x0, y0, x1, y1, …]`, or with a third value per position
/// when any position has an altitude (a missing altitude is then stored as NaN).
///
/// This is the storage of every GeoJSON coordinate array: one allocation per line or ring,
/// none per position.
public struct PositionList: Sendable, Hashable, RandomAccessCollection {
    /// The flat coordinate values, `stride` per position.
    public var values: ContiguousArray<Double> { storage }
    @usableFromInline var storage: ContiguousArray<Double>
    /// Whether each position stores a third value (altitude).
    public var hasAltitude: Bool { altitudeFlag }
    @usableFromInline var altitudeFlag: Bool

    /// Values per position: 2, or 3 with altitude.
    @inlinable public var stride: Int { hasAltitude ? 3 : 2 }

    /// An empty list.
    public init() {
        storage = []
        altitudeFlag = false
    }

    /// A list over flat values with 2 (or, with `hasAltitude`, 3) values per position.
    /// - Precondition: `values.count` is a multiple of the stride.
    public init(flat values: ContiguousArray<Double>, hasAltitude: Bool = false) {
        precondition(values.count % (hasAltitude ? 3 : 2) == 0, "flat coordinate count is not a multiple of the stride")
        self.storage = values
        self.altitudeFlag = hasAltitude
    }

    /// A list of the given positions.
    public init<S: Sequence>(_ positions: S) where S.Element == Position {
        self.init()
        for p in positions { append(p) }
    }

    public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { values.count / stride }

    @inlinable public subscript(i: Int) -> Position {
        let s = stride
        let b = i * s
        if s == 3 {
            let z = values[b + 2]
            return Position(longitude: values[b], latitude: values[b + 1], altitude: z.isNaN ? nil : z)
        }
        return Position(longitude: values[b], latitude: values[b + 1])
    }

    /// Longitude (x) of position `i`.
    @inlinable public func x(_ i: Int) -> Double { values[i * stride] }
    /// Latitude (y) of position `i`.
    @inlinable public func y(_ i: Int) -> Double { values[i * stride + 1] }

    /// Reserves room for `n` positions.
    public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n * 3) }

    /// Appends a position; the first altitude seen widens the storage to three values per position.
    public mutating func append(_ p: Position) {
        if let z = p.altitude {
            if !altitudeFlag { widen() }
            storage.append(p.longitude)
            storage.append(p.latitude)
            storage.append(z)
        } else {
            storage.append(p.longitude)
            storage.append(p.latitude)
            if altitudeFlag { storage.append(.nan) }
        }
    }

    /// Appends x and y (no altitude) without building a `Position`.
    @inlinable @inline(__always) public mutating func append(x: Double, y: Double) {
        storage.append(x)
        storage.append(y)
        if altitudeFlag { storage.append(.nan) }
    }

    private mutating func widen() {
        var wide = ContiguousArray<Double>()
        wide.reserveCapacity(values.count / 2 * 3 + 3)
        var i = 0
        while i < values.count {
            wide.append(values[i])
            wide.append(values[i + 1])
            wide.append(.nan)
            i += 2
        }
        storage = wide
        altitudeFlag = true
    }

    /// Calls `body` with the flat values, without copying.
    @inlinable public func withUnsafeValues<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try values.withUnsafeBufferPointer(body)
    }

    /// Equality compares values bit for bit, so that NaN altitudes (absent) compare equal.
    public static func == (a: PositionList, b: PositionList) -> Bool {
        guard a.hasAltitude == b.hasAltitude, a.values.count == b.values.count else { return false }
        for i in a.values.indices where a.values[i].bitPattern != b.values[i].bitPattern {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hasAltitude)
        hasher.combine(values.count)
        for v in values { hasher.combine(v.bitPattern) }
    }
}

/// A bounding box: `[west, south, east, north]` or, with altitudes, `[west, south, low, east, north, high]`.
///
/// GeoJSON allows `west > east` for a box that crosses the antimeridian; values are kept as written.
public struct BoundingBox: Sendable, Hashable {
    /// The values exactly as written: 4 or 6 numbers (2 * dimensions).
    public var values: [Double]

    public init(values: [Double]) { self.values = values }

    public init(west: Double, south: Double, east: Double, north: Double) {
        values = [west, south, east, north]
    }

    public var west: Double { values[0] }
    public var south: Double { values[1] }
    public var east: Double { values[values.count / 2] }
    public var north: Double { values[values.count / 2 + 1] }
}
