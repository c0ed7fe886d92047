public import GeoJSON

extension LocationCoordinate2D {
    /// A coordinate from longitude and latitude in degrees (GeoJSON's order, as the renderer reads it).
    @inlinable
    package init(longitude: Double, latitude: Double) {
        self.init(latitude: latitude, longitude: longitude)
    }
}

/// A point in screen or plane space, in device pixels (y down).
public struct Point: Sendable, Hashable {
    /// Horizontal position.
    public var x: Double
    /// Vertical position (down).
    public var y: Double

    /// Creates a point.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable var length: Double { (x * x + y * y).squareRoot() }
    @inlinable func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    @inlinable func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    /// The vector turned 90 degrees: (-y, x).
    @inlinable var perpendicular: Point { Point(x: -y, y: x) }
    @inlinable var normalized: Point {
        let l = length
        return l > 0 ? Point(x: x / l, y: y / l) : Point(x: 0, y: 0)
    }
}
