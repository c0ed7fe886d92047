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
    /// The terrain tiles (each `tileSize` device-independent pixels at its own zoom, 512 for 256-pixel DEM tiles)
    /// covering `view`, quadtree tiles that do not overlap, at most `maximumZoom` deep (``VariableZoomCover``).
    package static func tiles(view: TerrainView, tileSize: Int = 512, maximumZoom: Int = 22) -> [UnwrappedTileID] {
        let t = view.transform
        let requested = t.camera.zoom + log2(512 / Double(tileSize))
        return VariableZoomCover.tiles(t.coverCamera(corners: groundCorners(view)), requestedZoom: requested,
                                       minimumZoom: 0, maximumZoom: maximumZoom).map(\.id)
    }

    /// The ground the view can show, in world fractions: the convex hull of where the rays through the screen's corners
    /// meet the lowest ground (at most sea level) and the highest (a hill rising into the bottom of the view is seen
    /// nearer than the low ground behind it), each at most GL JS's far plane over terrain (``TerrainFog/planes(_:)``)
    /// and at least its near plane: GL JS tests each tile's box from its lowest to its highest elevation.
    static func groundCorners(_ view: TerrainView) -> [(x: Double, y: Double)] {
        let t = view.transform
        let d = t.cameraToCenterDistance
        let far = TerrainFog.planes(view).far
        let low = (min(view.elevation.range.lowerBound, 0) - view.centerElevation) * view.pixelsPerMeter
        let high = (max(view.elevation.range.upperBound, 0) - view.centerElevation) * view.pixelsPerMeter
        let near = t.height / 50
        let screen = [Point(x: 0, y: 0), Point(x: t.width, y: 0), Point(x: t.width, y: t.height), Point(x: 0, y: t.height)]
        var points: [(x: Double, y: Double)] = []
        for s in screen {
            let r = t.unrolled(s)
            // along the ray at camera depth τ: plane x = uτ/d, plane y = (vτ/d) cos + (d − τ) sin, height (d − τ) cos − (vτ/d) sin
            let descent = t.cosPitch + r.y * t.sinPitch / d
            for level in [low, high] {
                var tau = far
                if descent > 1e-9 { tau = min(far, max(near, (d * t.cosPitch - level) / descent)) }
                let p = Point(x: r.x * tau / d, y: r.y * tau / d * t.cosPitch + (d - tau) * t.sinPitch)
                let w = t.worldFraction(plane: p)
                points.append((x: w.x, y: w.y))
            }
        }
        return convexHull(points)
    }

    /// The convex hull of `points` (Andrew's monotone chain), counterclockwise in y-up terms.
    static func convexHull(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let sorted = points.filter { $0.x.isFinite && $0.y.isFinite }.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [(x: Double, y: Double)] = [], upper: [(x: Double, y: Double)] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
