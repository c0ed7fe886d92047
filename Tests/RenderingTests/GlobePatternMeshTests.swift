import Geo
import GeoJSON
import Testing
@testable import Rendering

/// GL JS draws a background pattern on the globe with each covering tile's mesh, the pattern's position a
/// vertex attribute interpolated across each flat triangle: toward the limb a pixel of the triangle's chord
/// shows another texel than the sphere point under it.
@Suite struct GlobePatternMeshTests {
    /// An 8 x 8 one-texel checkerboard (white where x + y is even), over the globe at 40° E 20° N, zoom 1.3,
    /// bearing 20, pitch 10, 256 x 256.
    static func canvas() throws -> Canvas {
        var bytes = [UInt8]()
        for y in 0..<8 {
            for x in 0..<8 { bytes += (x + y) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        }
        var background = BackgroundLayer(color: RenderColor(red: 1, green: 0, blue: 0))
        background.pattern = StyleImage(image: RasterImage(RGBAImage(width: 8, height: 8, pixels: bytes)))
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 40), zoom: 1.3, bearing: 20, pitch: 10)
        var scene = RenderScene(width: 256, height: 256, camera: camera, layers: [background])
        scene.globeness = 1
        return try Renderer.render(scene)
    }

    @Test("near the limb the checkerboard's texels fall where GL JS 5.24's mesh puts them")
    func texelsFollowTheMesh() throws {
        let canvas = try Self.canvas()
        // pixels (x, y, white) where GL JS 5.24 (../shared/tools/reference-render-gljs, a sprite of the same
        // checkerboard) shows a clear white or black that the sphere point under the pixel gets the wrong way
        // round (all 60 of them, sampled at the sphere point; 72 of GL JS's clear pixels then, 16 with the mesh)
        let gljs = [(157, 10, 1), (96, 11, 1), (164, 12, 0), (90, 13, 0), (172, 14, 1), (77, 16, 1), (75, 18, 1),
                    (180, 18, 1), (182, 18, 0), (186, 22, 0), (188, 22, 0), (197, 25, 1), (202, 31, 0), (204, 31, 0),
                    (219, 39, 1), (219, 43, 0), (32, 44, 0), (231, 51, 1), (235, 56, 1), (236, 56, 0), (233, 57, 0),
                    (233, 58, 0), (237, 58, 1), (244, 64, 1), (10, 66, 0), (242, 68, 0), (244, 68, 0), (245, 68, 0),
                    (247, 70, 0), (247, 72, 1), (250, 75, 1), (3, 76, 0), (245, 76, 1), (249, 77, 0), (250, 77, 1),
                    (250, 82, 0), (255, 97, 0), (0, 223, 0), (0, 225, 1), (251, 232, 0), (5, 233, 1), (6, 234, 0),
                    (9, 234, 0), (7, 237, 1), (8, 237, 0), (246, 240, 0), (13, 241, 0), (11, 242, 0), (11, 243, 1),
                    (13, 245, 0), (13, 246, 1), (243, 246, 0), (20, 248, 0), (22, 248, 0), (21, 249, 0), (241, 249, 1),
                    (20, 253, 0), (22, 253, 1), (20, 254, 1), (21, 254, 0)]
        var agree = 0
        for (x, y, white) in gljs {
            let i = 4 * (y * canvas.width + x)
            if (canvas.pixels[i] > 0.5) == (white == 1) { agree += 1 }
        }
        #expect(agree >= 54, "\(agree) of \(gljs.count) pixels on GL JS's side")
    }
}
