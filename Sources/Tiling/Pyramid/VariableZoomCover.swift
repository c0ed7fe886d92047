import Foundation
package import Geo

/// The tiles covering a pitched view as GL JS covers it when the zoom may vary per tile (`coveringTiles` in
/// `covering_tiles.ts` with `createCalculateTileZoomFunction(9.314, 3.0)`): each quadtree tile the view shows is
/// split until it reaches the zoom wanted at its distance from the camera, so tiles near the camera are at the
/// covering zoom (or deeper, below a steep camera) and tiles towards the horizon at lower zooms.
///
/// GL JS covers this way over terrain and, on a flat map, past a pitch of `78.5° - fov / 2` (at most 60°;
/// `allowVariableZoom`); below it every tile is at the covering zoom (``TileCover``).
package enum VariableZoomCover {
    /// GL JS's `defaultMaxZoomLevelsOnScreen` and `defaultTileCountMaxMinRatio`.
    static let maximumZoomLevelsOnScreen = 9.314
    static let tileCountMaxMinRatio = 3.0
    /// GL JS's `maxMercatorHorizonAngle`.
    static let maximumHorizonAngle = 89.25

    /// Where the camera is, in world fractions (Web Mercator, 0...1 across the world).
    package struct Camera: Sendable {
        /// The ground the view can show: a convex polygon (world fractions).
        package var corners: [(x: Double, y: Double)]
        /// The point looked at.
        package var center: (x: Double, y: Double)
        /// The camera's position over the ground.
        package var position: (x: Double, y: Double)
        /// The camera's height over the ground the view centres on.
        package var height: Double
        /// The camera's distance to the point looked at.
        package var distanceToCenter: Double
        /// The vertical field of view in degrees.
        package var fieldOfView: Double

        package init(corners: [(x: Double, y: Double)], center: (x: Double, y: Double), position: (x: Double, y: Double),
                     height: Double, distanceToCenter: Double, fieldOfView: Double) {
            self.corners = corners
            self.center = center
            self.position = position
            self.height = height
            self.distanceToCenter = distanceToCenter
            self.fieldOfView = fieldOfView
        }
    }

    /// Whether GL JS covers a flat view with tiles of varying zoom (`allowVariableZoom` without terrain): past
    /// `78.5° - zfov / 2`, at most 60°, where `zfov` is the field of view (degrees) widened by the roll across
    /// the view.
    package static func applies(pitch: Double, roll: Double, fieldOfView: Double, width: Double, height: Double) -> Bool {
        let r = roll * .pi / 180
        let zfov = fieldOfView * (abs(cos(r)) * height + abs(sin(r)) * width) / max(height, 1e-9)
        return pitch > max(0, min(60, 78.5 - zfov / 2))
    }

    /// The tiles covering the view, nearest the centre first, each with the zoom wanted at its distance (at least
    /// its own; more where a tile is kept at `maximumZoom` and overscaled). `requestedZoom` is the zoom wanted at the
    /// centre (the camera's zoom for 512-pixel tiles, plus `log2(512 / tileSize)`); `rounding` takes it to an
    /// integer (down for vector tiles, to nearest for raster tiles, as `coveringZoomLevel`).
    package static func tiles(_ camera: Camera, requestedZoom: Double, minimumZoom: Int, maximumZoom: Int,
                              rounding: FloatingPointRoundingRule = .down) -> [(id: UnwrappedTileID, wantedZoom: Int)] {
        guard camera.corners.count >= 3, camera.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
              requestedZoom.isFinite, camera.height > 0, camera.distanceToCenter > 0 else { return [] }
        let zoomOf = tileZoomFunction(fieldOfView: camera.fieldOfView, height: camera.height,
                                      distanceToCenter: camera.distanceToCenter)
        // what the view shows: the tiles whose square meets the ground polygon
        let ground = ConvexPolygon(camera.corners)
        let wraps = Set(TileCover.tiles(covering: camera.corners, zoom: 0, center: camera.center).map(\.wrap))
        let p = camera.position
        return tiles(wraps: wraps.sorted(), center: camera.center, requestedZoom: requestedZoom, minimumZoom: minimumZoom,
                     maximumZoom: maximumZoom, rounding: rounding, zoomAt: zoomOf,
                     visible: { id in
                         let (x0, y0, size) = square(id)
                         return ground.meets(x0: x0, y0: y0, x1: x0 + size, y1: y0 + size)
                     },
                     distance: { id in
                         let (x0, y0, size) = square(id)
                         let dx = max(x0 - p.x, 0, p.x - (x0 + size)), dy = max(y0 - p.y, 0, p.y - (y0 + size))
                         return (dx * dx + dy * dy).squareRoot()
                     })
    }

    /// A tile's square: its top left corner and side (world fractions, its wrap's world copy).
    package static func square(_ id: UnwrappedTileID) -> (x0: Double, y0: Double, size: Double) {
        let n = Double(1 << id.canonical.z)
        return (Double(id.wrap) + Double(id.canonical.x) / n, Double(id.canonical.y) / n, 1 / n)
    }

    /// GL JS's quadtree walk (`coveringTiles`) from the zoom 0 tiles of `wraps`: a tile `visible` in the view is split
    /// until it reaches the zoom `zoomAt(requestedZoom, distance(tile))` (its distance from the camera on the ground,
    /// world fractions, as the projection measures it), kept from `minimumZoom`, at most `maximumZoom` deep; nearest
    /// `center` first.
    package static func tiles(wraps: [Int], center: (x: Double, y: Double), requestedZoom: Double, minimumZoom: Int,
                              maximumZoom: Int, rounding: FloatingPointRoundingRule, zoomAt: (Double, Double) -> Double,
                              visible: (UnwrappedTileID) -> Bool,
                              distance: (UnwrappedTileID) -> Double) -> [(id: UnwrappedTileID, wantedZoom: Int)] {
        let deepest = max(0, min(maximumZoom, TileID.maximumZoom))
        var stack: [UnwrappedTileID] = wraps.map { UnwrappedTileID(wrap: $0, canonical: TileID(z: 0, x: 0, y: 0)) }
        var out: [(id: UnwrappedTileID, wanted: Int, distance: Double)] = []
        while let id = stack.popLast() {
            guard visible(id) else { continue }
            let c = id.canonical
            let wanted = zoomAt(requestedZoom, distance(id)).rounded(rounding)
            let desired = wanted.isFinite ? Int(max(0, min(wanted, Double(TileID.maximumZoom)))) : 0
            if c.z >= min(desired, deepest) {
                if c.z < minimumZoom { continue }
                let (x0, y0, size) = square(id)
                let mx = x0 + size / 2 - center.x, my = y0 + size / 2 - center.y
                out.append((id, max(c.z, desired), mx * mx + my * my))
                continue
            }
            for i in 0..<4 {
                stack.append(UnwrappedTileID(wrap: id.wrap, canonical: TileID(z: c.z + 1, x: 2 * c.x + i % 2, y: 2 * c.y + i / 2)))
            }
            if out.count > TileCover.maximumTiles { break }
        }
        return out.sorted { $0.distance < $1.distance }.map { ($0.id, $0.wanted) }
    }

    /// GL JS's `createCalculateTileZoomFunction(9.314, 3.0)` for one view: the zoom a tile `distanceToTile` (world
    /// fractions, on the ground) from the camera is wanted at, given the zoom wanted at the centre.
    package static func tileZoomFunction(fieldOfView fov: Double, height distanceZ: Double,
                                         distanceToCenter distanceToCenter3D: Double) -> (Double, Double) -> Double {
        let radians = Double.pi / 180
        let horizon = maximumHorizonAngle
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

/// A convex polygon on the ground (world fractions), tested against tile squares by separating axes.
package struct ConvexPolygon: Sendable {
    private let points: [(x: Double, y: Double)]
    private let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// +1 when the points turn counterclockwise (y down), -1 otherwise.
    private let orientation: Double

    package init(_ points: [(x: Double, y: Double)]) {
        self.points = points
        minX = points.map(\.x).min() ?? 0
        maxX = points.map(\.x).max() ?? 0
        minY = points.map(\.y).min() ?? 0
        maxY = points.map(\.y).max() ?? 0
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        orientation = area >= 0 ? 1 : -1
    }

    /// The convex hull of `points` (Andrew's monotone chain), or nil when they span no area.
    package static func hull(of points: [(x: Double, y: Double)]) -> ConvexPolygon? {
        let sorted = points.filter { $0.x.isFinite && $0.y.isFinite }.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count >= 3 else { return nil }
        func cross(_ o: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [(x: Double, y: Double)] = [], upper: [(x: Double, y: Double)] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let hull = Array(lower.dropLast()) + Array(upper.dropLast())
        return hull.count >= 3 ? ConvexPolygon(hull) : nil
    }

    /// Whether the rectangle `x0...x1` x `y0...y1` meets the polygon (touching counts).
    package func meets(x0: Double, y0: Double, x1: Double, y1: Double) -> Bool {
        guard x1 >= minX, x0 <= maxX, y1 >= minY, y0 <= maxY else { return false }
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            let ex = b.x - a.x, ey = b.y - a.y
            // every corner strictly outside this edge: the edge separates them
            if corners.allSatisfy({ c in (ex * (c.1 - a.y) - ey * (c.0 - a.x)) * orientation < 0 }) { return false }
        }
        return true
    }
}

