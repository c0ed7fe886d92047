import GeoJSON
import Geo
import Testing
@testable import Rendering

/// Lines on the globe fade as they are foreshortened towards the limb: GL JS's line shader divides the
/// antialiasing band by `v_gamma_scale`, the extrusion's length over its length on screen.
@Suite struct GlobeLineFadeTests {
    /// Two black meridians 2 px wide, from 60° S to 60° N, on white, on a 256 x 256 globe at zoom 0 centred on
    /// 0° 0°: one through the centre, one at 70° E (near the limb, its width foreshortened to about a third).
    static func canvas(globeness: Double = 1) throws -> Canvas {
        func meridian(_ longitude: Double) -> LineFeature {
            LineFeature(lines: [[LocationCoordinate2D(latitude: -60, longitude: longitude),
                                 LocationCoordinate2D(latitude: 60, longitude: longitude)]])
        }
        var line = LineLayer(features: [meridian(0), meridian(70)])
        line.color = .constant(RenderColor(red: 0, green: 0, blue: 0))
        line.width = .constant(2)
        var scene = RenderScene(width: 256, height: 256, camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 0),
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), line])
        scene.globeness = globeness
        scene.rasterReference = .glJSSwiftShader
        return try Renderer.render(scene)
    }

    /// The line's coverage at each pixel of columns `columns` and rows `rows`: how far it darkens the white.
    static func coverage(_ canvas: Canvas, columns: Range<Int>, rows: Range<Int>) -> [Double] {
        var out: [Double] = []
        for y in rows {
            for x in columns {
                let i = 4 * (y * canvas.width + x)
                out.append(Double(canvas.pixels[i + 3] - canvas.pixels[i]))
            }
        }
        return out
    }

    @Test("a meridian near the limb fades as GL JS 5.24 draws it; one through the centre keeps its full colour")
    func limbFades() throws {
        let canvas = try Self.canvas()
        let centre = Self.coverage(canvas, columns: 120..<136, rows: 60..<200)
        #expect(abs((centre.max() ?? 0) - 1) < 0.01)
        // GL JS 5.24 (../shared/tools/reference-render-gljs, the same style): at most 0.42 and 8.1 in all over the
        // limb meridian's pixels; drawn at full alpha wherever its thin triangles hold a pixel centre, 1.0 and 23.5
        let limb = Self.coverage(canvas, columns: 160..<230, rows: 60..<200)
        let most = limb.max() ?? 0, total = limb.reduce(0, +)
        #expect(most > 0.25 && most < 0.6, "at most \(most)")
        #expect(total > 6 && total < 11, "\(total) in all")
    }
}
