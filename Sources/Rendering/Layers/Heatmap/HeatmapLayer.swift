import Foundation
import GeoJSON

/// A `heatmap` layer in a scene: weighted points blurred into a density field, coloured by the
/// `heatmap-color` ramp.
package struct HeatmapLayer: Sendable {
    /// One point: where, its weight and kernel radius (CSS pixels).
    struct Point: Sendable {
        /// Web Mercator fractions of the world.
        var position: Rendering.Point
        var weight: Double
        var radius: Double
    }

    var points: [Point]
    /// Index of each point's feature (a feature contributes every vertex).
    var featureIndex: [Int]
    /// How many features the layer draws (those whose points all lie outside their tile included).
    package internal(set) var featureCount: Int
    var intensity = 1.0
    var opacity = 1.0
    /// `heatmap-color` at densities `k / 256`, premultiplied and rounded down to 8 bits as MapLibre's ramp texture.
    var ramp: [PremultipliedColor] = []
    /// The density texture's side in texels when it is not a quarter of the canvas: over terrain GL JS draws each
    /// tile's kernels, projected through the screen's matrix, into a framebuffer as wide and high as the source's
    /// tiles (`tile.tileSize`, 512 for GeoJSON and vector sources: `draw_heatmap.ts`, `prepareHeatmapTerrain`), which
    /// is then stretched over the screen.
    var densitySide: Int?

    init(points: [Point], featureIndex: [Int]) {
        self.points = points
        self.featureIndex = featureIndex
        featureCount = (featureIndex.max() ?? -1) + 1
    }
}

extension HeatmapLayer: SceneLayer {
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func paint(in context: inout PaintContext) { context.paintHeatmap(self) }
    /// Heatmaps are not queryable in MapLibre.
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }
}
