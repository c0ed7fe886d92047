import Geo
import GeoJSON
import MapStyle
import Testing
@testable import Rendering

@Suite struct FillExtrusionTests {
    /// A square of `half` degrees around (`lon`, `lat`).
    static func square(_ lon: Double, _ lat: Double, _ half: Double) -> FillExtrusionFeature {
        let ring = [LocationCoordinate2D(longitude: lon - half, latitude: lat - half),
                    LocationCoordinate2D(longitude: lon + half, latitude: lat - half),
                    LocationCoordinate2D(longitude: lon + half, latitude: lat + half),
                    LocationCoordinate2D(longitude: lon - half, latitude: lat + half),
                    LocationCoordinate2D(longitude: lon - half, latitude: lat - half)]
        return FillExtrusionFeature(polygons: [[ring]])
    }

    static func alpha(_ canvas: Canvas, _ x: Int, _ y: Int) -> Float { canvas.pixels[4 * (y * canvas.width + x) + 3] }

    static func scene(_ layers: [any SceneLayer], pitch: Double = 60, bearing: Double = 0) -> RenderScene {
        RenderScene(width: 128, height: 128, pixelRatio: 1,
                    camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 18, bearing: bearing, pitch: pitch),
                    layers: layers)
    }

    /// Pitched, a building's walls and roof rise above its footprint: pixels above the footprint's far
    /// edge are painted, and the flat footprint alone would not reach them.
    @Test func pitchedExtrusionRisesAboveItsFootprint() throws {
        var building = FillExtrusionLayer(features: [Self.square(0, 0, 0.00005)])
        building.height = .constant(10)
        building.color = .constant(RenderColor(red: 1, green: 0, blue: 0))
        let scene = Self.scene([building])
        let footprintTop = scene.transform.screenPoint(for: LocationCoordinate2D(latitude: 0.00005, longitude: 0)).y
        let canvas = try Renderer.render(scene)
        #expect(Self.alpha(canvas, 64, Int(footprintTop) - 10) == 1)
        #expect(Self.alpha(canvas, 64, 2) == 0)
        // a flat extrusion (height 0) covers only its footprint
        building.height = .constant(0)
        let flat = try Renderer.render(Self.scene([building]))
        #expect(Self.alpha(flat, 64, Int(footprintTop) - 10) == 0)
        #expect(Self.alpha(flat, 64, 64) == 1)
    }

    /// The nearer building hides the farther one whatever their order in the layer, and so does an
    /// earlier extrusion layer's (the depth buffer is shared between extrusion layers).
    @Test func depthOrderingDoesNotDependOnDrawOrder() throws {
        let near = Self.square(0, -0.0001, 0.00005), far = Self.square(0, 0.0001, 0.00005)
        func layer(_ features: [FillExtrusionFeature], _ colors: [RenderColor]) -> FillExtrusionLayer {
            var l = FillExtrusionLayer(features: features)
            l.height = .constant(40)
            l.color = .perFeature(colors)
            return l
        }
        let red = RenderColor(red: 1, green: 0, blue: 0), blue = RenderColor(red: 0, green: 0, blue: 1)
        let a = try Renderer.render(Self.scene([layer([near, far], [red, blue])]))
        let b = try Renderer.render(Self.scene([layer([far, near], [blue, red])]))
        #expect(a.pixels == b.pixels)
        let split = try Renderer.render(Self.scene([layer([near], [red]), layer([far], [blue])]))
        let splitReversed = try Renderer.render(Self.scene([layer([far], [blue]), layer([near], [red])]))
        #expect(split.pixels == a.pixels)
        #expect(splitReversed.pixels == a.pixels)
        // and the near building is in front: the centre column shows red where both project
        let nearTop = Self.scene([]).transform.screenPoint(for: LocationCoordinate2D(latitude: -0.00005, longitude: 0)).y
        let i = 4 * ((Int(nearTop) - 5) * a.width + 64)
        #expect(a.pixels[i] > a.pixels[i + 2])
    }

    /// A translucent layer composites its nearest surfaces once: inner walls behind the front ones
    /// do not show through.
    @Test func opacityAppliesToTheLayerAsAWhole() throws {
        var building = FillExtrusionLayer(features: [Self.square(0, 0, 0.0001)])
        building.height = .constant(30)
        building.color = .constant(RenderColor(red: 1, green: 1, blue: 1))
        building.opacity = 0.5
        let canvas = try Renderer.render(Self.scene([building]))
        for y in stride(from: 0, to: 128, by: 4) {
            let a = Self.alpha(canvas, 64, y)
            #expect(a == 0 || abs(a - 0.5) < 1e-6)
        }
    }

    /// A patterned extrusion shows its pattern (lit), not its colour; a feature whose image is missing draws nothing.
    @Test func patternsReplaceTheColour() throws {
        let green = RGBAImage(width: 4, height: 4, pixels: Array(repeating: [0, 255, 0, 255], count: 16).flatMap { $0 })
        var building = FillExtrusionLayer(features: [Self.square(0, 0, 0.00005), Self.square(0.0002, 0, 0.00003)])
        building.height = .constant(10)
        building.color = .constant(RenderColor(red: 1, green: 0, blue: 0))
        building.patterns = [StyleImage(image: RasterImage(green)), nil]
        let scene = Self.scene([building])
        let canvas = try Renderer.render(scene)
        let centre = 4 * (64 * canvas.width + 64)
        #expect(canvas.pixels[centre + 1] > 0.5 && canvas.pixels[centre] == 0, "the roof is the lit green pattern")
        let other = scene.transform.screenPoint(for: LocationCoordinate2D(latitude: 0, longitude: 0.0002))
        if other.x < 127 { #expect(Self.alpha(canvas, Int(other.x), Int(other.y)) == 0) }
    }

    /// On the globe a patterned extrusion is laid out and lit as on the flat map (GL JS's pattern shader lights it by the
    /// flat light): at zoom 18, where the sphere is flat to well under a pixel, roof and walls match the flat map's. (The
    /// solid lies inside one cell of the globe's fill grid: a wall split there restarts its pattern, by MapLibre's edge
    /// distance, where the flat map's does not.)
    @Test func patternsOnTheGlobeAreTheFlatMapsAtZoom18() throws {
        // 32 x 32: 16 x 16 checks of green and blue (large, so that few pixels lie on their edges)
        var checks: [UInt8] = []
        for y in 0..<32 {
            for x in 0..<32 { checks += (x / 16 + y / 16) % 2 == 0 ? [0, 255, 0, 255] : [0, 0, 255, 255] }
        }
        // the middle of a cell of the grid (2^19 cells across the world at zoom 18)
        let middle = 180.0 / 524_288
        var building = FillExtrusionLayer(features: [Self.square(middle, middle, 0.0001)])
        building.height = .constant(20)
        building.color = .constant(RenderColor(red: 1, green: 0, blue: 0))
        building.patterns = [StyleImage(image: RasterImage(RGBAImage(width: 32, height: 32, pixels: checks)))]
        func canvas(globeness: Double) throws -> Canvas {
            var scene = RenderScene(width: 128, height: 128, pixelRatio: 1,
                                    camera: MapCamera(center: LocationCoordinate2D(latitude: middle, longitude: middle), zoom: 18,
                                                      bearing: 30, pitch: 50),
                                    layers: [building])
            scene.globeness = globeness
            return try Renderer.render(scene)
        }
        let flat = try canvas(globeness: 0), globe = try canvas(globeness: 1)
        var painted = 0, same = 0, red = 0
        for i in stride(from: 0, to: flat.pixels.count, by: 4) where flat.pixels[i + 3] > 0 || globe.pixels[i + 3] > 0 {
            painted += 1
            if (0..<4).allSatisfy({ abs(flat.pixels[i + $0] - globe.pixels[i + $0]) < 0.1 }) { same += 1 }
            if globe.pixels[i] > 0.1 { red += 1 }
        }
        #expect(painted > 2000)
        #expect(red == 0, "the globe draws the pattern, not the layer's colour")
        #expect(Double(same) > 0.97 * Double(painted), "\(same) of \(painted) pixels as the flat map's")
    }

    /// Non-finite, negative and enormous heights, bases above heights, and any camera draw without
    /// crashing or hanging.
    @Test func hostileHeightsDoNotCrash() throws {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, -10, 0, 30, 1e7]
        var features: [FillExtrusionFeature] = []
        var heights: [Double] = [], bases: [Double] = []
        for h in values {
            for b in values {
                features.append(Self.square(0, 0, 0.0001))
                heights.append(h)
                bases.append(b)
            }
        }
        features.append(FillExtrusionFeature(polygons: [[[LocationCoordinate2D(longitude: .nan, latitude: 1e300),
                                                          LocationCoordinate2D(longitude: 0, latitude: .infinity),
                                                          LocationCoordinate2D(longitude: 0, latitude: 0)]], [[]], []]))
        heights.append(10)
        bases.append(0)
        var layer = FillExtrusionLayer(features: features)
        layer.height = .perFeature(heights)
        layer.base = .perFeature(bases)
        layer.translate = Point(x: .nan, y: 1e300)
        for (pitch, bearing) in [(0.0, 0.0), (60, 0), (60, 135), (30, .nan)] {
            let scene = Self.scene([layer], pitch: pitch, bearing: bearing)
            let png = try Renderer.renderPNG(scene)
            #expect(try PNGDecoder.decode(png).width == 128)
            _ = SceneHitTester(scene: scene).hits(at: Point(x: 64, y: 40))
        }
        layer.opacity = .nan
        _ = try Renderer.render(Self.scene([layer]))
    }

    /// Queries hit the solid as drawn: a wall above the footprint is a hit, the ground in front of
    /// the building is not; nearer buildings come first.
    @Test func hitTestFollowsTheProjectedSolid() throws {
        var layer = FillExtrusionLayer(features: [Self.square(0, 0.0001, 0.00005), Self.square(0, -0.0001, 0.00005)])
        layer.height = .constant(6)
        let scene = Self.scene([layer])
        let tester = SceneHitTester(scene: scene)
        let farTop = scene.transform.screenPoint(for: LocationCoordinate2D(latitude: 0.00015, longitude: 0)).y
        // above the far building's footprint: only its raised walls and roof are there
        #expect(tester.hits(at: Point(x: 64, y: farTop - 5)).map(\.featureIndex) == [0])
        // where the near building stands in front of the far one, the near one comes first
        let nearTop = scene.transform.screenPoint(for: LocationCoordinate2D(latitude: -0.00005, longitude: 0)).y
        let both = tester.hits(at: Point(x: 64, y: nearTop - 8)).map(\.featureIndex)
        #expect(both.first == 1)
        #expect(tester.hits(at: Point(x: 64, y: 126)).isEmpty)
    }

    /// A piece of a solid cut from a tiled source leaves out its walls along the cut, as GL JS's `isBoundaryEdge` does:
    /// they stand inside the neighbouring tile's piece. The building's south wall faces the pitched camera; with the
    /// tile's buffered box ending at it (so the wall runs along the cut), the pixels between the footprint's south edge
    /// and the roof's show nothing; on the flat map and on the globe.
    @Test(arguments: [0.0, 1.0]) func wallsAlongATileCutAreLeftOut(globeness: Double) throws {
        var building = FillExtrusionLayer(features: [Self.square(0, 0, 0.00005)])
        building.height = .constant(10)
        building.color = .constant(RenderColor(red: 1, green: 0, blue: 0))
        func scene() -> RenderScene {
            var scene = Self.scene([building])
            scene.globeness = globeness
            return scene
        }
        let south = Transform.mercator(LocationCoordinate2D(latitude: -0.00005, longitude: 0)).y
        let groundSouth = scene().transform.screenPoint(for: LocationCoordinate2D(latitude: -0.00005, longitude: 0)).y
        let wall = (x: 64, y: Int(groundSouth) - 2)
        #expect(Self.alpha(try Renderer.render(scene()), wall.x, wall.y) == 1)
        // a tile 2e-6 of the world across (zoom 18 or so) whose buffered box (a quarter tile more) ends at the wall
        building.features[0].cutTile = WorldBounds(minX: 0.5 - 1e-6, minY: south - 2.5e-6, maxX: 0.5 + 1e-6, maxY: south - 5e-7)
        let cut = try Renderer.render(scene())
        #expect(Self.alpha(cut, wall.x, wall.y) == 0)
        // the roof and the other walls are still drawn
        #expect((0..<128).contains { Self.alpha(cut, 64, $0) == 1 })
    }

    @Test("the vertical gradient darkens every wall in MapLibre Native, and in GL JS only walls not facing due east or west")
    func gradientWallsFollowTheReference() {
        let color = PremultipliedColor(r: 0.8, g: 0.2, b: 0.2, a: 1)
        for glJS in [false, true] {
            let shading = ExtrusionShading(light: (0.3, -0.4, 0.8), lightColor: RenderColor(red: 1, green: 1, blue: 1), intensity: 0.5,
                                           verticalGradient: true, glJSRules: glJS)
            // (x: the wall's normal; a wall facing due west or east has none along y)
            for (nx, ny) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.6, -0.8)] {
                let foot = shading.wall(color, nx: nx, ny: ny, t: 0, base: 0, height: 300)
                let top = shading.wall(color, nx: nx, ny: ny, t: 1, base: 0, height: 300)
                // (the packed normal's x carries the vertex's end, so the light differs by a hair between them)
                let darkened = top.0 - foot.0 > 0.01
                #expect(darkened == (!glJS || ny != 0), "glJS \(glJS) normal (\(nx), \(ny)): foot \(foot), top \(top)")
            }
        }
    }
}
