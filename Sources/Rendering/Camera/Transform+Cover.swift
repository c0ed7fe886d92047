import Foundation
package import Geo
package import Tiling

/// The tiles a view is drawn from, as GL JS covers it: on a flat map past 60° of pitch (less with a roll or a wide
/// field of view), and on the globe from a covering zoom of 5, the zoom varies per tile with its distance from the
/// camera (``VariableZoomCover``), lower towards the horizon; otherwise every tile is at the covering zoom (``TileCover``).
extension Transform {
    /// The camera as the variable-zoom cover sees it, over the ground polygon `corners` (world fractions).
    package func coverCamera(corners: [(x: Double, y: Double)]) -> VariableZoomCover.Camera {
        let center = (x: centerWorld.x / worldSize, y: centerWorld.y / worldSize)
        // the camera: back from the centre along the bearing, up by its height
        let d = cameraToCenterDistance / worldSize
        let pitch = camera.pitch * .pi / 180, bearing = camera.bearing * .pi / 180
        let back = d * sin(pitch)
        return VariableZoomCover.Camera(corners: corners, center: center,
                                        position: (x: center.x - back * sin(bearing), y: center.y + back * cos(bearing)),
                                        height: d * cos(pitch), distanceToCenter: d,
                                        fieldOfView: fieldOfViewRadians * 180 / .pi)
    }

    /// Whether GL JS covers this view with tiles whose zoom varies with their distance (``VariableZoomCover``) for a
    /// source of 512-pixel tiles: flat, past the pitch for it; on the globe, from a covering zoom of 5 at any pitch
    /// (the globe's `allowVariableZoom`).
    package var coversWithVariableZoom: Bool { coversWithVariableZoom(tileSize: 512) }

    /// ``coversWithVariableZoom`` for a source of `tileSize`-pixel tiles whose zoom is taken with `rounding` (the
    /// globe's rule reads the source's covering zoom).
    package func coversWithVariableZoom(tileSize: Int, rounding: FloatingPointRoundingRule = .down) -> Bool {
        if globe != nil { return TileCover.coveringZoom(cameraZoom: camera.zoom, tileSize: tileSize, rounding: rounding) > 4 }
        return isPitched && VariableZoomCover.applies(pitch: camera.pitch, roll: camera.roll, fieldOfView: fieldOfViewRadians * 180 / .pi,
                                                      width: width, height: height)
    }

    /// The tiles of a source with `tileSize`-pixel tiles within `minimumZoom...maximumZoom` covering this view
    /// (overscaled past `maximumZoom`), nearest the centre first: one zoom, or where GL JS varies it a zoom per tile.
    package func sourceTiles(tileSize: Int, minimumZoom: Int, maximumZoom: Int,
                             rounding: FloatingPointRoundingRule = .down) -> [OverscaledTileID] {
        let c = (x: centerWorld.x / worldSize, y: centerWorld.y / worldSize)
        let requested = camera.zoom + log2(512 / Double(max(1, tileSize)))
        if coversWithVariableZoom(tileSize: tileSize, rounding: rounding) {
            let tiles = globe.map { globeVariableZoomTiles($0, requestedZoom: requested, minimumZoom: minimumZoom, maximumZoom: maximumZoom,
                                                         rounding: rounding) }
                ?? VariableZoomCover.tiles(coverCamera(corners: groundWorldCorners()), requestedZoom: requested, minimumZoom: minimumZoom,
                                           maximumZoom: maximumZoom, rounding: rounding)
            if let tiles { return tiles.map { OverscaledTileID(overscaledZ: $0.wantedZoom, tile: $0.id) } }
        }
        return TileCover.sourceTiles(covering: visibleWorldCorners(), center: c, cameraZoom: camera.zoom, tileSize: tileSize,
                                     minimumZoom: minimumZoom, maximumZoom: maximumZoom, rounding: rounding)
    }

