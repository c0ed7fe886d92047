import Foundation
package import Geo
import Tiling

/// The terrain tiles covering a view, as GL JS covers it (`coveringTiles` in `covering_tiles.ts` with terrain, whose
/// zoom varies per tile: `createCalculateTileZoomFunction(9.314, 3.0)`): tiles near the camera at the covering zoom,
/// tiles farther away (at a pitch, towards the horizon) at lower zooms, by their distance from the camera and the
/// angle they are seen at.
///
/// GL JS draws a terrain tile from the DEM tile one zoom shallower, so a distant tile of a lower zoom reads a
/// shallower DEM tile (ground at 0 m where that is not loaded, as in GL JS).
package enum TerrainCover {
    /// GL JS's `defaultMaxZoomLevelsOnScreen` and `defaultTileCountMaxMinRatio`.
    static let maximumZoomLevelsOnScreen = 9.314
    static let tileCountMaxMinRatio = 3.0

    /// The terrain tiles (each `tileSize` device-independent pixels at its own zoom, 512 for 256-pixel DEM tiles)
    /// covering `view`, quadtree tiles that do not overlap, at most `maximumZoom` deep.
    package static func tiles(view: TerrainView, tileSize: Int = 512, maximumZoom: Int = 22) -> [UnwrappedTileID] {
        let t = view.transform
        let zoom = t.camera.zoom
        let requested = zoom + log2(512 / Double(tileSize))
        let corners = groundCorners(view)
        let centre = (x: t.centerWorld.x / t.worldSize, y: t.centerWorld.y / t.worldSize)
        // the camera in world fractions: back from the centre along the bearing, up by the camera's height
        let d = t.cameraToCenterDistance / t.worldSize
        let pitch = t.camera.pitch * .pi / 180, bearing = t.camera.bearing * .pi / 180
        let back = d * sin(pitch)
        let camera = (x: centre.x - back * sin(bearing), y: centre.y + back * cos(bearing))
        let distanceZ = d * cos(pitch)
        let fov = t.fieldOfViewRadians * 180 / .pi
        let zoomOf = tileZoomFunction(fov: fov, distanceZ: distanceZ, distanceToCenter3D: d)
        // what the view shows, per zoom (the frustum test, on the ground's plane)
        var shown: [Int: Set<UnwrappedTileID>] = [:]
        func visible(_ id: UnwrappedTileID) -> Bool {
            let z = id.canonical.z
            if shown[z] == nil { shown[z] = Set(TileCover.tiles(covering: corners, zoom: z, center: centre)) }
            return shown[z]!.contains(id)
        }
        var stack: [UnwrappedTileID] = []
        let wraps = Set(TileCover.tiles(covering: corners, zoom: 0, center: centre).map(\.wrap))
        for wrap in wraps.sorted() { stack.append(UnwrappedTileID(wrap: wrap, canonical: TileID(z: 0, x: 0, y: 0))) }
        var out: [(id: UnwrappedTileID, distance: Double)] = []
        while let id = stack.popLast() {
            guard visible(id) else { continue }
            let c = id.canonical
            let n = Double(1 << c.z)
            let x0 = Double(id.wrap) + Double(c.x) / n, y0 = Double(c.y) / n
            let dx = max(x0 - camera.x, 0, camera.x - (x0 + 1 / n)), dy = max(y0 - camera.y, 0, camera.y - (y0 + 1 / n))
            let wanted = zoomOf(requested, (dx * dx + dy * dy).squareRoot())
            let desired = wanted.isFinite ? max(0, Int(min(wanted, Double(TileID.maximumZoom)).rounded(.down))) : 0
            let z = min(desired, maximumZoom)
            if c.z >= z || c.z >= TileID.maximumZoom {
                let mx = x0 + 0.5 / n - centre.x, my = y0 + 0.5 / n - centre.y
                out.append((id, mx * mx + my * my))
                continue
            }
            for i in 0..<4 {
                let child = TileID(z: c.z + 1, x: 2 * c.x + i % 2, y: 2 * c.y + i / 2)
                stack.append(UnwrappedTileID(wrap: id.wrap, canonical: child))
            }
            if out.count > TileCover.maximumTiles { break }
        }
        return out.sorted { $0.distance < $1.distance }.map(\.id)
    }

    /// The ground the view can show, in world fractions: where the rays through the screen's corners meet the lowest
    /// ground (at most sea level) or, past it, GL JS's far plane over terrain (``TerrainFog/planes(_:)``).
    static func groundCorners(_ view: TerrainView) -> [(x: Double, y: Double)] {
        let t = view.transform
        let d = t.cameraToCenterDistance
        let far = TerrainFog.planes(view).far
        let low = (min(view.elevation.range.lowerBound, 0) - view.centerElevation) * view.pixelsPerMeter
        let screen = [Point(x: 0, y: 0), Point(x: t.width, y: 0), Point(x: t.width, y: t.height), Point(x: 0, y: t.height)]
        return screen.map { s in
            let r = t.unrolled(s)
            // along the ray at camera depth τ: plane x = uτ/d, plane y = (vτ/d) cos + (d − τ) sin, height (d − τ) cos − (vτ/d) sin
            let descent = t.cosPitch + r.y * t.sinPitch / d
            var tau = far
            if descent > 1e-9 { tau = min(far, max(t.nearDepth, (d * t.cosPitch - low) / descent)) }
            let p = Point(x: r.x * tau / d, y: r.y * tau / d * t.cosPitch + (d - tau) * t.sinPitch)
            let w = t.worldFraction(plane: p)
            return (x: w.x, y: w.y)
        }
    }

    /// GL JS's `createCalculateTileZoomFunction` for one view: the zoom a tile at `distanceToTile2D` (world fractions,
    /// on the ground) from the camera is wanted at, given the zoom wanted at the centre.
    static func tileZoomFunction(fov: Double, distanceZ: Double, distanceToCenter3D: Double) -> (Double, Double) -> Double {
        let radians = Double.pi / 180
        let horizon = Transform.maximumHorizonAngle
        let behaviour = 2 * ((maximumZoomLevelsOnScreen - 1)
            / log2(cos((horizon - fov) * radians) / cos(horizon * radians)) - 1)
        func integral(_ p: Double, _ a: Double, _ b: Double) -> Double {
            let steps = 10
            let dx = (b - a) / Double(steps)
            var sum = 0.0
            for i in 0..<steps { sum += dx * pow(cos(a + (Double(i) + 0.5) / Double(steps) * (b - a)), p) }
            return sum
        }
        let centerPitch = acos(max(-1, min(1, distanceZ / distanceToCenter3D)))
        let half = fov / 2 * radians
        let countPitch0 = 2 * integral(behaviour - 1, 0, half)
        let highest = min(horizon * radians, centerPitch + half)
        let lowest = min(highest, centerPitch - half)
        let count = integral(behaviour - 1, lowest, highest)
        let countTerm = log2(max(1, count / countPitch0 / tileCountMaxMinRatio)) / 2
        let cosHalf = max(0.5, cos(half))
        return { requested, distanceToTile2D in
            let tilePitch = atan(distanceToTile2D / max(distanceZ, 1e-12))
            let distance3D = (distanceToTile2D * distanceToTile2D + distanceZ * distanceZ).squareRoot()
            var z = requested + log2(distanceToCenter3D / max(distance3D, 1e-12) / cosHalf)
            z += behaviour * log2(max(cos(tilePitch), 1e-12)) / 2
            z -= countTerm
            return z
        }
    }
}
