import Foundation
import GeoJSON
import Tiling

extension MapCamera {
    /// The camera that shows `bounds` whole in a view of `size`, with `padding` points on each
    /// side, north up and unpitched (Web Mercator, 512-point tiles).
    ///
    /// A box whose west is greater than its east is taken to cross the antimeridian.
    public static func fitting(_ bounds: BoundingBox, in size: MapSize, padding: Double = 20, maximumZoom: Double = 20) -> MapCamera {
        var west = bounds.west, east = bounds.east
        if east < west { east += 360 }
        let x0 = (west + 180) / 360, x1 = (east + 180) / 360
        let y0 = WebMercator.worldY(latitude: bounds.north), y1 = WebMercator.worldY(latitude: bounds.south)
        let width = max(1, Double(size.width) - 2 * padding), height = max(1, Double(size.height) - 2 * padding)
        let spanX = max(x1 - x0, 1e-12), spanY = max(y1 - y0, 1e-12)
        let zoom = min(maximumZoom, max(0, log2(min(width / (512 * spanX), height / (512 * spanY)))))
        let cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        var lon = cx * 360 - 180
        if lon > 180 { lon -= 360 }
        let lat = WebMercator.latitude(worldY: cy)
        return MapCamera(center: LocationCoordinate2D(latitude: lat, longitude: lon), zoom: zoom)
    }
}
