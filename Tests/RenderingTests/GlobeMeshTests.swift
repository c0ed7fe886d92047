import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// GL JS's tile meshes on the globe: what backgrounds, rasters, hillshades and tile clips draw through.
@Suite struct GlobeMeshTests {
    static func globe(_ camera: MapCamera, size: Int = 256, globeness: Double = 1) -> Transform {
        var t = Transform(camera: camera, width: size, height: size)
        t.globeness = globeness
        return t
    }

    /// How many triangles cover each pixel, over the given tiles' meshes.
    static func coverage(_ t: Transform, tiles: [WorldBounds], size: Int) throws -> [Int] {
        let g = try #require(t.globe)
        var counts = [Int](repeating: 0, count: size * size)
        let r = GlobeMeshRasterizer(globe: g, clip: PixelClip(width: size, height: size))
        for tile in tiles {
            r.rasterize(GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile)) { s in
                for x in s.x0..<s.x1 { counts[s.y * size + x] += 1 }
            }
        }
        return counts
    }

    @Test("the zoom 1 tiles' meshes cover the visible sphere once, with no pixel twice and none off it")
    func coversSphereOnce() throws {
        for camera in [MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1),
                       MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 100), zoom: 0.5, bearing: 30),
                       MapCamera(center: LocationCoordinate2D(latitude: -30, longitude: -170), zoom: 1.5, pitch: 40)] {
            let size = 256
            let t = Self.globe(camera, size: size)
            let g = try #require(t.globe)
            let tiles = (0..<2).flatMap { y in (0..<2).map { x in WorldBounds(z: 1, x: x, y: y) } }
            let counts = try Self.coverage(t, tiles: tiles, size: size)
            #expect(counts.max() == 1)
            var inside = 0, missing = 0, outside = 0
            for y in 0..<size {
                for x in 0..<size {
                    let c = counts[y * size + x]
                    let sx = Double(x) + 0.5, sy = Double(y) + 0.5
                    // a pixel a pixel inside the true limb is covered; one off the sphere is not
                    let deep = [(-1.0, 0.0), (1, 0), (0, -1), (0, 1)].allSatisfy { g.camera.spherePoint(screenX: sx + $0.0, y: sy + $0.1) != nil }
                    if deep { inside += 1; if c == 0 { missing += 1 } }
                    if g.camera.spherePoint(screenX: sx, y: sy) == nil && c > 0 { outside += 1 }
                }
            }
            #expect(inside > 1000)
            #expect(missing == 0)
            #expect(outside == 0)
        }
    }

    @Test("the world position interpolated across the mesh lies under its pixel, to a fraction of a pixel")
    func interpolatedWorld() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 30), zoom: 2, bearing: 20, pitch: 30)
        let size = 256
        let t = Self.globe(camera, size: size)
        let g = try #require(t.globe)
        let r = GlobeMeshRasterizer(globe: g, clip: PixelClip(width: size, height: size))
        var worst = 0.0, checked = 0
        for tile in GlobeCover.tiles(transform: t, globe: g) {
            r.rasterize(GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile)) { s in
                for x in stride(from: s.x0, to: s.x1, by: 7) {
                    let w = s.world(x)
                    let p = g.project(worldX: w.x, y: w.y)
                    worst = max(worst, max(abs(p.x - Double(x) - 0.5), abs(p.y - Double(s.y) - 0.5)))
                    checked += 1
                }
            }
        }
        #expect(checked > 100)
        // the mesh's chords and GL's interpolation across each cell stay close to the sphere
        #expect(worst < 0.5)
    }

    @Test("a blend with Mercator draws the covered pixels once and keeps the centre under the centre pixel")
    func blend() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 40, longitude: -3), zoom: 3)
        let size = 256
        for globeness in [0.3, 0.9] {
            let t = Self.globe(camera, size: size, globeness: globeness)
            let g = try #require(t.globe)
            let counts = try Self.coverage(t, tiles: GlobeCover.tiles(transform: t, globe: g), size: size)
            #expect(counts.max() == 1)
            // the view is inside the globe: every pixel covered
            #expect(counts.allSatisfy { $0 == 1 })
            var centre: Point?
            GlobeMeshRasterizer(globe: g, clip: PixelClip(x0: 128, y0: 128, x1: 129, y1: 129)).rasterize(
                GlobeTileMesh(bounds: WorldBounds(z: 0, x: 0, y: 0), granularity: GlobeGranularity.tile)) { s in
                centre = s.world(128)
            }
            let c = try #require(centre)
            let expected = WebMercator.cameraWorld(longitude: -3, latitude: 40)
            #expect(abs(c.x - expected.x) * t.worldSize < 1 && abs(c.y - expected.y) * t.worldSize < 1)
        }
    }
}
