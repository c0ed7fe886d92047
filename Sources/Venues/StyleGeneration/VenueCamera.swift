import Foundation
public import GeoJSON

/// Where the map looks: a centre and a zoom level in MapLibre's 512-pixel world.
public struct VenueCamera: Sendable, Hashable {
    /// The centre of the view.
    public var center: Position
    /// The zoom level (the world is `512 * 2^zoom` pixels wide).
    public var zoom: Double

    /// Creates a camera.
    public init(center: Position, zoom: Double) {
        self.center = center
        self.zoom = zoom
    }

    /// The Earth's circumference at the equator in Web Mercator metres (2πR, R = 6 378 137 m).
    public static let earthCircumference = 2 * Double.pi * 6_378_137.0

    /// Ground metres per pixel at `zoom` and `latitude`.
    public static func metersPerPixel(zoom: Double, latitude: Double) -> Double {
        earthCircumference * cos(latitude * .pi / 180) / (512 * pow(2, zoom))
    }

    /// The seed's `MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:)`: the zoom at which
    /// `meters` span the shorter side of a `width` x `height` viewport (MapKit fits the region inside the view).
    public static func region(center: Position, meters: Double = 100, width: Int, height: Int) -> VenueCamera {
        let side = Double(max(1, min(width, height)))
        let mpp = max(meters, 0.01) / side
        let zoom = log2(earthCircumference * cos(center.latitude * .pi / 180) / (512 * mpp))
        return VenueCamera(center: center, zoom: min(max(zoom, 0), 24))
    }
}
