import GeoJSON

/// A map's size in points (CSS pixels) and the device pixels per point.
public struct MapSize: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var pixelRatio: Double

    public init(width: Int, height: Int, pixelRatio: Double = 1) {
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
    }
}
