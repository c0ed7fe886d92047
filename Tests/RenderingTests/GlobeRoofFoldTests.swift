import Geo
import GeoJSON
import Testing
@testable import Rendering

/// A roof on the globe that reaches past the horizon of its own shell folds over on screen: GL JS draws its
/// flat triangles with the faces turned away culled, so the roof shows wherever the shell faces the camera,
/// up to the shell's outline, and the part seen from behind only folds back under it.
@Suite struct GlobeRoofFoldTests {
    static let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: -10), zoom: 1.3, bearing: -15, pitch: 45)
    static let corners = [(-10.0, 20.0), (15.0, 20.0), (15.0, 42.0), (-10.0, 42.0), (-10.0, 20.0)]
    static let height = 1_600_000.0

    /// A block 50 km deep whose roof stands 1,600 km up, #c04040 on white, on a 256 x 256 globe.
    static func canvas() throws -> Canvas {
        let ring = corners.map { LocationCoordinate2D(latitude: $0.1, longitude: $0.0) }
        var block = FillExtrusionLayer(features: [FillExtrusionFeature(polygons: [[ring]])])
        block.height = .constant(height)
        block.base = .constant(height - 50_000)
        block.color = .constant(RenderColor(red: 192 / 255, green: 64 / 255, blue: 64 / 255))
        var scene = RenderScene(width: 256, height: 256, camera: camera,
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), block])
        scene.globeness = 1
        scene.rasterReference = .glJSSwiftShader
        return try Renderer.render(scene)
    }

    @Test("the view folds the roof: its far corners lie on the side of its shell turned away from the camera")
    func viewFoldsTheRoof() throws {
        var t = Transform(camera: Self.camera, width: 256, height: 256)
        t.globeness = 1
        let g = try #require(t.globe)
        let radius = 1 + Self.height / PaintContext.globeRadiusMetres
        let facing = Self.corners.map { g.camera.cameraPosition.dot(GlobeProjection.spherePoint(longitude: $0.0, latitude: $0.1)) > radius }
        #expect(facing.contains(true) && facing.contains(false))
    }

    @Test("the roof reaches up to its shell's outline as GL JS 5.24 draws it")
    func roofReachesTheOutline() throws {
        let canvas = try Self.canvas()
        // the topmost and lowest rows the block covers in five columns, as GL JS 5.24 draws the same style
        // (../shared/tools/reference-render-gljs); scanned even-odd, the folded roof lost up to 4 rows at the top
        let gljs = [160: (47, 54), 176: (50, 58), 192: (55, 62), 208: (61, 69), 224: (69, 76)]
        for (x, rows) in gljs.sorted(by: { $0.key < $1.key }) {
            let covered = (0..<256).filter { y in
                let i = 4 * (y * canvas.width + x)
                return canvas.pixels[i + 3] > 0.5 && canvas.pixels[i + 1] < 0.6
            }
            let top = try #require(covered.first), bottom = try #require(covered.last)
            #expect(abs(top - rows.0) <= 1, "column \(x): top row \(top), GL JS \(rows.0)")
            #expect(abs(bottom - rows.1) <= 1, "column \(x): bottom row \(bottom), GL JS \(rows.1)")
        }
    }
}
