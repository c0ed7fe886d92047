/// Where the map looks: centre, zoom, bearing and pitch, with MapLibre's meanings.
public struct Camera: Sendable, Hashable {
    /// The geographic point at the centre of the view.
    public var center: Coordinate
    /// Zoom level: the world is `512 * 2^zoom` CSS pixels wide (clamped to 0...30 when rendering).
    public var zoom: Double
    /// Compass direction the top of the view faces, degrees clockwise from north.
    public var bearing: Double
    /// Tilt from straight down, degrees (clamped to 0...60 as MapLibre does).
    public var pitch: Double

    /// Creates a camera.
    public init(center: Coordinate = Coordinate(longitude: 0, latitude: 0), zoom: Double = 0,
                bearing: Double = 0, pitch: Double = 0) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
    }
}
