/// A geographic coordinate in the SDK's order: latitude first (GeoJSON writes longitude first).
public struct LocationCoordinate2D: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The coordinate of a GeoJSON position (altitude dropped).
    public init(_ position: Position) {
        self.init(latitude: position.latitude, longitude: position.longitude)
    }

    /// The GeoJSON position `[longitude, latitude]`.
    public var position: Position { Position(longitude: longitude, latitude: latitude) }

    public var description: String { "(\(latitude), \(longitude))" }
}

extension PositionList {
    /// The positions as SDK coordinates (latitude first).
    public var coordinates: [LocationCoordinate2D] { map(LocationCoordinate2D.init) }

    /// A list of the given SDK coordinates.
    public init(_ coordinates: [LocationCoordinate2D]) {
        self.init(flat: ContiguousArray(coordinates.flatMap { [$0.longitude, $0.latitude] }))
    }
}
