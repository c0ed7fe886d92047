public import GeoJSON
public import MapStyle

/// Where a map looks: centre, zoom, bearing and pitch, with MapLibre's meanings (the SDK's `MLNMapCamera`):
/// the world is `512 * 2^zoom` points wide, bearing is degrees clockwise from north, pitch degrees from
/// straight down (drawn clamped to 0...60, zoom to 0...30). The map, its snapshots and the renderer share it.
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

    /// This camera moved to what a newly set style asks for: its `center`, `zoom`, `bearing` and
    /// `pitch` where it sets them, the rest kept (MapLibre jumps to a new style's camera only for
    /// the members the style has).
    public func applying(styleCamera document: StyleDocument) -> MapCamera {
        var camera = self
        if let c = document.center { camera.center = LocationCoordinate2D(latitude: c.latitude, longitude: c.longitude) }
        if let z = document.zoom { camera.zoom = z }
        if document.members["bearing"] != nil { camera.bearing = document.bearing }
        if document.members["pitch"] != nil { camera.pitch = document.pitch }
        return camera
    }
}
