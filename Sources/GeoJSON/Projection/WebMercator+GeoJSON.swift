import Foundation

/// Geo's Web Mercator taking and giving GeoJSON values.
extension WebMercator {
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
        tileCoordinates(longitude: p.longitude, latitude: p.latitude, zoom: zoom)
    }

    /// The tile containing a position at integer `zoom` (latitudes beyond the square world clamp to
    /// the edge rows; longitudes wrap).
    public static func tile(containing p: Position, zoom: Int) -> TileID {
        tile(containingLongitude: p.longitude, latitude: p.latitude, zoom: zoom)
    }

    /// EPSG:3857 metres (x, y) of a position (latitude clamped to ±``maximumLatitude``).
    public static func meters(_ p: Position) -> (x: Double, y: Double) {
        meters(longitude: p.longitude, latitude: p.latitude)
    }

    /// The position at EPSG:3857 metres (x, y).
    public static func position(metersX x: Double, metersY y: Double) -> Position {
        let c = lonLat(metersX: x, metersY: y)
        return Position(longitude: c.longitude, latitude: c.latitude)
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

    /// The world box that spans the square world: longitudes ±180°, latitudes ±``maximumLatitude``.
    public static var worldBoundingBox: BoundingBox {
        BoundingBox(west: -180, south: -maximumLatitude, east: 180, north: maximumLatitude)
    }

    /// ``fit(west:south:east:north:width:height:padding:bearing:maximumZoom:)`` for a GeoJSON box.
    package static func fit(_ bounds: BoundingBox, width: Double, height: Double,
                            padding: (top: Double, left: Double, bottom: Double, right: Double),
                            bearing: Double, maximumZoom: Double) -> (center: LocationCoordinate2D, zoom: Double)? {
        fit(west: bounds.west, south: bounds.south, east: bounds.east, north: bounds.north, width: width, height: height,
            padding: padding, bearing: bearing, maximumZoom: maximumZoom)
            .map { (LocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude), $0.zoom) }
    }

    /// ``fittingCorners(west:south:east:north:)`` of a GeoJSON box, as coordinates.
    package static func fittingCorners(_ bounds: BoundingBox) -> [LocationCoordinate2D] {
        fittingCorners(west: bounds.west, south: bounds.south, east: bounds.east, north: bounds.north)
            .map { LocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude) }
    }
}
