import Foundation
import Mercator
import Testing

/// Shared fixtures and arithmetic for the camera tests: an independent Web Mercator, the expected
/// centre after anchoring a world point at a screen point, and tolerant comparisons.
enum CameraFixture {
    static let size = MapSize(width: 400, height: 300)
    static let start = MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 10), zoom: 5)

    /// A map of `size` at `start` over a background, a square polygon west of the centre (8..9.5° E,
    /// 19..21° N) and nothing else.
    static func map(camera: MapCamera = start) throws -> Map {
        let style: JSONValue = [
            "version": 8,
            "sources": ["land": ["type": "geojson", "data": ["type": "Feature", "id": 7, "properties": ["name": "west"],
                                                             "geometry": ["type": "Polygon", "coordinates": [[[8, 19], [9.5, 19], [9.5, 21], [8, 21], [8, 19]]]]]]],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
                ["id": "land", "type": "fill", "source": "land", "paint": ["fill-color": "#00ff00"]],
            ],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: size)
    }

    /// World fractions of a coordinate (x east, y south), computed independently of the library.
    static func world(_ c: LocationCoordinate2D) -> (x: Double, y: Double) {
        let lat = c.latitude * .pi / 180
        return ((c.longitude + 180) / 360, 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi))
    }

    static func coordinate(_ w: (x: Double, y: Double)) -> LocationCoordinate2D {
        LocationCoordinate2D(latitude: atan(sinh(.pi * (1 - 2 * w.y))) * 180 / .pi, longitude: w.x * 360 - 180)
    }

    /// The world position under `p` for an unpitched camera (bearing turns screen offsets).
    static func world(under p: Point, camera: MapCamera, size: MapSize = size) -> (x: Double, y: Double) {
        let c = world(camera.center)
        let ws = 512 * pow(2, camera.zoom)
        let (dx, dy) = unrotate(p.x - Double(size.width) / 2, p.y - Double(size.height) / 2, bearing: camera.bearing)
        return (c.x + dx / ws, c.y + dy / ws)
    }

    /// The centre that puts world position `w` under `p` at `zoom` and `bearing` (unpitched).
    static func center(putting w: (x: Double, y: Double), at p: Point, zoom: Double, bearing: Double = 0,
                       size: MapSize = size) -> LocationCoordinate2D {
        let ws = 512 * pow(2, zoom)
        let (dx, dy) = unrotate(p.x - Double(size.width) / 2, p.y - Double(size.height) / 2, bearing: bearing)
        return coordinate((w.x - dx / ws, w.y - dy / ws))
    }

    /// A screen offset turned back to world alignment (screen y down, bearing clockwise).
    static func unrotate(_ x: Double, _ y: Double, bearing: Double) -> (Double, Double) {
        let b = bearing * .pi / 180
        return (x * cos(b) - y * sin(b), x * sin(b) + y * cos(b))
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// Cameras equal to `tolerance` in every member.
    static func same(_ a: MapCamera, _ b: MapCamera, _ tolerance: Double = 1e-9) -> Bool {
        close(a.center, b.center, tolerance) && close(a.zoom, b.zoom, tolerance) && close(a.bearing, b.bearing, tolerance)
            && close(a.pitch, b.pitch, tolerance)
    }

    static func close(_ a: LocationCoordinate2D, _ b: LocationCoordinate2D, _ tolerance: Double = 1e-9) -> Bool {
        close(a.latitude, b.latitude, tolerance) && close(a.longitude, b.longitude, tolerance)
    }
}

extension Point {
    init(_ x: Double, _ y: Double) { self.init(x: x, y: y) }
}
