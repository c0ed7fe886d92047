public import Foundation

/// Spherical (Web) Mercator, EPSG:3857: conversions between longitude/latitude, the unit world square,
/// tile coordinates and metres.
///
/// *World coordinates* run from (0, 0) at the north-west corner (180° W, ~85.05° N) to (1, 1) at the
/// south-east corner, as geojson-vt and supercluster use them. *Tile coordinates* at zoom `z` are world
/// coordinates times `2^z` (the integer part is the tile column/row). *Metres* are EPSG:3857 x/y.
/// Longitudes and latitudes are degrees; the GeoJSON module adds conveniences taking its `Position`.
public enum WebMercator {
    /// The WGS 84 equatorial radius the projection uses, in metres.
    public static let earthRadius = 6_378_137.0
    /// Half the world's width in metres: `π × earthRadius` (20,037,508.34… m).
    public static let originShift = Double.pi * earthRadius
    /// The latitude where the square world ends: `atan(sinh(π))` (85.0511…°), the package's one latitude limit.
    public static let maximumLatitude = 85.051128779806592

    /// `latitude` within ±``maximumLatitude`` (NaN stays NaN).
    @inlinable
    public static func clampedLatitude(_ latitude: Double) -> Double {
        max(-maximumLatitude, min(maximumLatitude, latitude))
    }

    /// World x (0...1, not clamped, so longitudes beyond ±180° fall outside) for a longitude in degrees.
    @inlinable
    public static func worldX(longitude: Double) -> Double {
        longitude / 360 + 0.5
    }

    /// World y (clamped to 0...1) for a latitude in degrees, computed as geojson-vt does.
    @inlinable
    public static func worldY(latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return y < 0 ? 0 : (y > 1 ? 1 : y)
    }

    /// World y for a latitude in degrees as the camera places it, *not* clamped to the square world:
    /// latitudes past ±``maximumLatitude`` fall outside 0...1 (vector tiles' buffers reach past the
    /// world's edge); only the poles are kept finite (±89.9999°).
    @inlinable
    public static func unclampedWorldY(latitude: Double) -> Double {
        let lat = max(-89.9999, min(89.9999, latitude)) * .pi / 180
        return 0.5 - log(tan(.pi / 4 + lat / 2)) / (2 * .pi)
    }

    /// World x and y of a longitude/latitude as the camera places them (GL JS's `MercatorCoordinate`):
    /// x not wrapped, y ``unclampedWorldY(latitude:)``. What the renderer's transform projects with.
    @inlinable
    public static func cameraWorld(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        ((longitude + 180) / 360, unclampedWorldY(latitude: latitude))
    }

    /// Longitude in degrees for world x.
    @inlinable
    public static func longitude(worldX x: Double) -> Double {
        (x - 0.5) * 360
    }

    /// Latitude in degrees for world y.
    @inlinable
    public static func latitude(worldY y: Double) -> Double {
        let y2 = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(y2)) / .pi - 90
    }

    /// Latitude in degrees for world y as GL JS's `MercatorCoordinate` inverts it (`atan(sinh(…))`):
    /// the camera's inverse of ``unclampedWorldY(latitude:)``.
    @inlinable
    public static func cameraLatitude(worldY y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }

    /// Fractional tile coordinates of a longitude/latitude at `zoom` (integer part = tile column/row).
    public static func tileCoordinates(longitude: Double, latitude: Double, zoom: Double) -> (x: Double, y: Double) {
        let scale = pow(2, zoom)
        return (worldX(longitude: longitude) * scale, worldY(latitude: latitude) * scale)
    }

    /// The tile containing a longitude/latitude at integer `zoom` (latitudes beyond the square world
    /// clamp to the edge rows; longitudes wrap).
    public static func tile(containingLongitude longitude: Double, latitude: Double, zoom: Int) -> TileID {
        let z = max(0, min(zoom, TileID.maximumZoom))
        let n = 1 << z
        let t = tileCoordinates(longitude: longitude, latitude: latitude, zoom: Double(z))
        // clamp before converting: a huge or non-finite coordinate must not trap
        func index(_ v: Double) -> Int { v.isFinite ? Int(max(-1e15, min(1e15, floor(v)))) : 0 }
        let x = index(t.x)
        let y = min(n - 1, max(0, index(t.y)))
        return TileID(z: z, x: ((x % n) + n) % n, y: y)
    }

    /// EPSG:3857 metres (x, y) of a longitude/latitude (latitude clamped to ±``maximumLatitude``).
    public static func meters(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let lat = clampedLatitude(latitude)
        let x = longitude * originShift / 180
        let y = log(tan((90 + lat) * .pi / 360)) * earthRadius
        return (x, y)
    }

    /// The longitude/latitude at EPSG:3857 metres (x, y).
    public static func lonLat(metersX x: Double, metersY y: Double) -> (longitude: Double, latitude: Double) {
        let lon = x / originShift * 180
        let lat = 360 / .pi * atan(exp(y / earthRadius)) - 90
        return (lon, lat)
    }

    /// The EPSG:3857 box a tile covers, in metres: (minX, minY, maxX, maxY) = west, south, east, north.
    ///
    /// Computed as MapLibre Native computes `{bbox-epsg-3857}`, so the printed values match it digit for digit.
    public static func meterBounds(of tile: TileID) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let resolution = (2 * Double.pi * earthRadius / 256) / pow(2, Double(tile.z))
        let shift = Double.pi * earthRadius
        let tmsY = Double(tile.tmsY)
        func merc(_ v: Double) -> Double { v * resolution * 256 - shift }
        return (merc(Double(tile.x)), merc(tmsY), merc(Double(tile.x + 1)), merc(tmsY + 1))
    }
}
