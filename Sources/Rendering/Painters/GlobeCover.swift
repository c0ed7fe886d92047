import Foundation
import Geo

/// The pixels of a paint context's clip that show the globe: the tile meshes of the tiles covering
/// the view rasterized as GL JS draws a background on the globe (`draw_background.ts`: each covering
/// tile's mesh, reaching the poles, no stencil), one run per row, worked out when first asked for and
/// kept for the render (backgrounds and layers covering the whole view read it).
final class GlobeCover {
    let globe: GlobeView
    let clip: PixelClip
    private let transform: Transform
    /// Start and end column per row of the clip, once worked out.
    private var runs: [Int32] = []

    init(transform: Transform, globe: GlobeView, clip: PixelClip) {
        self.transform = transform
        self.globe = globe
        self.clip = clip
    }

    /// The columns `a..<b` of row `y` showing the globe (empty when `a >= b`).
    @inline(__always)
    func span(row y: Int) -> (Int, Int) {
        if runs.isEmpty { work() }
        let i = 2 * (y - clip.y0)
        guard i >= 0, i + 1 < runs.count else { return (0, 0) }
        return (Int(runs[i]), Int(runs[i + 1]))
    }

    private func work() {
        let rows = max(0, clip.y1 - clip.y0)
        if isInsideGlobe(clip) {
            // the whole clip shows the globe (its outline is convex): no mesh to draw
            var runs = [Int32](repeating: 0, count: 2 * max(1, rows))
            for r in 0..<rows {
                runs[2 * r] = Int32(clip.x0)
                runs[2 * r + 1] = Int32(clip.x1)
            }
            self.runs = runs
            return
        }
        var runs = [Int32](repeating: Int32(clip.x0), count: 2 * max(1, rows))
        let y0 = clip.y0
        // On the sphere, a row whose whole width lies on the globe (a margin inside its outline, as for
        // the whole clip above) shows it from edge to edge: the meshes are drawn only over the rows from
        // the first to the last that reach the outline (the outline is convex: the rows at the top and
        // bottom of the globe, and those beside its limb).
        var meshRows = 0..<rows
        if globe.isSphere {
            var first = rows, last = -1
            for r in 0..<rows {
                if isInsideGlobe(PixelClip(x0: clip.x0, y0: y0 + r, x1: clip.x1, y1: y0 + r + 1)) {
                    runs[2 * r + 1] = Int32(clip.x1)
                } else {
                    first = min(first, r)
                    last = r
                }
            }
            guard first <= last else {
                self.runs = runs
                return
            }
            meshRows = first..<(last + 1)
            for r in meshRows { runs[2 * r + 1] = Int32(clip.x0) }
        }
        let meshClip = PixelClip(x0: clip.x0, y0: y0 + meshRows.lowerBound, x1: clip.x1, y1: y0 + meshRows.upperBound)
        let rasterizer = GlobeMeshRasterizer(globe: globe, clip: meshClip)
        for tile in GlobeCover.tiles(transform: transform, globe: globe) {
            rasterizer.rasterize(GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile)) { s in
                let i = 2 * (s.y - y0)
                if runs[i] >= runs[i + 1] {
                    runs[i] = Int32(s.x0)
                    runs[i + 1] = Int32(s.x1)
                } else {
                    runs[i] = min(runs[i], Int32(s.x0))
                    runs[i + 1] = max(runs[i + 1], Int32(s.x1))
                }
            }
        }
        self.runs = runs
    }

    /// Whether the whole clip lies on the globe, a margin inside its outline: the outline of a
    /// sphere seen in perspective is an ellipse (convex), so four corners on it put the rectangle on
    /// it; the margin keeps the mesh's chords (inside the true outline) around the corners too. A
    /// blend with Mercator bends the outline: checked along the clip's edges instead.
    private func isInsideGlobe(_ clip: PixelClip) -> Bool {
        guard !clip.isEmpty else { return false }
        let margin = 2.0
        let x0 = Double(clip.x0) - margin, y0 = Double(clip.y0) - margin
        let x1 = Double(clip.x1) + margin, y1 = Double(clip.y1) + margin
        let steps = globe.isSphere ? 1 : 16
        for k in 0...steps {
            let f = Double(k) / Double(steps)
            let xs = x0 + (x1 - x0) * f, ys = y0 + (y1 - y0) * f
            for (x, y) in [(xs, y0), (xs, y1), (x0, ys), (x1, ys)] where !globe.isOnGlobe(screenX: x, y: y) {
                return false
            }
        }
        return true
    }

    /// The world rectangles of the tiles covering the globe's view: the tiles at the camera's tile
    /// zoom over the world rectangle holding what shows (x within half a world of the centre's).
    static func tiles(transform: Transform, globe: GlobeView) -> [WorldBounds] {
        let corners = globe.visibleWorldCorners()
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in corners {
            minX = min(minX, c.x); maxX = max(maxX, c.x); minY = min(minY, c.y); maxY = max(maxY, c.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return [] }
        let z = max(0, min(24, transform.tileZoom))
        let n = Double(1 << z)
        let x0 = Int((minX * n).rounded(.down)), x1 = Int((maxX * n).rounded(.down))
        let y0 = max(0, Int((minY * n).rounded(.down))), y1 = min((1 << z) - 1, Int((maxY * n).rounded(.down)))
        guard x1 >= x0, y1 >= y0 else { return [] }
        // one tile per column of the sphere (x and x + 2^z are the same tile on the globe)
        let columns = Array(x0...min(x1, x0 + (1 << z) - 1))
        var tiles: [WorldBounds] = []
        for y in y0...y1 {
            for x in columns {
                tiles.append(WorldBounds(minX: Double(x) / n, minY: Double(y) / n, maxX: Double(x + 1) / n, maxY: Double(y + 1) / n))
            }
        }
        return tiles
    }
}
