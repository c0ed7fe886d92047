import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// A blend of the globe with Mercator at a low zoom, a pole and the far side in view (GL JS's
/// `projection/blend-*` cases in the comparison suite draw the same rules).
@Suite struct GlobeBlendTests {
    static let size = (width: 512, height: 512)

    /// The view of the comparison suite's blend cases: vertical-perspective a quarter of the way to Mercator.
    static func context(_ pixels: UnsafeMutablePointer<Float>, clip: PixelClip? = nil) throws -> (PaintContext, GlobeView) {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 20), zoom: 1),
                          width: size.width, height: size.height)
        t.globeness = 0.75
        let g = try #require(t.globe)
        let c = PaintContext(transform: t, pixels: pixels, canvasWidth: size.width, canvasHeight: size.height,
                             clip: clip ?? PixelClip(width: size.width, height: size.height))
        return (c, g)
    }

    @Test("near the pole the blend's outline is not convex: a row shows the globe on two runs, the notch between them bare")
    func coverLeavesTheNotch() throws {
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * Self.size.width * Self.size.height)
        defer { pixels.deallocate() }
        let (context, _) = try Self.context(pixels)
        let cover = try #require(context.globeCover)
        var split = 0
        for y in 0..<Self.size.height {
            var runs: [(Int, Int)] = []
            cover.forEachSpan(row: y, from: 0, to: Self.size.width) { runs.append(($0, $1)) }
            let (a, b) = cover.span(row: y)
            // the runs lie within the row's first and last columns, in order and apart
            for (k, run) in runs.enumerated() {
                #expect(run.0 >= a && run.1 <= b && run.0 < run.1)
                if k > 0 { #expect(runs[k - 1].1 < run.0) }
            }
            if runs.count >= 2 { split += 1 }
        }
        #expect(split >= 5, "\(split) rows show the globe on two runs")
    }

    @Test("a ring wholly past the blend's clip draws nothing")
    func hiddenRingsInABlend() throws {
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * Self.size.width * Self.size.height)
        defer { pixels.deallocate() }
        var (context, g) = try Self.context(pixels)
        // a box on the far side (the south of the Pacific, 150 degrees from the view's centre)
        func box(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> [Point] {
            [(w, s), (e, s), (e, n), (w, n), (w, s)].map { Transform.mercator(LocationCoordinate2D(latitude: $0.1, longitude: $0.0)) }
        }
        let far = box(-170, -60, -120, -40)
        #expect(far.allSatisfy { g.project(worldX: $0.x, y: $0.y).side < 0 })
        context.projectGlobeRings([far], copy: 0, shift: Point(x: 0, y: 0), globe: g)
        #expect(context.scratch.screenRings.isEmpty)
        // a box in view draws
        context.projectGlobeRings([box(0, 40, 40, 60)], copy: 0, shift: Point(x: 0, y: 0), globe: g)
        #expect(!context.scratch.screenRings.isEmpty)
    }

    @Test("a line across the meridian facing away from the centre keeps one world copy in a blend: no jump across the view")
    func linesKeepOneCopy() throws {
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * Self.size.width * Self.size.height)
        defer { pixels.deallocate() }
        let (context, g) = try Self.context(pixels)
        // along the 66th parallel from 170 to 150 degrees west, across 160 west (the centre's opposite, a world copy's edge)
        let line = (0...40).map { Transform.mercator(LocationCoordinate2D(latitude: 66, longitude: -170 + Double($0) / 2)) }
        var shown = 0
        for screenPoints in [true, false] {
            let runs = context.visibleRunArrays(line, copy: 0, closed: false, globe: g, margin: 2, screenPoints: screenPoints)
            for run in runs {
                for (a, b) in zip(run, run.dropFirst()) {
                    if screenPoints {
                        #expect((b - a).length < 20, "a step of \((b - a).length) px")
                    } else {
                        #expect(abs(b.x - a.x) < 0.01, "a step of \(b.x - a.x) world widths")
                    }
                    shown += 1
                }
            }
        }
        #expect(shown > 20, "\(shown) segments shown")
    }

    @Test("dashed, gradient and patterned lines keep one world copy in a blend too: they draw where the plain line draws")
    func measuredLinesKeepOneCopy() throws {
        // a line in view, and one across 160 degrees west (the centre's opposite) near the pole, where the blend shows
        // the far side's two copies at the world's top edge (a point's nearest copy would jump from one to the other:
        // a streak across the view), drawn plain, dashed and with a gradient (its middle and its data tile's both in
        // the copy west of the centre's opposite: the plain line's copy and the dashed one's agree)
        let lines = [
            (0...40).map { LocationCoordinate2D(latitude: 60, longitude: Double($0)) },
            (0...30).map { LocationCoordinate2D(latitude: 84, longitude: -165 + Double($0) / 2) },
        ]
        func render(_ configure: (inout LineLayer) -> Void) throws -> [Bool] {
            var line = LineLayer(features: [LineFeature(lines: lines)])
            line.width = 2
            configure(&line)
            var scene = RenderScene(width: Self.size.width, height: Self.size.height, pixelRatio: 1,
                                    camera: MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 20), zoom: 1),
                                    layers: [line])
            scene.globeness = 0.75
            var none: Canvas?
            let canvas = try Renderer.render(scene, reusing: &none, bandCount: 1)
            return (0..<(Self.size.width * Self.size.height)).map { canvas.pixels[4 * $0 + 3] > 0 }
        }
        let plain = try render { _ in }
        let w = Self.size.width, h = Self.size.height
        func nearPlain(_ x: Int, _ y: Int) -> Bool {
            for dy in -3...3 {
                for dx in -3...3 where (0..<w).contains(x + dx) && (0..<h).contains(y + dy) && plain[(y + dy) * w + x + dx] {
                    return true
                }
            }
            return false
        }
        #expect(plain.filter { $0 }.count > 100, "the plain line in view draws")
        for (name, configure) in [("dashed", { (l: inout LineLayer) in l.dashArray = [2, 1] }),
                                  ("gradient", { (l: inout LineLayer) in l.gradient = [RenderColor(red: 1, green: 0, blue: 0),
                                                                                       RenderColor(red: 0, green: 0, blue: 1)] })] {
            let drawn = try render(configure)
            let inked = drawn.indices.filter { drawn[$0] }
            let stray = inked.filter { !nearPlain($0 % w, $0 / w) }
            #expect(inked.count > 50, "\(inked.count) \(name) pixels")
            #expect(stray.count == 0, "\(name) pixels away from the plain line")
        }
    }

    @Test("a blend draws a ring in its data tile's world copy, as GL JS draws each tile in one copy")
    func ringsTakeTheirTilesCopy() throws {
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * Self.size.width * Self.size.height)
        defer { pixels.deallocate() }
        let (context, g) = try Self.context(pixels)
        #expect(context.globeDataTileZoom == 1)
        // 180 to 150 degrees west: its middle is past the meridian facing away from the centre (160 west), so on its
        // own it would take the copy east of it; its zoom 1 tile (180 west to 0) is drawn in the copy west of it
        let ring = (low: 0.0, high: 1.0 / 12)
        #expect(g.copyShift(low: ring.low, high: ring.high) == -1)
        #expect(context.blendCopyShift(low: ring.low, high: ring.high, globe: g) == 0)
        // geometry across tiles keeps its own middle's copy
        #expect(context.blendCopyShift(low: 0.4, high: 0.6, globe: g) == g.copyShift(low: 0.4, high: 0.6))
    }

    @Test("a ring cut on the fill grid: the pieces hold the ring's area, and neighbours share their cut points exactly")
    func gridPiecesShareTheirCuts() {
        let ring = [Point(x: 0.013, y: 0.021), Point(x: 0.101, y: 0.034), Point(x: 0.077, y: 0.088), Point(x: 0.04, y: 0.061),
                    Point(x: 0.019, y: 0.095)]
        let cells = 32.0
        var total = 0.0
        var cuts: [Double: Set<Double>] = [:]
        for row in 0..<4 {
            let strip = GlobeSubdivision.clip(ring, axis: \.y, from: Double(row) / cells, to: Double(row + 1) / cells)
            for column in 0..<4 where strip.count >= 3 {
                let x0 = Double(column) / cells, x1 = Double(column + 1) / cells
                let piece = GlobeSubdivision.clip(strip, axis: \.x, from: x0, to: x1)
                guard piece.count >= 3 else { continue }
                total += signedArea(piece)
                #expect(piece.allSatisfy { $0.x >= x0 && $0.x <= x1 })
                // the points on a vertical cut, from either side
                for p in piece where p.x == x0 || p.x == x1 { cuts[p.x, default: []].insert(p.y) }
            }
        }
        #expect(abs(total - signedArea(ring)) < 1e-15)
        // each cut's points come in from both sides (the same values: a point seen once is a crack)
        for (x, ys) in cuts where x > 0 {
            for y in ys {
                var seen = 0
                for row in 0..<4 {
                    let strip = GlobeSubdivision.clip(ring, axis: \.y, from: Double(row) / cells, to: Double(row + 1) / cells)
                    for (low, high) in [(x - 1 / cells, x), (x, x + 1 / cells)] where strip.count >= 3 {
                        if GlobeSubdivision.clip(strip, axis: \.x, from: low, to: high).contains(Point(x: x, y: y)) { seen += 1 }
                    }
                }
                #expect(seen >= 2, "a cut point at \(x), \(y) seen from one side")
            }
        }
    }

    @Test("a piece clipped where the blend's clip passes: only what is in front, each crossing the same from either side")
    func piecesClipInClipSpace() {
        func vertex(_ x: Double, _ y: Double, _ d: Double) -> GlobeView.ClipVertex {
            GlobeView.ClipVertex(x: x, y: y, w: 100 + x / 10, d: d, n: 50, wx: x, wy: y)
        }
        // two squares side by side sharing the edge from (10, 0) to (10, 10), the clip passing through both
        let left = [vertex(0, 0, 3), vertex(10, 0, -2), vertex(10, 10, -5), vertex(0, 10, 1)]
        let right = [vertex(10, 0, -2), vertex(20, 0, -7), vertex(20, 10, -1), vertex(10, 10, -5)]
        var out: [GlobeView.ClipVertex] = []
        PaintContext.inFront(of: left, into: &out)
        #expect(out.count == 4 && out.allSatisfy { $0.d >= -1e-12 })
        PaintContext.inFront(of: right, into: &out)
        #expect(out.isEmpty || out.count < 3, "wholly past the clip")
        // the shared edge walked the other way round gives the same crossing
        let a = vertex(0, 0, 3), b = vertex(10, 0, -2)
        var one: [GlobeView.ClipVertex] = [], other: [GlobeView.ClipVertex] = []
        PaintContext.inFront(of: [a, b, vertex(0, 10, 1)], into: &one)
        PaintContext.inFront(of: [b, a, vertex(5, -10, 2)], into: &other)
        let crossing = one.filter { abs($0.d) < 1e-12 }.map(\.x), again = other.filter { abs($0.d) < 1e-12 }.map(\.x)
        #expect(crossing.contains(6) && again.contains(6), "\(crossing) \(again)")
    }
}
