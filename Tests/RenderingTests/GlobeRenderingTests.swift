import Foundation
import GeoJSON
import Geo
import Testing
@testable import Rendering

/// The globe in the renderer: the transform's seam, far-side culling, and a small picture against GL JS.
@Suite struct GlobeRenderingTests {
    static let camera = MapCamera(center: LocationCoordinate2D(latitude: 30, longitude: 10), zoom: 0)

    static func globe(_ camera: MapCamera = camera, size: Int = 256, globeness: Double = 1) -> Transform {
        var t = Transform(camera: camera, width: size, height: size)
        t.globeness = globeness
        return t
    }

    @Test("globeness 0 is Mercator: no globe, the same plane points")
    func mercatorUnchanged() {
        let flat = Transform(camera: Self.camera, width: 256, height: 256)
        var zero = flat
        zero.globeness = 0
        #expect(zero.globe == nil)
        for c in [LocationCoordinate2D(latitude: 10, longitude: 20), LocationCoordinate2D(latitude: -40, longitude: -100)] {
            #expect(zero.screenPoint(for: c) == flat.screenPoint(for: c))
        }
    }

    @Test("screen points and coordinates go there and back on the globe; the far side is hidden")
    func roundTrips() throws {
        for camera in [Self.camera, MapCamera(center: LocationCoordinate2D(latitude: -20, longitude: 150), zoom: 2, bearing: 40, pitch: 45)] {
            let t = Self.globe(camera, size: 512)
            for c in [camera.center, LocationCoordinate2D(latitude: camera.center.latitude + 10, longitude: camera.center.longitude - 15)] {
                let p = t.screenPoint(for: c)
                let back = try #require(t.coordinate(at: p))
                #expect(abs(back.latitude - c.latitude) < 1e-6)
                #expect(abs(WorldMath.wrap(longitude: back.longitude - c.longitude)) < 1e-6)
                #expect(!t.isHiddenOnGlobe(c))
            }
            // the antipode is behind the globe
            let antipode = LocationCoordinate2D(latitude: -camera.center.latitude, longitude: camera.center.longitude + 180)
            #expect(t.isHiddenOnGlobe(antipode))
        }
        // off the globe: no coordinate
        #expect(Self.globe().coordinate(at: Point(x: 2, y: 2)) == nil)
    }

