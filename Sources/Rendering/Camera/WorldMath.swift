package import GeoJSON

/// Web Mercator positions as fractions of the world (x from -180° to 180°, y down from ~85° N),
/// the space the camera arithmetic (fitting, animations, gestures, constraints) works in.
package enum WorldMath {
    /// The world position of a coordinate (not clamped; longitudes past ±180° leave 0...1).
    package static func world(_ c: LocationCoordinate2D) -> Point {
        Transform.mercator(c)
    }

    /// The coordinate of a world position (longitude not wrapped).
    package static func coordinate(_ p: Point) -> LocationCoordinate2D {
        Transform.coordinate(mercator: p)
    }

    /// `longitude` wrapped into -180..<180 (180 stays 180, as GL JS's `LngLat.wrap` keeps it).
    package static func wrap(longitude: Double) -> Double {
        if longitude >= -180 && longitude <= 180 { return longitude }
        let w = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (w < 0 ? w + 360 : w) - 180
    }
}

extension MapCamera {
    /// The largest pitch drawn, in degrees (the transform clamps to it): 85, GL JS's render tests'
    /// `maxPitch` (MapLibre Native stops at 60; GL JS 5.24's map option defaults to 60).
    package static let pitchLimit = Transform.maximumPitch

    /// This camera moved (centre only) so that the world position `world` is drawn at `point` (CSS
    /// pixels) under `transform`, this camera's transform: GL JS's `setLocationAtPoint`. Unchanged when
    /// `point` is above a pitched horizon.
    package func placing(world: Point, at point: Point, transform t: Transform) -> MapCamera {
        guard let under = t.worldPosition(atScreen: point) else { return self }
        let c = WorldMath.world(center)
        var moved = self
        moved.center = WorldMath.coordinate(Point(x: c.x + world.x - under.x, y: c.y + world.y - under.y))
        return moved
    }
}
