import Foundation

extension WebMercator {
    /// The centre and zoom at which a longitude/latitude box fills a `width` x `height` view (points)
    /// inside `padding`, turned to `bearing`: GL JS's `cameraForBoxAndBearing` (512-point tiles).
    ///
    /// The one camera fitting of the package: `MapCamera.fitting(bounds:in:padding:bearing:pitch:maximumZoom:)`
    /// (which holds the defaults and refines pitched views) and the venue camera's `.fitOutline` framing
    /// both come here (through GeoJSON's `fit(_:width:height:padding:bearing:maximumZoom:)`). The box's
    /// corners are turned by the bearing, the zoom is the largest that fits them (at most `maximumZoom`),
    /// and the centre is the middle of the box moved by half the padding difference. A box whose west is
    /// greater than its east crosses the antimeridian. `nil` when the padding leaves no room.
    package static func fit(west: Double, south: Double, east: Double, north: Double, width: Double, height: Double,
                            padding: (top: Double, left: Double, bottom: Double, right: Double),
                            bearing: Double, maximumZoom: Double) -> (longitude: Double, latitude: Double, zoom: Double)? {
        let corners = fittingCorners(west: west, south: south, east: east, north: north)
        let angle = -bearing * .pi / 180
        let rotated = corners.map { rotate(cameraWorld(longitude: $0.longitude, latitude: $0.latitude), by: angle) }
        let maxX = rotated.map(\.x).max()!, maxY = rotated.map(\.y).max()!
        let minX = rotated.map(\.x).min()!, minY = rotated.map(\.y).min()!
        let scaleX = (width - padding.left - padding.right) / ((maxX - minX) * 512)
        let scaleY = (height - padding.top - padding.bottom) / ((maxY - minY) * 512)
        guard scaleX >= 0, scaleY >= 0 else { return nil }
        let zoom = min(log2(min(scaleX, scaleY)), maximumZoom)
        let shift = rotate((x: (padding.left - padding.right) / 2, y: (padding.top - padding.bottom) / 2), by: bearing * .pi / 180)
        let worldSize = 512 * pow(2, zoom)
        let nw = cameraWorld(longitude: corners[0].longitude, latitude: corners[0].latitude)
        let se = cameraWorld(longitude: corners[2].longitude, latitude: corners[2].latitude)
        let x = (nw.x + se.x) / 2 - shift.x / worldSize, y = (nw.y + se.y) / 2 - shift.y / worldSize
        var longitude = x * 360 - 180
        if !(longitude >= -180 && longitude <= 180) {
            let w = (longitude + 180).truncatingRemainder(dividingBy: 360)
            longitude = (w < 0 ? w + 360 : w) - 180
        }
        return (longitude, cameraLatitude(worldY: y), zoom)
    }

    /// The box's corners, north-west first, then clockwise (east moved past 180° across the antimeridian),
    /// latitudes clamped to ±``maximumLatitude`` as GL JS's `project` clamps them: a box reaching a
    /// pole (Antarctica at -89.99) fits the Mercator world instead of zooming out towards the pole.
    package static func fittingCorners(west: Double, south: Double, east: Double, north: Double) -> [(longitude: Double, latitude: Double)] {
        var east = east
        if east < west { east += 360 }
        // NaN and infinities kept, so the caller's finiteness check still sees them
        func clamp(_ latitude: Double) -> Double { latitude.isFinite ? clampedLatitude(latitude) : latitude }
        let north = clamp(north), south = clamp(south)
        return [(west, north), (east, north), (east, south), (west, south)]
    }

    /// `p` turned by `angle` radians as GL JS's `Point.rotate` turns it.
    private static func rotate(_ p: (x: Double, y: Double), by angle: Double) -> (x: Double, y: Double) {
        let c = cos(angle), s = sin(angle)
        return (c * p.x - s * p.y, s * p.x + c * p.y)
    }
}