    @Test("the centre of the view is where Mercator puts it, and features there are as large")
    func sizeMatchesMercator() {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 45, longitude: 7), zoom: 4)
        let flat = Transform(camera: camera, width: 512, height: 512)
        let round = Self.globe(camera, size: 512)
        let a = LocationCoordinate2D(latitude: 45, longitude: 7), b = LocationCoordinate2D(latitude: 45.01, longitude: 7.01)
        let df = flat.screenPoint(for: b) - flat.screenPoint(for: a), dg = round.screenPoint(for: b) - round.screenPoint(for: a)
        #expect(abs(df.x - dg.x) / df.length < 1e-3 && abs(df.y - dg.y) / df.length < 1e-3)
        let c = round.screenPoint(for: a)
        #expect(abs(c.x - 256) < 1e-9 && abs(c.y - 256) < 1e-9)
    }

    @Test("the tiles covering a whole globe take every longitude when a pole shows")
    func visibleWorld() {
        let t = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: 70, longitude: 0), zoom: 1), size: 512)
        let corners = t.visibleWorldCorners()
        let xs = corners.map(\.x), ys = corners.map(\.y)
        #expect(xs.max()! - xs.min()! >= 1 - 1e-9)
        #expect(ys.min()! == 0)
    }

    @Test("a polygon crossing the horizon is closed along it; one behind the globe draws nothing")
    func horizonClipping() throws {
        let t = Self.globe()
        var canvas = Canvas(width: 256, height: 256)
        // 80..140° E: its eastern part is behind the globe seen from 10° E
        var fill = FillLayer(features: [FillFeature(polygons: [[[
            LocationCoordinate2D(latitude: -10, longitude: 80), LocationCoordinate2D(latitude: -10, longitude: 140),
            LocationCoordinate2D(latitude: 40, longitude: 140), LocationCoordinate2D(latitude: 40, longitude: 80)]]]),
                                         FillFeature(polygons: [[[
            LocationCoordinate2D(latitude: -10, longitude: -150), LocationCoordinate2D(latitude: -10, longitude: -140),
            LocationCoordinate2D(latitude: 0, longitude: -140), LocationCoordinate2D(latitude: 0, longitude: -150)]]])])
        fill.color = .constant(RenderColor(red: 1, green: 0, blue: 0))
        fill.antialias = false
        var scene = RenderScene(width: 256, height: 256, camera: Self.camera, layers: [fill])
        scene.globeness = 1
        canvas = try Renderer.render(scene)
        var red = 0
        for y in 0..<256 {
            for x in 0..<256 where canvas.pixel(x: x, y: y).r > 0.5 {
                red += 1
                // every red pixel shows the globe
                #expect(t.coordinate(at: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) != nil)
            }
        }
        #expect(red > 100)  // 198 at this size: the visible sliver at the limb
    }

    @Test("the depth ratio is 1 at the view's centre and grows towards the limb; Mercator keeps its own")
    func depthRatio() {
        let t = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1), size: 256)
        #expect(t.hasPerspective)
        #expect(abs(t.depthRatio(plane: Point(x: 0, y: 0)) - 1) < 1e-9)
        let centre = t.depthRatio(worldFraction: Transform.mercator(LocationCoordinate2D(latitude: 0, longitude: 0)))
        let limb = t.depthRatio(worldFraction: Transform.mercator(LocationCoordinate2D(latitude: 0, longitude: 70)))
        #expect(abs(centre - 1) < 1e-9)
        #expect(limb > 1.2)
        // the same figure from the plane point the world point projects to
        let p = t.plane(LocationCoordinate2D(latitude: 0, longitude: 70))
        #expect(abs(t.depthRatio(plane: p) - limb) < 1e-6)
        let flat = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1, pitch: 40), width: 256, height: 256)
        #expect(flat.depthRatio(plane: Point(x: 3, y: -50)) == flat.w(plane: Point(x: 3, y: -50)))
    }

    @Test("text in the map plane: spaced for the anchor's latitude, each glyph drawn for its own (GL JS's two corrections)")
    func pitchedTextScales() {
        let t = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 0), zoom: 1))
        func y(_ latitude: Double) -> Double { Transform.mercator(LocationCoordinate2D(latitude: latitude, longitude: 0)).y }
        let expected = cos(20 * Double.pi / 180) / cos(60 * Double.pi / 180)
        #expect(abs(t.pitchedTextCorrection(worldY: y(60)) - expected) < 1e-9)
        #expect(abs(t.pitchedGlyphScale(worldY: y(60)) - expected) < 1e-9)
        #expect(abs(t.pitchedGlyphScale(worldY: y(20)) - 1) < 1e-9, "1 at the centre's latitude")
        // half way into the globe: both blend the globe's figure with 1 (the shader's `u_pitched_scale` blended too)
        let half = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 0), zoom: 1), globeness: 0.5)
        #expect(abs(half.pitchedTextCorrection(worldY: y(60)) - (1 + (expected - 1) * 0.5)) < 1e-9)
        let pitched = 1 + (cos(20 * Double.pi / 180) - 1) * 0.5
        #expect(abs(half.pitchedGlyphScale(worldY: y(60)) - (1 + (pitched / cos(60 * Double.pi / 180) - 1) * 0.5)) < 1e-9)
        // off the globe, neither
        let flat = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 0), zoom: 1), width: 256, height: 256)
        #expect(flat.pitchedTextCorrection(worldY: y(60)) == 1 && flat.pitchedGlyphScale(worldY: y(60)) == 1)
    }

    @Test("extrude angles undo GL JS's globeRotateVector; a pixel spans 1 / radius at the centre")
    func extrudeAngles() throws {
        let c = GlobeProjection.spherePoint(longitude: 30, latitude: 40)
        let frame = try #require(GlobeView.tangentFrame(c))
        // east is towards larger longitudes, south towards smaller latitudes
        let east = GlobeProjection.coordinate(spherePoint: c + frame.east * 0.01)
        let south = GlobeProjection.coordinate(spherePoint: c + frame.south * 0.01)
        #expect(east.longitude > 30 && south.latitude < 40)
        let (ax, ay) = (0.03, -0.02)
        var q = c + frame.east * tan(ax) + frame.south * tan(ay)
        q = q * (1 / q.length)
        let a = try #require(GlobeView.extrudeAngles(of: q, around: c, frame: frame))
        #expect(abs(a.x - ax) < 1e-12 && abs(a.y - ay) < 1e-12)
        let t = Self.globe(MapCamera(center: LocationCoordinate2D(latitude: 40, longitude: 30), zoom: 2), size: 256)
        let g = try #require(t.globe)
        #expect(abs(g.extrudeAngle - 1 / g.camera.radius) < 1e-15)
    }
}