    /// GL JS's variable-zoom cover on the globe (`coveringTiles` with the globe's details provider): the camera is GL
    /// JS's camera point (the screen point `tan(pitch)` camera distances below the centre, on the globe) at the flat
    /// camera's height; a tile's distance from it is the larger of its distances across and down (world fractions,
    /// across the antimeridian and mirrored over the poles: `distanceToTile2d`); a tile is in view when its square
    /// meets the visible world and, on the sphere, its cap is in front of the horizon and on screen. Nil when the camera
    /// point is off the globe (one zoom then).
    private func globeVariableZoomTiles(_ g: GlobeView, requestedZoom: Double, minimumZoom: Int, maximumZoom: Int,
                                        rounding: FloatingPointRoundingRule) -> [(id: UnwrappedTileID, wantedZoom: Int)]? {
        let d = cameraToCenterDistance
        let pitch = camera.pitch * .pi / 180, roll = camera.roll * .pi / 180
        let offset = tan(pitch) * d
        guard let point = g.world(screenX: width / 2 + offset * sin(roll), y: height / 2 + offset * cos(roll)) else { return nil }
        let center = (x: centerWorld.x / worldSize, y: centerWorld.y / worldSize)
        let heightAbove = cos(pitch) * d / worldSize
        let across = ((center.x - point.x) * (center.x - point.x) + (center.y - point.y) * (center.y - point.y)).squareRoot()
        let zoomAt = VariableZoomCover.tileZoomFunction(fieldOfView: fieldOfViewRadians * 180 / .pi, height: heightAbove,
                                                         distanceToCenter: (across * across + heightAbove * heightAbove).squareRoot())
        let corners = g.visibleWorldCorners()
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        let wraps = Array(Int(minX.rounded(.down))...Int(maxX.rounded(.down)))
        // the world the screen shows, tighter than its bounding rectangle (GL JS tests each tile against the frustum)
        let hull = g.visibleWorldHull()
        return VariableZoomCover.tiles(
            wraps: wraps, center: center, requestedZoom: requestedZoom, minimumZoom: minimumZoom, maximumZoom: maximumZoom,
            rounding: rounding, zoomAt: zoomAt,
            visible: { id in
                let (x0, y0, size) = VariableZoomCover.square(id)
                guard x0 + size >= minX, x0 <= maxX, y0 + size >= minY, y0 <= maxY,
                      hull?.meets(x0: x0, y0: y0, x1: x0 + size, y1: y0 + size) ?? true else { return false }
                guard g.isSphere, id.canonical.z >= 3 else { return true }
                let cap = Self.sphereCap(ofTile: id)
                return !g.camera.hides(cap)
                    && !g.camera.screenMisses(cap, left: -1, top: -1, right: 2 * g.halfWidth + 1, bottom: 2 * g.halfHeight + 1)
            },
            distance: { id in Self.globeTileDistance(x: point.x, y: point.y, tile: id.canonical) })
    }

    /// A cap on the unit sphere holding tile `id`: its corners, edge middles and centre, widened by how far the tile's
    /// edges bow out between them (its meridians are great circles; a parallel strays from the great circle through two
    /// points `Δλ` apart by less than `Δλ² / 8`); the pole too for a tile on the world's top or bottom edge, which the
    /// globe closes over it. Exact sines whatever the view draws with (GL JS covers the view in JavaScript's doubles; only
    /// its shaders take the GPU's sines).
    static func sphereCap(ofTile id: UnwrappedTileID) -> SphereCap {
        let (x0, y0, size) = VariableZoomCover.square(id)
        var points: [Vector3] = []
        points.reserveCapacity(11)
        for j in 0...2 {
            for i in 0...2 {
                points.append(GlobeProjection.spherePoint(worldX: x0 + size * Double(i) / 2, worldY: y0 + size * Double(j) / 2))
            }
        }
        let last = (1 << id.canonical.z) - 1
        if id.canonical.y == 0 { points.append(Vector3(0, 1, 0)) }
        if id.canonical.y == last { points.append(Vector3(0, -1, 0)) }
        let step = Double.pi * size  // the longitude between neighbouring samples (radians)
        return SphereCap(bounding: points, margin: step * step / 8 + 1e-9)
    }

    /// GL JS's globe `distanceToTile2d`: the distance (world fractions) from world point `x`, `y` to `tile`, the larger of
    /// the distances across and down, across the antimeridian and over either pole (the tile mirrored there, half a world
    /// round) whichever is nearest.
    static func globeTileDistance(x: Double, y: Double, tile: TileID) -> Double {
        let size = 1 / Double(1 << tile.z)
        let x = x - x.rounded(.down)  // (GL JS's camera point is within the world)
        let cornerX = Double(tile.x) * size, cornerY = Double(tile.y) * size
        func along(_ p: Double, _ corner: Double) -> Double {
            let d = p - corner
            return d < 0 ? -d : max(0, d - size)
        }
        func wrapped(_ cornerX: Double, _ cornerY: Double) -> Double {
            let d = x - cornerX
            let across: Double
            if d < 0 { across = min(-d, 1 + d - size) } else if d > size { across = min(max(d - size, 0), 1 - d) } else { across = 0 }
            return max(across, along(y, cornerY))
        }
        return min(2, wrapped(cornerX, cornerY), wrapped(cornerX + 0.5, -cornerY - size), wrapped(cornerX + 0.5, 2 - cornerY - size))
    }
}
