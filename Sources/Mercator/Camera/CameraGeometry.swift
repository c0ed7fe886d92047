public import GeoJSON
public import Rendering

extension MapCamera {
    /// The transform this camera has in a view of `size` (unquantized: what `Map.point(for:)` uses).
    package func transform(in size: MapSize) -> Transform {
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
        placing(world: world, at: point, transform: transform(in: size))
    }

    /// The world position under `point` in a view of `size`, or `nil` above a pitched horizon.
    func world(at point: Point, in size: MapSize) -> Point? {
        transform(in: size).worldPosition(atScreen: point)
    }
}