/// A small globe drawn beside GL JS 5.24's picture of the same style (`docs/images/globe-simple.style.json`,
/// drawn by `../shared/tools/reference-render-gljs` at 10° E 30° N, zoom 0, 256 x 256 into
/// `docs/images/globe-simple-gljs.png`): a background, three polygons (one crossing the horizon, one
/// reaching the top of the Mercator square, so closed over the pole) and a line along the equator.
@Suite struct GlobeReferenceImageTests {
    /// Pixels allowed apart under the render suites' pixelmatch threshold (0.1285, premultiplied): 1.5 %
    /// of the image, for GL JS's triangle rasterization of the limb and its line-width foreshortening.
    static let allowed = 983

    static func scene() -> RenderScene {
        func box(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> FillFeature {
            FillFeature(polygons: [[[LocationCoordinate2D(latitude: s, longitude: w), LocationCoordinate2D(latitude: s, longitude: e),
                                     LocationCoordinate2D(latitude: n, longitude: e), LocationCoordinate2D(latitude: n, longitude: w),
                                     LocationCoordinate2D(latitude: s, longitude: w)]]])
        }
        var fill = FillLayer(features: [box(-30, -20, 60, 50), box(80, -10, 140, 40), box(-180, 70, 180, 85.0511)])
        fill.color = .constant(RenderColor(red: 0xe0 / 255.0, green: 0xa0 / 255.0, blue: 0x60 / 255.0))
        fill.antialias = false
        var line = LineLayer(features: [LineFeature(lines: [[LocationCoordinate2D(latitude: 0, longitude: -100),
                                                             LocationCoordinate2D(latitude: 0, longitude: 150)]])])
        line.color = .constant(RenderColor(red: 0x20 / 255.0, green: 0x20 / 255.0, blue: 0x80 / 255.0))
        line.width = .constant(3)
        var scene = RenderScene(width: 256, height: 256, camera: MapCamera(center: LocationCoordinate2D(latitude: 30, longitude: 10), zoom: 0),
                                layers: [BackgroundLayer(color: RenderColor(red: 0xa0 / 255.0, green: 0xc8 / 255.0, blue: 0xf0 / 255.0)), fill, line])
        scene.globeness = 1
        return scene
    }

    @Test("the globe matches GL JS's within 1.5 % of the pixels")
    func matchesGLJS() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/images/globe-simple-gljs.png")
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: url)))
        let actual = try PNGDecoder.decode(Renderer.renderPNG(Self.scene()))
        let result = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(), options: PixelMatch.Options(threshold: 0.1285))
        #expect(result.differentPixels <= Self.allowed, "\(result.differentPixels) pixels apart")
    }
}
