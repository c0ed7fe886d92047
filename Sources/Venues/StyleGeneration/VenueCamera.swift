import Foundation
import GeoJSON

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

    /// The camera that fits `bounds` inside a `width` x `height` viewport with `padding` pixels on every side.
    public static func fit(_ bounds: BoundingBox, width: Int, height: Int, padding: Double = 20) -> VenueCamera {
        func mercatorY(_ lat: Double) -> Double {
            let clamped = min(max(lat, -85.051129), 85.051129) * .pi / 180
            return (1 - log(tan(clamped) + 1 / cos(clamped)) / .pi) / 2
        }
        let x0 = (bounds.west + 180) / 360, x1 = (bounds.east + 180) / 360
        let y0 = mercatorY(bounds.north), y1 = mercatorY(bounds.south)
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        let lon = cx * 360 - 180
        let lat = atan(sinh(.pi * (1 - 2 * cy))) * 180 / .pi
        let availableW = max(1, Double(width) - 2 * padding), availableH = max(1, Double(height) - 2 * padding)
        let dx = max(x1 - x0, 1e-12), dy = max(y1 - y0, 1e-12)
        let zoom = log2(min(availableW / (dx * 512), availableH / (dy * 512)))
        return VenueCamera(center: Position(lon, lat), zoom: min(max(zoom, 0), 24))
    }
}
