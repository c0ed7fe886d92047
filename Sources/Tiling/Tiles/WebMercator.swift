import GeoJSON
import Foundation

/// Spherical (Web) Mercator, EPSG:3857: conversions between longitude/latitude, the unit world square,
/// tile coordinates and metres.
///
/// *World coordinates* run from (0, 0) at the north-west corner (180° W, ~85.05° N) to (1, 1) at the
/// south-east corner, as geojson-vt and supercluster use them. *Tile coordinates* at zoom `z` are world
/// coordinates times `2^z` (the integer part is the tile column/row). *Metres* are EPSG:3857 x/y.
public enum WebMercator {
    /// The WGS 84 equatorial radius the projection uses, in metres.
    public static let earthRadius = 6_378_137.0
    /// Half the world's width in metres: `π × earthRadius` (20,037,508.34… m).
    public static let originShift = Double.pi * earthRadius
    /// The latitude where the square world ends: `atan(sinh(π))` (85.0511…°).
    public static let maximumLatitude = 85.051128779806592

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

    /// World coordinates (x, y) of a position.
    public static func world(_ p: Position) -> (x: Double, y: Double) {
        (worldX(longitude: p.longitude), worldY(latitude: p.latitude))
    }

    /// The position at world coordinates (x, y).
    public static func position(worldX x: Double, worldY y: Double) -> Position {
        Position(longitude: longitude(worldX: x), latitude: latitude(worldY: y))
    }

    /// Fractional tile coordinates of a position at `zoom` (integer part = tile column/row).
    public static func tileCoordinates(_ p: Position, zoom: Double) -> (x: Double, y: Double) {
        let scale = pow(2, zoom)
        let w = world(p)
        return (w.x * scale, w.y * scale)
    }

    /// The tile containing a position at integer `zoom` (latitudes beyond the square world clamp to
    /// the edge rows; longitudes wrap).
    public static func tile(containing p: Position, zoom: Int) -> TileID {
        let z = max(0, min(zoom, TileID.maximumZoom))
        let n = 1 << z
        let t = tileCoordinates(p, zoom: Double(z))
        // clamp before converting: a huge or non-finite coordinate must not trap
        func index(_ v: Double) -> Int { v.isFinite ? Int(max(-1e15, min(1e15, floor(v)))) : 0 }
        let x = index(t.x)
        let y = min(n - 1, max(0, index(t.y)))
        return TileID(z: z, x: ((x % n) + n) % n, y: y)
    }

    /// EPSG:3857 metres (x, y) of a position (latitude clamped to ±``maximumLatitude``).
    public static func meters(_ p: Position) -> (x: Double, y: Double) {
        let lat = max(-maximumLatitude, min(maximumLatitude, p.latitude))
        let x = p.longitude * originShift / 180
        let y = log(tan((90 + lat) * .pi / 360)) * earthRadius
        return (x, y)
    }

    /// The position at EPSG:3857 metres (x, y).
    public static func position(metersX x: Double, metersY y: Double) -> Position {
        let lon = x / originShift * 180
        let lat = 360 / .pi * atan(exp(y / earthRadius)) - 90
        return Position(longitude: lon, latitude: lat)
    }

    /// The longitude/latitude box a tile covers.
    public static func bounds(of tile: TileID) -> BoundingBox {
        let n = Double(tile.dimension)
        let west = longitude(worldX: Double(tile.x) / n)
        let east = longitude(worldX: Double(tile.x + 1) / n)
        let north = latitude(worldY: Double(tile.y) / n)
        let south = latitude(worldY: Double(tile.y + 1) / n)
        return BoundingBox(west: west, south: south, east: east, north: north)
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
