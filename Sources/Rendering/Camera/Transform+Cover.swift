import Foundation
package import Geo
package import Tiling

/// The tiles a flat pitched view is drawn from, as GL JS covers it: past 60° of pitch (less with a roll or a wide
/// field of view) the zoom varies per tile with its distance from the camera (``VariableZoomCover``), lower towards
/// the horizon; below it every tile is at the covering zoom (``TileCover``).
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

    /// Whether GL JS covers this flat view with tiles whose zoom varies with their distance (``VariableZoomCover``).
    package var coversWithVariableZoom: Bool {
        isPitched && VariableZoomCover.applies(pitch: camera.pitch, roll: camera.roll, fieldOfView: fieldOfViewRadians * 180 / .pi,
                                               width: width, height: height)
    }

    /// The tiles of a source with `tileSize`-pixel tiles within `minimumZoom...maximumZoom` covering this view
    /// (overscaled past `maximumZoom`), nearest the centre first: one zoom, or past GL JS's pitch for it a zoom
    /// varying per tile.
    package func sourceTiles(tileSize: Int, minimumZoom: Int, maximumZoom: Int,
                             rounding: FloatingPointRoundingRule = .down) -> [OverscaledTileID] {
        let c = (x: centerWorld.x / worldSize, y: centerWorld.y / worldSize)
        guard coversWithVariableZoom else {
            return TileCover.sourceTiles(covering: visibleWorldCorners(), center: c, cameraZoom: camera.zoom, tileSize: tileSize,
                                         minimumZoom: minimumZoom, maximumZoom: maximumZoom, rounding: rounding)
        }
        let requested = camera.zoom + log2(512 / Double(max(1, tileSize)))
        return VariableZoomCover.tiles(coverCamera(corners: groundWorldCorners()), requestedZoom: requested, minimumZoom: minimumZoom,
                                       maximumZoom: maximumZoom, rounding: rounding)
            .map { OverscaledTileID(overscaledZ: $0.wantedZoom, tile: $0.id) }
    }
}
