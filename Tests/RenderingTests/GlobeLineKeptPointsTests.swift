import GeoJSON
import Geo
import Testing
@testable import Rendering

/// A thin opaque line on the globe leaves out the points of its runs that its drawing does not need
/// (``PointRuns/forEachKept(inRun:tolerance:_:)``): its sub-pixel segments towards the limb.
@Suite struct GlobeLineKeptPointsTests {
    /// Runs holding one run of world points with the screen positions and horizon sides given.
    static func runs(screen: [Point], sides: [Double]) -> PointRuns {
        var runs = PointRuns()
        for (k, p) in screen.enumerated() {
            runs.pendingWorld.append(Point(x: p.x / 100, y: p.y / 100))
            runs.pendingScreen.append(p)
            runs.pendingSide.append(sides[k])
        }
        runs.appendPending(0...(screen.count - 1), screenPoints: false)
        return runs
    }

    static func kept(_ runs: PointRuns, _ tolerance: PointRuns.KeptTolerance?) -> [Int] {
        var out: [Int] = []
        runs.forEachKept(inRun: 0, tolerance: tolerance) { out.append($0) }
        return out
    }

    static let tolerance = PointRuns.KeptTolerance(cameraDistance: 3)

    @Test("points on a straight stretch of screen, equally foreshortened, are left out, at most eight in a row; the ends stay")
    func straightStretch() {
        let runs = Self.runs(screen: (0..<20).map { Point(x: 10 + 0.4 * Double($0), y: 50) }, sides: Array(repeating: 0.4, count: 20))
        #expect(Self.kept(runs, Self.tolerance) == [0, 9, 18, 19])
        // without a tolerance every point is kept
        #expect(Self.kept(runs, nil) == Array(0..<20))
    }

    @Test("a point off the segment by more than a sixty-fourth of a pixel is kept")
    func bendKept() {
        var screen = (0..<12).map { Point(x: Double($0), y: 0) }
        screen[5].y = 0.05
        let kept = Self.kept(Self.runs(screen: screen, sides: Array(repeating: 0.4, count: 12)), Self.tolerance)
        #expect(kept.contains(5))
        #expect(kept.first == 0 && kept.last == 11)
        // a twentieth of that is left out
        screen[5].y = 0.0025
        #expect(!Self.kept(Self.runs(screen: screen, sides: Array(repeating: 0.4, count: 12)), Self.tolerance).contains(5))
    }

    @Test("points whose foreshortening bends away from its interpolation (towards the limb) are kept")
    func foreshorteningKept() {
        let screen = (0..<10).map { Point(x: Double($0), y: 0) }
        // the horizon side falling towards the limb: the foreshortening is not linear along the run
        let sides: [Double] = (0..<10).map { k in
            let u = 1 - Double(k) / 10
            return 0.3 * u * u
        }
        #expect(Self.kept(Self.runs(screen: screen, sides: sides), Self.tolerance) == Array(0..<10))
    }

    @Test("runs of screen points keep every point")
    func screenRunsKeepAll() {
        var runs = PointRuns()
        runs.append((0..<6).map { Point(x: Double($0), y: 0) })
        #expect(Self.kept(runs, Self.tolerance) == Array(0..<6))
    }

    /// Borders of a dense coastline-like zigzag along a meridian near the limb, on a 256 x 256 globe: a thousand
    /// points, drawn 1 px wide in `color` at `opacity`.
    static func limbLines(opacity: Double) throws -> Canvas {
        let line = (0..<1000).map { k in
            LocationCoordinate2D(latitude: -60 + 0.12 * Double(k), longitude: 72 + 0.02 * Double(k % 3))
        }
        let straight = (0..<400).map { LocationCoordinate2D(latitude: 40, longitude: -80 + 0.4 * Double($0)) }
        var layer = LineLayer(features: [LineFeature(lines: [line]), LineFeature(lines: [straight])])
        layer.color = .constant(RenderColor(red: 0, green: 0, blue: 0))
        layer.opacity = .constant(opacity)
        layer.width = .constant(1)
        var scene = RenderScene(width: 256, height: 256, camera: MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 0), zoom: 0.5),
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), layer])
        scene.globeness = 1
        scene.rasterReference = .glJSSwiftShader
        return try Renderer.render(scene)
    }

    @Test("an opaque thin line drawn with points left out is the picture of the line with all of them, to a few levels")
    func samePicture() throws {
        // (a translucent line keeps every point: its triangles' overlaps at each join show)
        let opaque = try Self.limbLines(opacity: 1).makeImage().pixels, translucent = try Self.limbLines(opacity: 0.999).makeImage().pixels
        var differing = 0, largest = 0
        for k in opaque.indices where opaque[k] != translucent[k] {
            differing += 1
            largest = max(largest, abs(Int(opaque[k]) - Int(translucent[k])))
        }
        #expect(largest <= 12, "largest difference \(largest) levels, \(differing) values")
        #expect(differing < 150, "\(differing) channel values differ, the largest by \(largest)")
        // the lines are drawn
        #expect(opaque.enumerated().contains { $0.offset % 4 == 0 && $0.element < 128 })
    }
}
