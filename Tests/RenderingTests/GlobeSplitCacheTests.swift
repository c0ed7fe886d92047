import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// A feature's split lines and rings are kept between frames (``GlobeSplitCache``), and a later frame tests a kept
/// part by its bounds, kept beside it, before reading it: the rings and runs a frame works out from the kept parts
/// must be exactly those it works out without the cache, whether the parts are made in that frame or kept.
@Suite struct GlobeSplitCacheTests {
    static let cameras: [MapCamera] = [
        MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.36, bearing: 72),
        MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 2),
        MapCamera(center: LocationCoordinate2D(latitude: -30, longitude: -170), zoom: 1.5, pitch: 40),
        MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 100), zoom: 0.8, bearing: 30),
        MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1),
    ]

    /// Polygons around points of the globe (Web Mercator fractions): some behind the horizon, some off a band, some
    /// crossing the horizon, and the world's outline, seamed on the antimeridian and on 90° W, which encloses the view
    /// from behind the horizon or from off a clip.
    static func polygons() -> [[[Point]]] {
        var polygons = GlobeOutlineReuseTests.rings().map { [$0] }
        polygons.append([[Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]])
        polygons.append([[Point(x: 0.25, y: 0), Point(x: 1.25, y: 0), Point(x: 1.25, y: 1), Point(x: 0.25, y: 1)]])
        return polygons
    }

    @Test("rings projected from kept parts are the rings projected without the cache")
    func keptRingsProjectAlike() throws {
        let (width, height) = (640, 480)
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        let polygons = Self.polygons()
        var skippedUnread = 0, enclosingUnread = 0, enclosingOffClip = 0
        for camera in Self.cameras {
            var t = Transform(camera: camera, width: width, height: height)
            t.globeness = 1
            let g = try #require(t.globe)
            let feature = FillFeature(mercator: polygons)
            // (the window on the equator at 45° E seen from 0° E: the world's outline seamed on 90° W misses it)
            for clip in [PixelClip(width: width, height: height), PixelClip(x0: 0, y0: 0, x1: width, y1: height / 2),
                         PixelClip(x0: 0, y0: height / 2, x1: width, y1: height), PixelClip(x0: 420, y0: 220, x1: 470, y1: 260)] {
                var context = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height, clip: clip)
                // the frame that makes the parts, one that reads them kept
                for frame in 0..<2 {
                    for (index, polygon) in polygons.enumerated() {
                        context.projectGlobeRings(polygon, copy: 0, shift: Point(x: 0, y: 0), globe: g)
                        let own = context.scratch.screenRings.arrays
                        context.projectGlobeRings(polygon, copy: 0, shift: Point(x: 0, y: 0), globe: g,
                                                  cache: (feature.globeSplits, index))
                        let kept = context.scratch.screenRings.arrays
                        let same = kept == own
                        #expect(same, "\(camera) rows \(clip.y0)..<\(clip.y1) frame \(frame) polygon \(index): \(kept.count) rings, \(own.count) own")
                        if frame == 1, let bounds = feature.globeSplits.bounds(.interior, polygon: index, grid: Self.grid(context, g)) {
                            let misses = g.camera.hides(bounds.cap) || g.camera.screenMisses(
                                bounds.cap, left: Double(clip.x0) - 2, top: Double(clip.y0) - 2,
                                right: Double(clip.x1) + 2, bottom: Double(clip.y1) + 2)
                            if misses && own.isEmpty { skippedUnread += 1 }
                            if misses && !own.isEmpty { enclosingUnread += 1 }
                            if !g.camera.hides(bounds.cap) && misses && !own.isEmpty { enclosingOffClip += 1 }
                        }
                    }
                }
            }
        }
        // the cases did what they are here for: kept rings skipped by their bounds, and one enclosing the view from
        // off the clip or behind the horizon, which the bounds alone must not skip
        #expect(skippedUnread > 20)
        #expect(enclosingUnread > 0)
        #expect(enclosingOffClip > 0)
    }

    @Test("line runs from kept parts are the runs worked out without the cache")
    func keptLinesRunAlike() throws {
        let (width, height) = (640, 480)
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        let lines = GlobeOutlineReuseTests.rings()
        var empty = 0, drawn = 0
        for camera in Self.cameras {
            var t = Transform(camera: camera, width: width, height: height)
            t.globeness = 1
            let g = try #require(t.globe)
            let feature = LineFeature(mercator: lines)
            for clip in [PixelClip(x0: 0, y0: 0, x1: width, y1: height / 2), PixelClip(x0: 0, y0: height / 2, x1: width, y1: height)] {
                let context = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height, clip: clip)
                for _ in 0..<2 {
                    for (index, line) in lines.enumerated() {
                        let own = context.visibleRunArrays(line, copy: 0, closed: false, globe: g, margin: 3)
                        let kept = context.visibleRunArrays(line, copy: 0, closed: false, globe: g, margin: 3,
                                                            cache: (feature.globeSplits, .line, index, 0))
                        #expect(kept == own, "\(camera) rows \(clip.y0)..<\(clip.y1) line \(index)")
                        if own.isEmpty { empty += 1 } else { drawn += 1 }
                    }
                }
            }
        }
        #expect(empty > 10)
        #expect(drawn > 10)
    }

    @Test("each ring of each polygon has a slot of its own; a ring the feature does not have is made, never kept")
    func slotsAreTheFeaturesRings() {
        let cache = GlobeSplitCache(ringsPerPolygon: [2, 0, 3])
        let grid = GlobeSplitCache.Grid(cells: 64, units: nil, sine: .exact, tileMiddle: nil)
        func part(_ x: Double) -> GlobeSplitCache.Part {
            GlobeSplitCache.part(world: [Point(x: x, y: 0.5)], sphere: [Vector3(1, 0, 0)], closed: false)
        }
        let rings = [(0, 0), (0, 1), (2, 0), (2, 1), (2, 2)]
        for (k, (polygon, ring)) in rings.enumerated() {
            _ = cache.part(.interior, polygon: polygon, ring: ring, grid: grid) { part(Double(k)) }
        }
        for (k, (polygon, ring)) in rings.enumerated() {
            let kept = cache.part(.interior, polygon: polygon, ring: ring, grid: grid) { part(-1) }
            #expect(kept.world.first?.x == Double(k))
            #expect(cache.bounds(.interior, polygon: polygon, ring: ring, grid: grid)?.world.minX == Double(k))
            // the other kinds have slots of their own
            #expect(cache.bounds(.outline, polygon: polygon, ring: ring, grid: grid) == nil)
        }
        for (polygon, ring) in [(0, 2), (1, 0), (3, 0), (-1, 0), (2, 3)] {
            #expect(cache.part(.interior, polygon: polygon, ring: ring, grid: grid) { part(7) }.world.first?.x == 7)
            #expect(cache.part(.interior, polygon: polygon, ring: ring, grid: grid) { part(8) }.world.first?.x == 8)
            #expect(cache.bounds(.interior, polygon: polygon, ring: ring, grid: grid) == nil)
        }
        // another grid drops what was kept
        var other = grid
        other.cells = 128
        #expect(cache.bounds(.interior, polygon: 0, ring: 0, grid: other) == nil)
    }

    /// The grid a context's fill rings are split on (what ``PaintContext/projectGlobeRings(_:copy:shift:globe:granularity:cache:record:)`` keeps them for).
    static func grid(_ context: PaintContext, _ g: GlobeView) -> GlobeSplitCache.Grid {
        GlobeSplitCache.Grid(cells: GlobeGranularity.cellsAcrossWorld(GlobeGranularity.fill, tileZoom: context.globeDataTileZoom),
                             units: context.transform.quantizationUnits, sine: g.sine, tileMiddle: nil)
    }
}
