import Foundation
import GeoJSON
import Rendering

/// Web Mercator positions as fractions of the world (x from -180° to 180°, y down from ~85° N),
/// the space the camera arithmetic works in.
enum WorldMath {
    /// The world position of a coordinate (not clamped; longitudes past ±180° leave 0...1).
    static func world(_ c: LocationCoordinate2D) -> Point {
        Transform.mercator(c)
    }

    /// The coordinate of a world position (longitude not wrapped).
    static func coordinate(_ p: Point) -> LocationCoordinate2D {
        Transform.coordinate(mercator: p)
    }

    /// `longitude` wrapped into -180..<180 (180 stays 180, as GL JS's `LngLat.wrap` keeps it).
    static func wrap(longitude: Double) -> Double {
        if longitude >= -180 && longitude <= 180 { return longitude }
        let w = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (w < 0 ? w + 360 : w) - 180
    }
}

extension MapCamera {
    /// The transform this camera has in a view of `size` (unquantized: what `Map.point(for:)` uses).
    public func transform(in size: MapSize) -> Transform {
        Transform(camera: self, width: size.width, height: size.height, pixelRatio: size.pixelRatio)
    }

    /// The point in a view of `size` (points from the top left) where `coordinate` is drawn, for any
    /// bearing and pitch (the projection `Map.point(for:)` uses).
    public func point(for coordinate: LocationCoordinate2D, in size: MapSize) -> Point {
        transform(in: size).screenPoint(for: coordinate)
    }

    /// The coordinate drawn at `point` (points from the top left) in a view of `size`; `nil` above a
    /// pitched horizon.
    public func coordinate(for point: Point, in size: MapSize) -> LocationCoordinate2D? {
        transform(in: size).coordinate(at: point)
    }

    /// This camera moved (centre only) so that the world position `world` is drawn at `point`:
    /// GL JS's `setLocationAtPoint`. Unchanged when `point` is above a pitched horizon.
    func placing(world: Point, at point: Point, in size: MapSize) -> MapCamera {
        let t = transform(in: size)
        guard let under = t.worldPosition(atScreen: point) else { return self }
        let c = WorldMath.world(center)
        var moved = self
        moved.center = WorldMath.coordinate(Point(x: c.x + world.x - under.x, y: c.y + world.y - under.y))
        return moved
    }

    /// The world position under `point` in a view of `size`, or `nil` above a pitched horizon.
    func world(at point: Point, in size: MapSize) -> Point? {
        transform(in: size).worldPosition(atScreen: point)
    }
}
