public import GeoJSON
public import MapStyle

/// Where a map looks: centre, zoom, bearing and pitch, with MapLibre's meanings (the SDK's `MLNMapCamera`):
/// the world is `512 * 2^zoom` points wide, bearing is degrees clockwise from north, pitch degrees from
/// straight down (drawn clamped to 0...85, GL JS's render tests' `maxPitch`; zoom to 0...30), roll degrees
/// the view turns about its centre (GL JS's `roll`), the vertical field of view in degrees (GL JS's `fov`,
/// 36.87 by default, 0.1...150) and the centre's altitude in metres (the style's `centerAltitude`, GL JS's
/// `elevation`). The map, its snapshots and the renderer share it.
public struct MapCamera: Sendable, Hashable {
    public var center: LocationCoordinate2D
    public var zoom: Double
    public var bearing: Double
    public var pitch: Double
    /// How far the view turns about its centre, in degrees (GL JS's `roll`; 0 by default).
    public var roll: Double = 0
    /// The vertical field of view in degrees (GL JS's `fov`: 36.87 by default, clamped to 0.1...150 when drawn).
    public var fieldOfView: Double = MapCamera.defaultFieldOfView
    /// The altitude of the centre point in metres above sea level (the style's `centerAltitude`, GL JS's
    /// camera `elevation`; 0 by default): the ground is drawn that far below the point the camera looks at.
    public var centerAltitude: Double = 0

    /// GL JS's default vertical field of view in degrees (`atan(0.75) * 2`, a camera 1.5 view heights away).
    public static let defaultFieldOfView = 36.86989764584402

    public init(center: LocationCoordinate2D = LocationCoordinate2D(latitude: 0, longitude: 0), zoom: Double = 0,
                bearing: Double = 0, pitch: Double = 0) {
        self.center = center
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
    }

    /// A camera with a roll, a field of view and a centre altitude as well (GL JS's `jumpTo` options).
    public init(center: LocationCoordinate2D, zoom: Double, bearing: Double = 0, pitch: Double = 0, roll: Double,
                fieldOfView: Double = MapCamera.defaultFieldOfView, centerAltitude: Double = 0) {
        self.init(center: center, zoom: zoom, bearing: bearing, pitch: pitch)
        self.roll = roll
        self.fieldOfView = fieldOfView
        self.centerAltitude = centerAltitude
    }

    /// The camera a style document asks for (its root `center`, `zoom`, `bearing`, `pitch`, `roll`,
    /// `centerAltitude`), with `fallbackCenter` and `fallbackZoom` where the style gives none.
    public init(style document: StyleDocument, fallbackCenter: Position = Position(0, 0), fallbackZoom: Double = 0) {
        let c = document.center ?? fallbackCenter
        self.init(center: LocationCoordinate2D(latitude: c.latitude, longitude: c.longitude),
                  zoom: document.zoom ?? fallbackZoom, bearing: document.bearing, pitch: document.pitch)
        if let r = document.members["roll"]?.number, r.isFinite { roll = r }
        if let a = document.members["centerAltitude"]?.number, a.isFinite { centerAltitude = a }
    }

    /// This camera moved to what a newly set style asks for: its `center`, `zoom`, `bearing`,
    /// `pitch`, `roll` and `centerAltitude` where it sets them, the rest kept (MapLibre jumps to a new style's camera only for
    /// the members the style has).
    public func applying(styleCamera document: StyleDocument) -> MapCamera {
        var camera = self
        if let c = document.center { camera.center = LocationCoordinate2D(latitude: c.latitude, longitude: c.longitude) }
        if let z = document.zoom { camera.zoom = z }
        if document.members["bearing"] != nil { camera.bearing = document.bearing }
        if document.members["pitch"] != nil { camera.pitch = document.pitch }
        if let r = document.members["roll"]?.number, r.isFinite { camera.roll = r }
        if let a = document.members["centerAltitude"]?.number, a.isFinite { camera.centerAltitude = a }
        return camera
    }
}
