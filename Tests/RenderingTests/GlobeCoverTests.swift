import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// The globe's cover (the pixels GL JS's tile meshes show the globe on): leaving out the quads well inside
/// the outline must not move a single run end.
@Suite struct GlobeCoverTests {
    static let cameras: [MapCamera] = [
        MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1),
        MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.36, bearing: 45),
        MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 100), zoom: 0.5, bearing: 30),
        MapCamera(center: LocationCoordinate2D(latitude: -30, longitude: -170), zoom: 1.5, pitch: 40),
        MapCamera(center: LocationCoordinate2D(latitude: 80, longitude: 10), zoom: 2.2, bearing: 200, pitch: 60),
        MapCamera(center: LocationCoordinate2D(latitude: -85, longitude: 45), zoom: 2.9, pitch: 20),
        MapCamera(center: LocationCoordinate2D(latitude: 35, longitude: -120), zoom: 4.5, bearing: 10, pitch: 75),
    ]

    /// Every camera at three sizes, on the sphere.
    static func globeViews() -> [(camera: MapCamera, width: Int, height: Int, transform: Transform)] {
        cameras.flatMap { camera in
            [(256, 256), (1024, 768), (300, 500)].map { size in
                var t = Transform(camera: camera, width: size.0, height: size.1)
                t.globeness = 1
                return (camera, size.0, size.1, t)
            }
        }
    }

    static func runs(_ t: Transform, clip: PixelClip, skipping: Bool, skippingTiles: Bool = true) throws -> [(Int, Int)] {
        let cover = GlobeCover(transform: t, globe: try #require(t.globe), clip: clip)
        cover.skipsInnerQuads = skipping
        cover.skipsTilesOffClip = skippingTiles
        return (clip.y0..<clip.y1).map { cover.span(row: $0) }
    }

    @Test("a tile mesh rasterized in a clip gives the same spans with the tiles and blocks that cannot show in it left out")
    func tileMeshSpansWithTilesLeftOut() throws {
        var pairs = 0, empty = 0
        for camera in Self.cameras {
            let (width, height) = (512, 384)
            var t = Transform(camera: camera, width: width, height: height)
            t.globeness = 1
            let g = try #require(t.globe)
            var clips: [PixelClip] = []
            for k in 0..<8 {
                clips.append(PixelClip(x0: 0, y0: k * height / 8, x1: width, y1: (k + 1) * height / 8))
                clips.append(PixelClip(x0: k * width / 8, y0: 0, x1: (k + 1) * width / 8, y1: height))
            }
            for tile in GlobeCover.tiles(transform: t, globe: g) {
                let mesh = GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile)
                for clip in clips {
                    // (in the order of rows and columns: leaving parts out draws the others block by block)
                    func spans(_ skipping: Bool) -> [[Int]] {
                        var rasterizer = GlobeMeshRasterizer(globe: g, clip: clip)
                        rasterizer.skipsTilesOffClip = skipping
                        var out: [[Int]] = []
                        rasterizer.rasterize(mesh) { out.append([$0.y, $0.x0, $0.x1]) }
                        return out.sorted { $0.lexicographicallyPrecedes($1) }
                    }
                    let all = spans(false)
                    let same = spans(true) == all
                    #expect(same, "\(camera) tile \(tile) clip \(clip)")
                    pairs += 1
                    if all.isEmpty { empty += 1 }
                }
            }
        }
        // most pairs meet nothing: those are the tiles there is something to leave out for
        #expect(pairs > 500 && empty > pairs / 3, "\(pairs) pairs, \(empty) with no span")
    }

    @Test("the runs are the same with the tiles that cannot reach a band's rows left out, over views, sizes and bands")
    func tilesOffTheClipChangeNothing() throws {
        for (camera, width, height, t) in Self.globeViews() {
            // whole views, thirds, and thin bands and strips, whose edges many tiles come within a pixel or two of
            var clips = [PixelClip(width: width, height: height),
                         PixelClip(x0: 0, y0: 0, x1: width, y1: height / 3),
                         PixelClip(x0: 0, y0: height / 3, x1: width, y1: 2 * height / 3),
                         PixelClip(x0: 0, y0: 2 * height / 3, x1: width, y1: height)]
            for k in 0..<12 {
                clips.append(PixelClip(x0: 0, y0: k * height / 12, x1: width, y1: (k + 1) * height / 12))
                clips.append(PixelClip(x0: k * width / 12, y0: 0, x1: (k + 1) * width / 12, y1: height))
            }
            for clip in clips {
                for inner in [false, true] {
                    let all = try Self.runs(t, clip: clip, skipping: inner, skippingTiles: false)
                    let skipped = try Self.runs(t, clip: clip, skipping: inner, skippingTiles: true)
                    let differing = zip(all, skipped).enumerated().filter { $0.element.0 != $0.element.1 }
                    #expect(differing.isEmpty, "\(camera) \(width)x\(height) rows \(clip.y0)..<\(clip.y1): \(differing.prefix(3))")
                }
            }
        }
    }

    @Test("the runs are the same with the inner quads left out, over views, sizes and bands")
    func innerQuadsChangeNothing() throws {
        for (camera, width, height, t) in Self.globeViews() {
            for clip in [PixelClip(width: width, height: height),
                         PixelClip(x0: 0, y0: 0, x1: width, y1: height / 2),
                         PixelClip(x0: 0, y0: height / 2, x1: width, y1: height)] {
                let all = try Self.runs(t, clip: clip, skipping: false)
                let skipped = try Self.runs(t, clip: clip, skipping: true)
                let differing = zip(all, skipped).enumerated().filter { $0.element.0 != $0.element.1 }
                #expect(differing.isEmpty, "\(camera) \(width)x\(height) rows \(clip.y0)..<\(clip.y1): \(differing.prefix(3))")
            }
        }
    }

    @Test("the runs are those of every tile mesh rasterized whole, nothing left out, over views, sizes and bands")
    func runsAreTheWholeMeshes() throws {
        for (camera, width, height, t) in Self.globeViews() {
            let g = try #require(t.globe)
            for clip in [PixelClip(width: width, height: height),
                         PixelClip(x0: 0, y0: 0, x1: width, y1: height / 2),
                         PixelClip(x0: 0, y0: height / 2, x1: width, y1: height)] {
                // every tile's mesh, whole: no row taken as inside the globe, no tile, block or quad left out
                var expected = [(Int, Int)?](repeating: nil, count: clip.y1 - clip.y0)
                var rasterizer = GlobeMeshRasterizer(globe: g, clip: clip)
                rasterizer.skipsTilesOffClip = false
                for tile in GlobeCover.tiles(transform: t, globe: g) {
                    rasterizer.rasterize(GlobeTileMesh(bounds: tile, granularity: GlobeGranularity.tile)) { s in
                        let r = s.y - clip.y0
                        expected[r] = expected[r].map { (min($0.0, s.x0), max($0.1, s.x1)) } ?? (s.x0, s.x1)
                    }
                }
                let runs = try Self.runs(t, clip: clip, skipping: true).map { $0.0 < $0.1 ? $0 : nil }
                let differing = zip(expected, runs).enumerated().filter { $0.element.0?.0 != $0.element.1?.0 || $0.element.0?.1 != $0.element.1?.1 }
                #expect(differing.isEmpty, "\(camera) \(width)x\(height) rows \(clip.y0)..<\(clip.y1): \(differing.prefix(3))")
            }
        }
    }

    @Test("a row's outline crossings are where rays start and stop meeting the globe")
    func outlineCrossings() throws {
        for camera in Self.cameras {
            var t = Transform(camera: camera, width: 512, height: 384)
            t.globeness = 1
            let g = try #require(t.globe).camera
            var rowsMet = 0
            for y in stride(from: 0.5, to: 384, by: 7) {
                guard let (left, right) = g.outline(row: y) else {
                    #expect(stride(from: 0.5, to: 512, by: 4).allSatisfy { g.spherePoint(screenX: $0, y: y) == nil })
                    continue
                }
                rowsMet += 1
                #expect(g.spherePoint(screenX: left + 1e-3, y: y) != nil)
                #expect(g.spherePoint(screenX: right - 1e-3, y: y) != nil)
                #expect(g.spherePoint(screenX: left - 1e-3, y: y) == nil)
                #expect(g.spherePoint(screenX: right + 1e-3, y: y) == nil)
            }
            #expect(rowsMet > 0)
        }
    }
}

