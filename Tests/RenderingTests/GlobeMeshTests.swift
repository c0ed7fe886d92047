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

    /// The grid split as first written (crossings gathered in arrays, then merged).
    static func referenceSplit(_ a: Point, _ b: Point, cells: Double) -> [Point]? {
        var out: [Point] = []
        let dx = b.x - a.x, dy = b.y - a.y
        let nx = dx == 0 ? 0 : abs((b.x * cells).rounded(.down) - (a.x * cells).rounded(.down))
        let ny = dy == 0 ? 0 : abs((b.y * cells).rounded(.down) - (a.y * cells).rounded(.down))
        guard nx + ny <= 4096 else { return nil }  // split evenly: not what this compares
        guard nx + ny > 0 else { return out }
        var tx: [Double] = [], ty: [Double] = []
        if nx > 0 {
            let lo = min(a.x, b.x) * cells, hi = max(a.x, b.x) * cells
            var k = lo.rounded(.down) + 1
            while k < hi { tx.append((k / cells - a.x) / dx); k += 1 }
            if dx < 0 { tx.reverse() }
        }
        if ny > 0 {
            let lo = min(a.y, b.y) * cells, hi = max(a.y, b.y) * cells
            var k = lo.rounded(.down) + 1
            while k < hi { ty.append((k / cells - a.y) / dy); k += 1 }
            if dy < 0 { ty.reverse() }
        }
        var i = 0, j = 0, last = 0.0
        while i < tx.count || j < ty.count {
            let t: Double
            if j >= ty.count || (i < tx.count && tx[i] <= ty[j]) { t = tx[i]; i += 1 } else { t = ty[j]; j += 1 }
            if t <= 0 || t >= 1 || t - last < 1e-12 { continue }
            last = t
            out.append(Point(x: a.x + dx * t, y: a.y + dy * t))
        }
        return out
    }

    @Test("the grid split without scratch arrays gives the same points in the same order")
    func splitUnchanged() {
        var rng = SystemRandomNumberGenerator()
        let cells = [128.0, 512, 2048]
        var segments: [(Point, Point)] = [(Point(x: 0.25, y: 0.5), Point(x: 0.75, y: 0.5)),  // on grid lines
                                          (Point(x: 0.5, y: 0.25), Point(x: 0.5, y: 0.75)),
                                          (Point(x: 0.7, y: 0.2), Point(x: 0.1, y: 0.9))]
        for _ in 0..<300 {
            segments.append((Point(x: Double.random(in: -0.2...1.2, using: &rng), y: Double.random(in: 0...1, using: &rng)),
                             Point(x: Double.random(in: -0.2...1.2, using: &rng), y: Double.random(in: 0...1, using: &rng))))
        }
        for c in cells {
            for (a, b) in segments {
                var fast: [Point] = []
                GlobeSubdivision.forEachSplit(a, b, cells: c) { fast.append($0) }
                if let reference = Self.referenceSplit(a, b, cells: c) { #expect(fast == reference) }
            }
        }
    }
}
