import Foundation
import Geo
import GeoJSON

/// The globe's terrain as what stands on it sees it (``StandingTerrain/Ground/globe(_:)``): the ground's elevation
/// where the globe's terrain mesh reads it (``GlobeTerrainRenderer``), and a point raised along the sphere's normal
/// as GL JS's circle shader projects it on the globe (`projectTileWithElevation`: the unit-sphere point times
/// `1 + elevation / 6371008.8`, through the globe's matrix, its clip depth the horizon plane's,
/// `globeComputeClippingZ`).
package struct GlobeGround: Sendable {
    let globe: GlobeView
    let elevation: TerrainElevation
    /// The zoom of the terrain tiles the globe's mesh is made of (each reads the DEM tile one zoom shallower).
    let meshZoom: Int

    /// The exaggerated elevation (metres) at a world position (fractions, x unwrapped: the sphere has no world
    /// copies, the DEM tiles are loaded on world copy 0).
    func groundElevation(worldX x: Double, worldY y: Double) -> Double {
        elevation.elevation(worldX: x - x.rounded(.down), worldY: y, zoom: meshZoom)
    }

    /// A point `metres` up at a world position as the globe's camera sees it, or nil behind the near plane
    /// (``GlobeTerrainRenderer/nearZ``, where the terrain is cut) or the horizon plane. Its clip depth is GL JS's on the globe, `1` less
    /// the raised point's distance in front of the horizon plane: not the perspective depth the terrain's depth buffer
    /// holds, which GL JS 5.24 compares it with all the same (`calculate_visibility(projectTileWithElevation(...))`),
    /// so that a circle fades only near the limb, where the horizon plane's depth passes the terrain's.
    func seen(worldX x: Double, worldY y: Double, metres: Double) -> StandingTerrain.Seen? {
        let camera = globe.camera
        let s = globe.spherePoint(worldX: x, y: y) * (1 + metres / GlobeTerrainRenderer.earthRadius)
        let v = camera.view(s)
        let w = -v.z
        // behind the near plane, or past the horizon plane (clip depth beyond 1: GL clips the whole circle)
        let side = camera.horizonSide(s)
        guard w > GlobeTerrainRenderer.nearZ, side >= 0 else { return nil }
        let p = camera.screen(view: v)
        return StandingTerrain.Seen(screen: Point(x: p.x, y: p.y), depthRatio: w / camera.distance, clipDepth: 1 - side)
    }
}
