import GeoJSON
import MapStyle
import Testing
@testable import Rendering

/// MapLibre Native's axonometric `ProjectionMode`: heights leave the perspective alone and lean by the skews.
@Suite struct AxonometricProjectionTests {
    static let skewed = ProjectionMode(axonometric: true, xSkew: -1, ySkew: -1)

    static func transform(_ mode: ProjectionMode, pitch: Double = 0, bearing: Double = 0, width: Int = 512, height: Int = 256) -> Transform {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 17, bearing: bearing, pitch: pitch),
                          width: width, height: height)
        t.projectionMode = mode
        return t
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test("the ground projects as with the perspective camera, pitched and turned too")
    func groundIsUnchanged() {
        for (pitch, bearing) in [(0.0, 0.0), (40.0, 0.0), (55.0, 120.0)] {
            let perspective = Self.transform(ProjectionMode(), pitch: pitch, bearing: bearing)
            let axonometric = Self.transform(Self.skewed, pitch: pitch, bearing: bearing)
            for c in [LocationCoordinate2D(latitude: 10.001, longitude: 19.999), LocationCoordinate2D(latitude: 9.9995, longitude: 20.002)] {
                #expect(Self.close(perspective.screenPoint(for: c), axonometric.screenPoint(for: c)))
                let p = perspective.plane(c)
                #expect(Self.close(perspective.screen(camera: perspective.cameraPoint(plane: p, z: 0)),
                                   axonometric.screen(camera: axonometric.cameraPoint(plane: p, z: 0))))
            }
            let s = Point(x: 100, y: 200)
            let a = axonometric.coordinate(at: s), b = perspective.coordinate(at: s)
            #expect(a == b)
        }
    }

    @Test("a height moves a point by the skews across half the view, divided by the ground's w")
    func heightsLean() {
        let t = Self.transform(ProjectionMode(axonometric: true, xSkew: 0.5, ySkew: -2))
        let d = t.cameraToCenterDistance
        let p = Point(x: 30, y: -20), z = 90.0
        let ground = t.screen(camera: t.cameraPoint(plane: p, z: 0))
        let raised = t.screen(camera: t.cameraPoint(plane: p, z: z))
        // flat view: w is the camera distance everywhere
        #expect(Self.close(raised, Point(x: ground.x + 0.5 * z * 256 / d, y: ground.y + 2 * z * 128 / d)))
        // Native's default skews (0, 1) lean heights straight up, by half the view height per w
        let upright = Self.transform(ProjectionMode(axonometric: true))
        let up = upright.screen(camera: upright.cameraPoint(plane: p, z: z))
        #expect(Self.close(up, Point(x: ground.x, y: ground.y - z * 128 / d)))
        // perspective: a point straight above the centre stays at the centre
        let perspective = Self.transform(ProjectionMode())
        #expect(Self.close(perspective.screen(camera: perspective.cameraPoint(plane: Point(x: 0, y: 0), z: z)), Point(x: 256, y: 128)))
    }

    @Test("a raised plane's screen point maps back to its plane point, flat and pitched")
    func planeUnderScreenInverts() throws {
        for pitch in [0.0, 35.0] {
            let t = Self.transform(Self.skewed, pitch: pitch)
            for (p, z) in [(Point(x: 12, y: -40), 60.0), (Point(x: -80, y: 30), 5.0)] {
                let s = t.screen(camera: t.cameraPoint(plane: p, z: z))
                let back = try #require(t.plane(screen: s, z: z))
                #expect(Self.close(back, p, 1e-6))
            }
        }
    }

    /// The render suite's `projection/skew` building: a tall square whose roof lands down and left.
    static func scene(_ mode: ProjectionMode) -> RenderScene {
        let half = 0.00005
        let ring = [LocationCoordinate2D(longitude: 0.0003 - half, latitude: 0.0003 - half),
                    LocationCoordinate2D(longitude: 0.0003 + half, latitude: 0.0003 - half),
                    LocationCoordinate2D(longitude: 0.0003 + half, latitude: 0.0003 + half),
                    LocationCoordinate2D(longitude: 0.0003 - half, latitude: 0.0003 + half),
                    LocationCoordinate2D(longitude: 0.0003 - half, latitude: 0.0003 - half)]
        var building = FillExtrusionLayer(features: [FillExtrusionFeature(polygons: [[ring]])])
        building.height = .constant(100)
        building.color = .constant(RenderColor(red: 1, green: 0, blue: 0))
        var scene = RenderScene(width: 512, height: 512, camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 18),
                                layers: [building])
        scene.projectionMode = mode
        return scene
    }

    @Test("the roof is drawn where the skews put it, in front of the walls, and queried there")
    func roofDrawnAndQueriedWhereItLeans() throws {
        let scene = Self.scene(Self.skewed)
        let t = scene.transform
        let metres = t.pixelsPerMeter * 100
        let footprint = t.screenPoint(for: LocationCoordinate2D(latitude: 0.0003, longitude: 0.0003))
        // 100 m at z18 on the equator: about 335 pixels, a third of which is 112 pixels each way
        let lean = metres * 256 / t.cameraToCenterDistance
        #expect(abs(lean - 111.6) < 0.5)
        let roof = Point(x: footprint.x - lean, y: footprint.y + lean)
        let canvas = try Renderer.render(scene)
        func pixel(_ p: Point) -> (Float, Float) {
            let i = 4 * (Int(p.y) * canvas.width + Int(p.x))
            return (canvas.pixels[i], canvas.pixels[i + 3])
        }
        // the roof (lit brighter than the walls) over the lean; nothing over the empty footprint corner
        #expect(pixel(roof) .0 > 0.9 && pixel(roof).1 == 1)
        #expect(pixel(Point(x: footprint.x + 25, y: footprint.y + 25)).1 == 0)
        let wall = Point(x: footprint.x - lean / 2 - 5, y: footprint.y + lean / 2)
        #expect(pixel(wall).1 == 1 && pixel(wall).0 < 0.6)
        // queries follow the drawn solid: the roof is hit; the perspective camera draws nothing there
        #expect(SceneHitTester(scene: scene).hits(at: roof).map(\.featureIndex) == [0])
        #expect(SceneHitTester(scene: Self.scene(ProjectionMode())).hits(at: roof).isEmpty)
        let perspective = try Renderer.render(Self.scene(ProjectionMode()))
        #expect(perspective.pixels != canvas.pixels)
    }
}
