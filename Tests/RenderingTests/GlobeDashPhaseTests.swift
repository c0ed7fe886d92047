import Geo
import GeoJSON
import Testing
@testable import Rendering

/// A dashed line on the globe keeps its dashes' phase where it comes over the horizon: GL JS's line
/// distance counts the vertices its clipping plane hides, so a line starting behind the globe shows the
/// dash the whole line's length puts there, not a dash restarting at the horizon.
@Suite struct GlobeDashPhaseTests {
    /// A black line 4 px wide dashed [3, 2], along 45° N from 173° E (behind the globe) west to 0°, on white, on a
    /// 256 x 256 globe at zoom 1 centred on 20° E 0°: it comes over the horizon at the right.
    static func canvas() throws -> Canvas {
        let coordinates = (0...173).map { LocationCoordinate2D(latitude: 45, longitude: 173 - Double($0)) }
        var line = LineLayer(features: [LineFeature(lines: [coordinates])])
        line.color = .constant(RenderColor(red: 0, green: 0, blue: 0))
        line.width = .constant(4)
        line.dashArray = [3, 2]
        var scene = RenderScene(width: 256, height: 256, camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 20), zoom: 1),
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), line])
        scene.globeness = 1
        scene.rasterReference = .glJSSwiftShader
        return try Renderer.render(scene)
    }

    @Test("the dashes start where GL JS 5.24 draws them")
    func dashesKeepTheirPhase() throws {
        let canvas = try Self.canvas()
        // each column's ink (the darkest pixel of rows 10 to 49), and the columns where a dash begins (ink rising
        // through 0.5), from x 80 to 214
        var ink: [Double] = []
        for x in 80..<215 {
            var most = 0.0
            for y in 10..<50 {
                let i = 4 * (y * canvas.width + x)
                most = max(most, Double(canvas.pixels[i + 3] - canvas.pixels[i]))
            }
            ink.append(most)
        }
        let starts = (1..<ink.count).filter { ink[$0] >= 0.5 && ink[$0 - 1] < 0.5 }.map { 80 + $0 }
        // GL JS 5.24 (../shared/tools/reference-render-gljs, the same style): dashes begin at these columns (the
        // dash period shortens to the right as the line turns away; the last ones, faded at the limb, are left out);
        // restarted at the horizon, they fall up to 5 columns away (a line starting 3° further east moves them so)
        let gljs = [93, 105, 117, 130, 142, 155, 166, 176, 186, 194, 200]
        #expect(starts.count >= gljs.count)
        for (ours, theirs) in zip(starts, gljs) {
            #expect(abs(ours - theirs) <= 1, "a dash begins at column \(ours), GL JS's at \(theirs)")
        }
    }

    /// Dashes start again where the line enters each source tile (a GeoJSON source's tiles at the globe's tile zoom,
    /// with MapLibre's quarter-tile buffer), each tile drawing only its own piece: a #202020 line 3 px wide dashed
    /// [2, 1] along 10° N from 170° W to 60° E, on a 256 x 256 globe at zoom 2 centred on 0° 10° N. Measured from the
    /// line's start the dashes east of 22.5° W (where zoom 2 tile 2's buffered box begins) fall elsewhere.
    @Test("dashes restart in each source tile as GL JS 5.24 draws them")
    func dashesRestartByTile() throws {
        let coordinates = (0...230).map { LocationCoordinate2D(latitude: 10, longitude: -170 + Double($0)) }
        var line = LineLayer(features: [LineFeature(lines: [coordinates])])
        line.color = .constant(RenderColor(red: 32 / 255, green: 32 / 255, blue: 32 / 255))
        line.width = .constant(3)
        line.dashArray = [2, 1]
        var scene = RenderScene(width: 256, height: 256, camera: MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 0), zoom: 2),
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), line])
        scene.globeness = 1
        scene.rasterReference = .glJSSwiftShader
        let canvas = try Renderer.render(scene)
        var ink: [Double] = []
        for x in 0..<256 {
            var most = 0.0
            for y in 115..<136 {
                let i = 4 * (y * canvas.width + x)
                most = max(most, Double(canvas.pixels[i + 3] - canvas.pixels[i]))
            }
            ink.append(most)
        }
        let starts = (1..<ink.count).filter { ink[$0] >= 0.5 && ink[$0 - 1] < 0.5 }
        // GL JS 5.24 (../shared/tools/reference-render-gljs, the same style)
        let gljs = [5, 12, 19, 26, 33, 41, 49, 57, 66, 74, 83, 91, 100, 109, 118, 127, 135, 144, 153, 162, 171, 179, 188, 196,
                    204, 212, 220, 228, 235, 242, 249]
        #expect(starts.count == gljs.count, "\(starts)")
        for (ours, theirs) in zip(starts, gljs) {
            #expect(abs(ours - theirs) <= 1, "a dash begins at column \(ours), GL JS's at \(theirs)")
        }
    }
}
