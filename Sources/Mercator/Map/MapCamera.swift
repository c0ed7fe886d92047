import GeoJSON
import MapStyle
import Rendering

/// Where a map looks: centre, zoom, bearing and pitch (MapLibre's meanings: 512-point tiles,
/// bearing in degrees clockwise from north, pitch in degrees from straight down, 0...60).
public struct MapCamera: Sendable, Hashable {
    public var center: LocationCoordinate2D
    public var zoom: Double
    public var bearing: Double
    public var pitch: Double

    public init(center: LocationCoordinate2D = LocationCoordinate2D(latitude: 0, longitude: 0), zoom: Double = 0,
                bearing: Double = 0, pitch: Double = 0) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
    }

    /// The camera a style document asks for (its root `center`, `zoom`, `bearing`, `pitch`), with
    /// `fallbackCenter` and `fallbackZoom` where the style gives none.
    public init(style document: StyleDocument, fallbackCenter: Position = Position(0, 0), fallbackZoom: Double = 0) {
        let c = document.center ?? fallbackCenter
        self.init(center: LocationCoordinate2D(latitude: c.latitude, longitude: c.longitude),
                  zoom: document.zoom ?? fallbackZoom, bearing: document.bearing, pitch: document.pitch)
    }

    /// The renderer's camera.
    var renderCamera: Camera {
        Camera(center: Coordinate(longitude: center.longitude, latitude: center.latitude), zoom: zoom,
               bearing: bearing, pitch: min(max(pitch, 0), 60))
    }
}

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
