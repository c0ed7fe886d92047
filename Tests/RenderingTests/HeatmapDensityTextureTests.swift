import Foundation
import Geo
import Testing
@testable import Rendering

/// The heatmap's density texture: a quarter of the canvas on a flat map, as wide as the source's tiles over terrain
/// (GL JS's `prepareHeatmapTerrain` draws each tile's kernels into a `tileSize` framebuffer stretched over the screen).
@Suite("Heatmap density texture")
struct HeatmapDensityTextureTests {
    /// One kernel of radius 8 at the middle of a 256 x 256 view, coloured by a ramp whose alpha is the density.
    static func paint(densitySide: Int?) throws -> Canvas {
        var layer = HeatmapLayer(points: [HeatmapLayer.Point(position: Point(x: 0.5, y: 0.5), weight: 1, radius: 8)], featureIndex: [0])
        layer.ramp = (0..<256).map { k in
            let a = Float(k) / 255
            return PremultipliedColor(r: a, g: a, b: a, a: a)
        }
        layer.densitySide = densitySide
        return try Renderer.render(RenderScene(width: 256, height: 256, camera: MapCamera(zoom: 0), layers: [layer]))
    }

    @Test("a texture as large as the canvas holds each pixel's own density; the quarter-size one blurs the kernel's peak")
    func densitySide() throws {
        // pixel (128, 128)'s centre is half a pixel from the kernel's centre on each axis: a distance of 0.5² + 0.5² over
        // the radius squared, the density 0.3989 exp(-4.5 · 0.5 / 64), the ramp read at 256 d - 0.5 of 255
        let density = 0.3989422804014327 * exp(-4.5 * 0.5 / 64)
        let full = try Self.paint(densitySide: 256).pixel(x: 128, y: 128)
        #expect(abs(Double(full.a) - (density * 256 - 0.5) / 255) < 2.0 / 255, "\(full)")
        let quarter = try Self.paint(densitySide: nil).pixel(x: 128, y: 128)
        #expect(Double(quarter.a) < Double(full.a) - 4.0 / 255, "\(quarter) against \(full)")
    }
}