/// A tile left out whole by the globe's rasterizer (its edge's screen box, widened by the edge's bow, passes the
/// quad test) has every vertex of its mesh inside that box; a tile reaching past the test's region is kept.
@Suite struct GlobeWholeTileTests {
    @Test("a tile is left out whole only when every vertex of its mesh lies in the region")
    func wholeTiles() throws {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.36, bearing: 45),
                          width: 1024, height: 768)
        t.globeness = 1
        let g = try #require(t.globe)
        let rasterizer = GlobeMeshRasterizer(globe: g, clip: PixelClip(width: 1024, height: 768))
        // the region: a box around the screen (convex, as the cover's inner columns are), holding some tiles whole
        let region = (minX: -20.0, minY: -100.0, maxX: 1000.0, maxY: 800.0)
        let inRegion: (Double, Double, Double, Double) -> Bool = { minX, minY, maxX, maxY in
            minX >= region.minX && minY >= region.minY && maxX <= region.maxX && maxY <= region.maxY
        }
        var skipped = 0, kept = 0
        for bounds in GlobeCover.tiles(transform: t, globe: g) {
            let mesh = GlobeTileMesh(bounds: bounds, granularity: GlobeGranularity.tile)
            guard !mesh.north, !mesh.south else { continue }
            let n = mesh.cells
            let xs = (0...n).map { bounds.minX + (bounds.maxX - bounds.minX) * Double($0) / Double(n) }
            let sinLng = xs.map { sin($0 * 2 * .pi - .pi) }, cosLng = xs.map { cos($0 * 2 * .pi - .pi) }
            // every vertex of the mesh, on screen
            var all: [(x: Double, y: Double)] = []
            var hidden = false
            for j in 0...n {
                let y = bounds.minY + (bounds.maxY - bounds.minY) * Double(j) / Double(n)
                for x in xs {
                    let s = GlobeProjection.spherePoint(worldX: x, worldY: y)
                    if g.camera.horizonSide(s) < 0 { hidden = true }
                    all.append(g.camera.screen(s))
                }
            }
            let inside = !hidden && all.allSatisfy {
                $0.x >= region.minX && $0.x <= region.maxX && $0.y >= region.minY && $0.y <= region.maxY
            }
            let (sinLat, cosLat) = GlobeTileGrid.latitudes(bounds, cells: n, sine: g.sine)
            let grid = GlobeMeshRasterizer.Grid(xs: xs, sinLng: sinLng, cosLng: cosLng, sinLat: sinLat, cosLat: cosLat)
            if rasterizer.skipsWholeBlock(mesh, GlobeMeshRasterizer.Block(columns: 0...n, rows: 0...n), grid, inRegion) {
                skipped += 1
                #expect(inside, "\(bounds) left out, but a vertex of its mesh lies outside the region")
            } else {
                kept += 1
                // kept: a vertex lies outside, or within the bow (a pixel and a fraction) of the region's edge
                let margin = 2.0
                let wellInside = !hidden && all.allSatisfy {
                    $0.x >= region.minX + margin && $0.x <= region.maxX - margin
                        && $0.y >= region.minY + margin && $0.y <= region.maxY - margin
                }
                #expect(!wellInside, "\(bounds) lies well inside the region but is drawn")
            }
        }
        #expect(skipped > 0)
        #expect(kept > 0)
    }

    @Test("a steep view at a deep zoom is covered by GL JS's variable-zoom tiles: a few hundred, and every pixel of the globe in one",
          arguments: [13.0, 22.0])
    func steepDeepViewCover(zoom: Double) throws {
        // (the camera zoom's tiles over the rectangle out to the horizon were millions at zoom 13, billions at 22)
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 45, longitude: 10), zoom: zoom, bearing: 30, pitch: 85)
        var t = Transform(camera: camera, width: 300, height: 200)
        t.globeness = 1
        let g = try #require(t.globe)
        let tiles = GlobeCover.tiles(transform: t, globe: g)
        #expect(!tiles.isEmpty && tiles.count < 1000, "\(tiles.count) tiles")
        var onGlobe = 0
        for y in stride(from: 0.5, to: 200, by: 7) {
            for x in stride(from: 0.5, to: 300, by: 7) {
                guard let w = g.world(screenX: x, y: y) else { continue }
                onGlobe += 1
                let wx = w.x - w.x.rounded(.down)
                #expect(tiles.contains { wx >= $0.minX && wx <= $0.maxX && w.y >= $0.minY && w.y <= $0.maxY }, "(\(x), \(y))")
            }
        }
        #expect(onGlobe > 100)
    }
}
