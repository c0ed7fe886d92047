import Geo
import GeoJSON
import Testing
@testable import Rendering

/// 3D terrain's parts: elevations read as GL JS reads them, the camera over the ground, the mesh drawn.
@Suite("Terrain")
struct TerrainTests {
    /// One DEM source tile at z0 with `elevation(column, row)`.
    static func elevation(_ dim: Int = 8, exaggeration: Double = 1, _ f: @escaping (Int, Int) -> Double) throws -> TerrainElevation {
        let dem = try ColorReliefTests.dem(dim, f)
        return TerrainElevation(tiles: [SourceTile(id: UnwrappedTileID(canonical: TileID(z: 0, x: 0, y: 0)), dem: dem)],
                                maximumZoom: 0, exaggeration: exaggeration)
    }

    @Test("texel i is read at i / dim of the tile (GL JS's terrain shader), bilinear between, times the exaggeration")
    func texelCorners() throws {
        let e = try Self.elevation(exaggeration: 2) { x, y in Double(x * 100 + y) }
        #expect(e.elevation(worldX: 3.0 / 8, worldY: 5.0 / 8, zoom: 3) == 2 * 305)
        #expect(abs(e.elevation(worldX: 3.5 / 8, worldY: 5.0 / 8, zoom: 3) - 2 * 355) < 1e-9)
        #expect(abs(e.elevation(worldX: 3.0 / 8, worldY: 5.25 / 8, zoom: 3) - 2 * 305.25) < 1e-9)
        // past the last texel the border (a copy of the edge without neighbours) holds the value
        #expect(e.elevation(worldX: 7.9 / 8, worldY: 0, zoom: 3) == 2 * 700)
        // outside the world's rows: 0
        #expect(e.elevation(worldX: 0.5, worldY: -0.1, zoom: 3) == 0)
        #expect(e.range == 0...1414)
    }

    @Test("no DEM tile: the ground is at 0 m everywhere")
    func missingTiles() {
        let e = TerrainElevation(tiles: [], maximumZoom: 12, exaggeration: 1.5)
        #expect(e.isEmpty)
        #expect(e.elevation(worldX: 0.3, worldY: 0.4, zoom: 10) == 0)
    }

    @Test("the ground under the centre is drawn at the centre; the ray through a pixel finds the ground drawn there")
    func groundRoundTrip() throws {
        let e = try Self.elevation(64, exaggeration: 3000) { x, y in Double((x * 7 + y * 3) % 50) }
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: -30), zoom: 1.7, bearing: 15, pitch: 50)
        let view = TerrainView(transform: Transform(camera: camera, width: 200, height: 150), elevation: e)
        let c = view.transform.centerWorld
        let centre = try #require(view.screenOnGround(worldX: c.x / view.transform.worldSize, worldY: c.y / view.transform.worldSize))
        #expect(abs(centre.x - 100) < 1e-6 && abs(centre.y - 75) < 1e-6)
        for s in [Point(x: 100, y: 75), Point(x: 30, y: 120), Point(x: 170, y: 40)] {
            let w = try #require(view.ground(screen: s))
            let back = try #require(view.screenOnGround(worldX: w.x, worldY: w.y))
            #expect(abs(back.x - s.x) < 0.05 && abs(back.y - s.y) < 0.05, "\(s) -> \(back)")
        }
    }

    @Test("a draped tile covers the screen it projects to, nearer surfaces in front")
    func drapedTileFillsItsArea() throws {
        let e = try Self.elevation { _, _ in 0 }
        let view = TerrainView(transform: Transform(camera: MapCamera(zoom: 0), width: 64, height: 64), elevation: e)
        var image = Canvas(width: 66, height: 66)
        image.fill(PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        var canvas = Canvas(width: 64, height: 64)
        var depth = [Float](repeating: 0, count: 64 * 64)
        TerrainRenderer.draw([DrapedTile(id: UnwrappedTileID(canonical: TileID(z: 0, x: 0, y: 0)), image: image, margin: 1)],
                             view: view, meshSize: 8, into: &canvas, depth: &depth)
        // the z0 tile is 512 px wide at zoom 0: it covers the whole 64 x 64 view
        #expect(canvas.pixels[0] == 1 && canvas.pixels[3] == 1)
        #expect(canvas.pixels[4 * (64 * 64 - 1)] == 1)
        #expect(depth.allSatisfy { $0 > 0 })
    }

    @Test("a view drawn on several cores (each every n-th row) is the view drawn on one, pixel for pixel and depth for depth")
    func rowsSharedAmongCores() throws {
        let e = try Self.elevation(16, exaggeration: 4000) { x, y in Double((x * 13 + y * 7) % 40) }
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 1.3, bearing: 25, pitch: 60)
        let view = TerrainView(transform: Transform(camera: camera, width: 320, height: 240), elevation: e)
        var image = Canvas(width: 130, height: 130)
        for y in 0..<130 {
            image.blendSpan(y: y, x0: 0, x1: 130, color: PremultipliedColor(r: Float(y % 7) / 7, g: 0.5, b: Float(y % 3) / 3, a: 1))
            image.blendSpan(y: y, x0: y % 11, x1: y % 11 + 3, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5))
        }
        let tile = DrapedTile(id: UnwrappedTileID(canonical: TileID(z: 0, x: 0, y: 0)), image: image, margin: 1)
        #expect(320 * 240 >= TerrainRenderer.parallelPixels)
        func drawn(cores: Int) -> (Canvas, [Float]) {
            var canvas = Canvas(width: 320, height: 240)
            var depth = [Float](repeating: 0, count: 320 * 240)
            TerrainRenderer.draw(tile, view: view, meshSize: 32, far: TerrainFog.planes(view).far, fog: nil, into: &canvas, depth: &depth,
                                 cores: cores)
            return (canvas, depth)
        }
        let one = drawn(cores: 1)
        #expect(one.1.filter { $0 > 0 }.count > 320 * 240 / 4, "the ground covers the view")
        for cores in [2, 3] {
            let shared = drawn(cores: cores)
            #expect(shared.0.pixels == one.0.pixels, "\(cores) cores")
            #expect(shared.1 == one.1, "\(cores) cores")
        }
    }
}
