import Foundation
import Geo
import GeoJSON

extension Transform {
    /// The Earth's radius GL JS measures heights with (`earthRadius` in `lng_lat.ts`, metres).
    package static let terrainEarthRadius = 6371008.8

    /// Device pixels per metre of elevation, as GL JS's Mercator transform scales heights: one scale for
    /// the whole view, the centre latitude's (`mercatorZfromAltitude(1, center.lat) * worldSize`).
    package var terrainPixelsPerMeter: Double {
        let lat = camera.center.latitude * .pi / 180
        return worldSize / (2 * .pi * Transform.terrainEarthRadius * max(cos(lat), 1e-9))
    }
}

/// The camera over 3D terrain: the transform with the map's centre raised to the ground's elevation there,
/// as GL JS places it (`transform.elevation`, the terrain's elevation at the centre at the tile zoom).
///
/// A point `e` metres up (exaggerated) is `(e - centerElevation) * pixelsPerMeter` device pixels above the
/// plane the flat map is drawn on; with flat ground at the centre's elevation the picture is the flat map's.
package struct TerrainView: Sendable {
    package let transform: Transform
    package let elevation: TerrainElevation
    /// The zoom of the terrain tiles elevations are read from (GL JS's `transform.tileZoom`).
    package let tileZoom: Int
    /// The ground's elevation under the centre (exaggerated metres).
    package let centerElevation: Double
    /// ``Transform/terrainPixelsPerMeter``.
    package let pixelsPerMeter: Double

    package init(transform: Transform, elevation: TerrainElevation) {
        self.transform = transform
        self.elevation = elevation
        tileZoom = Int(max(0, min(Double(TileID.maximumZoom), transform.camera.zoom.rounded(.down))))
        centerElevation = elevation.elevation(worldX: transform.centerWorld.x / transform.worldSize,
                                              worldY: transform.centerWorld.y / transform.worldSize, zoom: tileZoom)
        pixelsPerMeter = transform.terrainPixelsPerMeter
    }

    /// The ground's exaggerated elevation (metres) at a world position (Web Mercator fractions).
    @inline(__always)
    package func groundElevation(worldX: Double, worldY: Double) -> Double {
        elevation.elevation(worldX: worldX, worldY: worldY, zoom: tileZoom)
    }

    /// The camera-space position of a world position (fractions) `metres` up (exaggerated).
    @inline(__always)
    func cameraPoint(worldX: Double, worldY: Double, metres: Double) -> CameraPoint {
        let p = transform.plane(worldFraction: Point(x: worldX, y: worldY))
        return transform.cameraPoint(plane: p, z: (metres - centerElevation) * pixelsPerMeter)
    }

    /// The screen position (device pixels) of a world position `metres` up, or nil behind the near plane.
    package func screen(worldX: Double, worldY: Double, metres: Double) -> Point? {
        let c = cameraPoint(worldX: worldX, worldY: worldY, metres: metres)
        guard c.depth > transform.nearDepth else { return nil }
        return transform.screen(camera: c)
    }

    /// The screen position (device pixels) of the ground at a world position, or nil behind the camera.
    package func screenOnGround(worldX: Double, worldY: Double) -> Point? {
        screen(worldX: worldX, worldY: worldY, metres: groundElevation(worldX: worldX, worldY: worldY))
    }

    /// The world position (Web Mercator fractions, x not wrapped) of the ground seen at a screen position
    /// (device pixels): the nearest point where the ray through the pixel meets the terrain (GL JS reads it
    /// from its coordinates framebuffer), or nil when the ray meets no ground (above the horizon).
    package func ground(screen s: Point) -> Point? {
        let t = transform
        let d = t.cameraToCenterDistance
        let u = s.x - t.width / 2, v = s.y - t.height / 2
        // along the ray at camera depth τ: plane x = uτ/d, plane y = (vτ/d)cos + (d − τ)sin, height (d − τ)cos − (vτ/d)sin
        let descent = t.cosPitch + v * t.sinPitch / d
        guard descent > 1e-9 else { return nil }
        func world(_ tau: Double) -> (Point, Double) {
            let p = Point(x: u * tau / d, y: v * tau / d * t.cosPitch + (d - tau) * t.sinPitch)
            return (t.worldFraction(plane: p), (d - tau) * t.cosPitch - v * tau / d * t.sinPitch)
        }
        func above(_ tau: Double) -> Double {
            let (w, z) = world(tau)
            return z - (groundElevation(worldX: w.x, worldY: w.y) - centerElevation) * pixelsPerMeter
        }
        let lowest = (elevation.range.lowerBound - centerElevation) * pixelsPerMeter - 1
        let near = t.nearDepth
        let end = min((d * t.cosPitch - lowest) / descent, 1000 * d)
        guard end > near else { return nil }
        let steps = 512
        var previous = near
        if above(near) <= 0 { return world(near).0 }
        for i in 1...steps {
            let tau = near + (end - near) * Double(i) / Double(steps)
            if above(tau) <= 0 {
                var lo = previous, hi = tau
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if above(mid) > 0 { lo = mid } else { hi = mid }
                }
                return world(hi).0
            }
            previous = tau
        }
        return nil
    }
}
