import GeoJSON

/// A map's size in points (CSS pixels) and the device pixels per point.
///
/// Its image is `width × pixelRatio` by `height × pixelRatio` device pixels, each side cut to a whole
/// pixel (the product taken in single precision, as MapLibre Native sizes its framebuffer); at a
/// fractional ratio the map is drawn onto those whole pixels.
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
