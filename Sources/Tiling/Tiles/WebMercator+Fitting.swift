import Foundation
import GeoJSON

extension WebMercator {
    /// The centre and zoom at which `bounds` fills a `width` x `height` view (points) inside `padding`,
    /// turned to `bearing`: GL JS's `cameraForBoxAndBearing` (512-point tiles), in world fractions.
    ///
    /// The one camera fitting of the package: `MapCamera.fitting(bounds:in:padding:bearing:pitch:maximumZoom:)`
    /// (which holds the defaults and refines pitched views) and the venue camera's `.fitOutline` framing
    /// both come here. The box's corners are turned by the bearing, the zoom is the largest that fits
    /// them (at most `maximumZoom`), and the centre is the middle of the box moved by half the padding
    /// difference. A box whose west is greater than its east crosses the antimeridian. `nil` when the
    /// padding leaves no room.
    package static func fit(_ bounds: BoundingBox, width: Double, height: Double,
                            padding: (top: Double, left: Double, bottom: Double, right: Double),
                            bearing: Double, maximumZoom: Double) -> (center: LocationCoordinate2D, zoom: Double)? {
        let corners = fittingCorners(bounds)
        let angle = -bearing * .pi / 180
        let rotated = corners.map { rotate(fittingWorld($0), by: angle) }
        let maxX = rotated.map(\.x).max()!, maxY = rotated.map(\.y).max()!
        let minX = rotated.map(\.x).min()!, minY = rotated.map(\.y).min()!
        let scaleX = (width - padding.left - padding.right) / ((maxX - minX) * 512)
        let scaleY = (height - padding.top - padding.bottom) / ((maxY - minY) * 512)
        guard scaleX >= 0, scaleY >= 0 else { return nil }
        let zoom = min(log2(min(scaleX, scaleY)), maximumZoom)
        let shift = rotate((x: (padding.left - padding.right) / 2, y: (padding.top - padding.bottom) / 2), by: bearing * .pi / 180)
        let worldSize = 512 * pow(2, zoom)
        let nw = fittingWorld(corners[0]), se = fittingWorld(corners[2])
        let x = (nw.x + se.x) / 2 - shift.x / worldSize, y = (nw.y + se.y) / 2 - shift.y / worldSize
        var longitude = x * 360 - 180
        if !(longitude >= -180 && longitude <= 180) {
            let w = (longitude + 180).truncatingRemainder(dividingBy: 360)
            longitude = (w < 0 ? w + 360 : w) - 180
        }
        let latitude = atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
        return (LocationCoordinate2D(latitude: latitude, longitude: longitude), zoom)
    }

    /// The latitude limit of the Mercator square (GL JS's `MAX_VALID_LATITUDE`): fitted boxes stop there.
    package static let fittingLatitudeLimit = 85.0511287798

    /// The box's corners, north-west first, then clockwise (east moved past 180° across the antimeridian),
    /// latitudes clamped to ±``fittingLatitudeLimit`` as GL JS's `project` clamps them: a box reaching a
    /// pole (Antarctica at -89.99) fits the Mercator world instead of zooming out towards the pole.
    package static func fittingCorners(_ bounds: BoundingBox) -> [LocationCoordinate2D] {
        var east = bounds.east
        if east < bounds.west { east += 360 }
        let north = clampFittingLatitude(bounds.north), south = clampFittingLatitude(bounds.south)
        return [LocationCoordinate2D(latitude: north, longitude: bounds.west),
                LocationCoordinate2D(latitude: north, longitude: east),
                LocationCoordinate2D(latitude: south, longitude: east),
                LocationCoordinate2D(latitude: south, longitude: bounds.west)]
    }

    /// `latitude` within ±``fittingLatitudeLimit`` (NaN kept, so the caller's finiteness check still sees it).
    private static func clampFittingLatitude(_ latitude: Double) -> Double {
        guard latitude.isFinite else { return latitude }
        return max(-fittingLatitudeLimit, min(fittingLatitudeLimit, latitude))
    }

    /// A coordinate's world position as the camera places it (latitudes past the Mercator square not
    /// clamped, only the poles kept finite: the renderer's `Transform.mercator`).
    private static func fittingWorld(_ c: LocationCoordinate2D) -> (x: Double, y: Double) {
        let lat = max(-89.9999, min(89.9999, c.latitude)) * .pi / 180
        return ((c.longitude + 180) / 360, 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi))
    }

    /// `p` turned by `angle` radians as GL JS's `Point.rotate` turns it.
    private static func rotate(_ p: (x: Double, y: Double), by angle: Double) -> (x: Double, y: Double) {
        let c = cos(angle), s = sin(angle)
        return (c * p.x - s * p.y, s * p.x + c * p.y)
    }
}
