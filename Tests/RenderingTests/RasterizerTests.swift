import Foundation
import GeoJSON
import MapStyle
import Testing
@testable import Rendering

/// Coverage values of one rasterized shape, row-major, `width x height`.
private func coverage(_ rings: [[Point]], rule: FillRule = .nonZero, width: Int = 8, height: Int = 8) -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    var r = CoverageRasterizer()
    r.rasterize(rings, rule: rule, width: width, height: height) { y, x0, cov in
        for (i, c) in cov.enumerated() { out[y * width + x0 + i] = c }
    }
    return out
}

private func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
    [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
}

@Suite struct CoverageRasterizerTests {
    @Test func pixelAlignedSquareIsExact() {
        let c = coverage([square(2, 2, 6, 6)])
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                #expect(abs(c[y * 8 + x] - (inside ? 1 : 0)) < 1e-6, "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfCoveredPixels() {
        // A square ending halfway through column 4.
        let c = coverage([square(1, 1, 4.5, 3)])
        #expect(abs(c[1 * 8 + 4] - 0.5) < 1e-6)
        #expect(abs(c[2 * 8 + 3] - 1) < 1e-6)
        // A pixel cut along its diagonal is half covered.
        let t = coverage([[Point(x: 2, y: 2), Point(x: 3, y: 2), Point(x: 2, y: 3)]])
        #expect(abs(t[2 * 8 + 2] - 0.5) < 1e-6)
        // Total area is preserved for an arbitrary triangle: (6 * 4) / 2 = 12.
        let area = coverage([[Point(x: 1.3, y: 0.7), Point(x: 7.3, y: 0.7), Point(x: 1.3, y: 4.7)]]).reduce(0, +)
        #expect(abs(area - 12) < 1e-4)
    }

    @Test func evenOddAndNonZeroDifferOnSelfOverlap() {
        // Two overlapping squares in one path, same direction: winding 2 in the overlap.
        let rings = [square(0, 0, 4, 4), square(2, 2, 6, 6)]
        let nz = coverage(rings, rule: .nonZero)
        let eo = coverage(rings, rule: .evenOdd)
        #expect(nz[3 * 8 + 3] == 1)
        #expect(eo[3 * 8 + 3] == 0)
        #expect(nz[1 * 8 + 1] == 1 && eo[1 * 8 + 1] == 1)
        #expect(nz[5 * 8 + 5] == 1 && eo[5 * 8 + 5] == 1)
        // Opposite direction cancels under non-zero too.
        let hole = coverage([square(0, 0, 6, 6), square(2, 2, 4, 4).reversed()], rule: .nonZero)
        #expect(hole[3 * 8 + 3] == 0 && hole[1 * 8 + 1] == 1)
    }

    @Test func shapesPartlyOutsideAreClipped() {
        let c = coverage([square(-10, -10, 2.5, 20)])
        #expect(c[0] == 1 && abs(c[2] - 0.5) < 1e-6 && c[3] == 0)
        #expect(abs(c[7 * 8 + 2] - 0.5) < 1e-6)
        let none = coverage([square(20, 20, 30, 30)])
        #expect(none.allSatisfy { $0 == 0 })
    }

    @Test func pixelCenterScannerUsesCentres() {
        var scanner = PixelCenterScanner()
        var spans: [(Int, Int, Int)] = []
        scanner.scan(rings: [square(1.4, 1.6, 4.5, 3.5)], rule: .nonZero, width: 8, height: 8) { spans.append(($0, $1, $2)) }
        // Rows whose centre (y + 0.5) is in [1.6, 3.5): 2; columns with centre in [1.4, 4.5): 1...3.
        #expect(spans.count == 1)
        #expect(spans.first.map { $0 == (2, 1, 4) } == true)
    }

    @Test("GL JS's tie rule: a centre on a horizontal edge belongs to the polygon above it, so squares sharing an edge still cover every pixel once")
    func tiesAboveGiveTheEdgeRowToTheUpperPolygon() {
        var scanner = PixelCenterScanner()
        // two squares sharing the edge y = 2.5, a row of centres
        let upper = square(1, 0.2, 5, 2.5), lower = square(1, 2.5, 5, 4.8)
        func rows(_ ring: [Point], _ ties: PixelCenterScanner.HorizontalTie) -> [Int] {
            var rows: [Int] = []
            scanner.scan(rings: [ring], rule: .evenOdd, clip: PixelClip(width: 8, height: 8), ties: ties) { y, _, _ in rows.append(y) }
            return rows
        }
        #expect(rows(upper, .above) == [0, 1, 2])
        #expect(rows(lower, .above) == [3, 4])
        #expect(rows(upper, .below) == [0, 1])
        #expect(rows(lower, .below) == [2, 3, 4])
        // away from ties the two rules agree
        var seed: UInt64 = 7
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * 20 + 0.013
        }
        for _ in 0..<200 {
            let ring = [Point(x: random(), y: random()), Point(x: random(), y: random()), Point(x: random(), y: random()), Point(x: random(), y: random())]
            var a: [[Int]] = [], b: [[Int]] = []
            scanner.scan(rings: [ring], rule: .evenOdd, clip: PixelClip(width: 24, height: 24)) { a.append([$0, $1, $2]) }
            scanner.scan(rings: [ring], rule: .evenOdd, clip: PixelClip(width: 24, height: 24), ties: .above) { b.append([$0, $1, $2]) }
            #expect(a == b)
        }
    }

    @Test("rings of many edges (taken in the order of their first rows, not sorted) cover the pixel centres an even-odd test puts inside, in a band and whole", arguments: [PixelCenterScanner.HorizontalTie.below, .above])
    func manyEdgesCoverTheCentresInside(ties: PixelCenterScanner.HorizontalTie) {
        var scanner = PixelCenterScanner()
        var seed: UInt64 = 11
        func random(_ range: Double) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * range
        }
        for points in [40, 300, 2000] {
            // a star-like ring: many edges over few rows, crossing each other, reaching past the band's rows
            let ring = (0..<points).map { k -> Point in
                let angle = Double(k) / Double(points) * 2 * .pi, radius = 4 + random(30)
                return Point(x: 32 + radius * cos(angle), y: 24 + radius * sin(angle))
            }
            for clip in [PixelClip(width: 64, height: 48), PixelClip(x0: 0, y0: 12, x1: 64, y1: 30)] {
                var covered = Set<[Int]>()
                scanner.scan(rings: [ring], rule: .evenOdd, clip: clip, ties: ties) { y, x0, x1 in
                    for x in x0..<x1 { covered.insert([x, y]) }
                }
                var inside = Set<[Int]>()
                for y in clip.y0..<clip.y1 {
                    for x in clip.x0..<clip.x1 {
                        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                        var crossings = 0
                        for k in ring.indices {
                            let a = ring[k], b = ring[(k + 1) % ring.count]
                            guard (a.y <= py) != (b.y <= py) else { continue }
                            let t = (py - a.y) / (b.y - a.y)
                            let x = a.x + (b.x - a.x) * t
                            if x <= px { crossings += 1 }
                        }
                        if crossings % 2 == 1 { inside.insert([x, y]) }
                    }
                }
                let differing = covered.symmetricDifference(inside)
                #expect(differing.isEmpty, "\(points) points, rows \(clip.y0)..<\(clip.y1): \(differing.count) pixels differ, \(Array(differing.prefix(4)))")
                #expect(!inside.isEmpty)
            }
        }
    }

    @Test func triangleScanMatchesTheGeneralScanner() {
        var scanner = PixelCenterScanner()
        var seed: UInt64 = 42
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * 40 - 10
        }
        for k in 0..<2000 {
            var a = Point(x: random(), y: random()), b = Point(x: random(), y: random()), c = Point(x: random(), y: random())
            // some on the pixel grid and degenerate, where the half-open rules matter
            if k % 4 == 0 { (a, b, c) = (Point(x: a.x.rounded() + 0.5, y: a.y.rounded()), Point(x: b.x.rounded(), y: a.y.rounded()), Point(x: c.x.rounded(), y: c.y.rounded() + 0.5)) }
            if k % 50 == 0 { c = b }
            var general: [[Int]] = [], triangle: [[Int]] = []
            scanner.scan(rings: [[a, b, c]], rule: .nonZero, width: 20, height: 20) { general.append([$0, $1, $2]) }
            PixelCenterScanner.scanTriangle(a, b, c, width: 20, height: 20) { triangle.append([$0, $1, $2]) }
            #expect(general == triangle, "\(a) \(b) \(c)")
        }
    }

    /// The line painter scans each triangle of a line mesh once, into runs, and leaves out those with none: the
    /// triangle scan within a clip must agree with the general scanner on a mesh's slivers, grid-aligned and clipped
    /// triangles included.
    @Test func triangleScanWithinAClipMatchesTheGeneralScanner() {
        var scanner = PixelCenterScanner()
        var seed: UInt64 = 7
        func random(_ range: Double) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53) * range
        }
        let clip = PixelClip(x0: 2, y0: 3, x1: 18, y1: 11)
        var held = 0
        for k in 0..<5000 {
            // small triangles (a line mesh's slivers: under two pixels across) near and across the clip's edges
            let origin = Point(x: random(22) - 2, y: random(16) - 2), size = k % 3 == 0 ? 6.0 : 1.5
            var a = origin + Point(x: random(size), y: random(size))
            var b = origin + Point(x: random(size), y: random(size))
            var c = origin + Point(x: random(size), y: random(size))
            if k % 5 == 0 { (a, b, c) = (Point(x: a.x.rounded() + 0.5, y: a.y.rounded() + 0.5), Point(x: b.x.rounded(), y: a.y.rounded() + 0.5), Point(x: c.x.rounded() + 0.5, y: c.y.rounded())) }
            if k % 97 == 0 { c = b }
            var general: [[Int]] = [], triangle: [[Int]] = []
            scanner.scan(rings: [[a, b, c]], rule: .nonZero, clip: clip, ties: .below) { general.append([$0, $1, $2]) }
            PixelCenterScanner.scanTriangle(a, b, c, clip: clip) { triangle.append([$0, $1, $2]) }
            #expect(general == triangle, "\(a) \(b) \(c)")
            if !triangle.isEmpty { held += 1 }
        }
        // both answers are common, so the comparison is not one-sided
        #expect(held > 500 && held < 4500, "\(held)")
    }
}

@Suite struct StrokerTests {
    private func strokeCoverage(_ pts: [Point], width: Double, join: LineJoin = .miter, cap: LineCap = .butt,
                                size: Int = 16) -> Canvas {
        var canvas = Canvas(width: size, height: size)
        var r = CoverageRasterizer()
        canvas.stroke(pts, width: width, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1),
                      join: join, cap: cap, using: &r)
        return canvas
    }

    @Test func caps() {
        let line = [Point(x: 4, y: 8), Point(x: 12, y: 8)]
        let butt = strokeCoverage(line, width: 4, cap: .butt)
        #expect(butt.pixel(x: 4, y: 7).a == 1 && butt.pixel(x: 3, y: 7).a == 0 && butt.pixel(x: 12, y: 7).a == 0)
        #expect(butt.pixel(x: 8, y: 5).a == 0 && butt.pixel(x: 8, y: 6).a == 1 && butt.pixel(x: 8, y: 10).a == 0)
        let square = strokeCoverage(line, width: 4, cap: .square)
        #expect(square.pixel(x: 2, y: 6).a == 1 && square.pixel(x: 13, y: 9).a == 1 && square.pixel(x: 1, y: 7).a == 0)
        let round = strokeCoverage(line, width: 4, cap: .round)
        // The round cap covers the pixel next to the end on the axis but not the far corner.
        #expect(round.pixel(x: 2, y: 7).a > 0.9)
        #expect(round.pixel(x: 2, y: 6).a < 0.6 && round.pixel(x: 2, y: 6).a > 0.2)
        #expect(round.pixel(x: 1, y: 6).a == 0)
    }

    @Test func joins() {
        // A right-angle turn at (10, 4): east then south, width 4. The outer corner pixel is (11, 2)...(11, 3).
        let path = [Point(x: 2, y: 4), Point(x: 10, y: 4), Point(x: 10, y: 12)]
        let miter = strokeCoverage(path, width: 4, join: .miter)
        let bevel = strokeCoverage(path, width: 4, join: .bevel)
        let round = strokeCoverage(path, width: 4, join: .round)
        let corner = (x: 11, y: 2)
        #expect(miter.pixel(x: corner.x, y: corner.y).a == 1)
        // Bevel (miter length 1.41 < limit 2 would become miter in MapLibre; force a bevel by limit).
        var canvas = Canvas(width: 16, height: 16)
        var r = CoverageRasterizer()
        canvas.stroke(path, width: 4, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1), join: .bevel,
                      miterLimit: 1, using: &r)
        #expect(canvas.pixel(x: 11, y: 2).a < 0.6)
        #expect(bevel.pixel(x: corner.x, y: corner.y).a == 1, "bevel under the miter limit is drawn as miter")
        let roundCorner = round.pixel(x: corner.x, y: corner.y).a
        #expect(roundCorner > canvas.pixel(x: 11, y: 2).a && roundCorner < 1)
        // Inner side and straight parts are fully covered in all cases.
        for c in [miter, round, canvas] {
            #expect(c.pixel(x: 9, y: 5).a == 1 && c.pixel(x: 5, y: 3).a == 1 && c.pixel(x: 10, y: 9).a == 1)
        }
    }

    @Test func closedRingHasNoCaps() {
        var canvas = Canvas(width: 16, height: 16)
        var r = CoverageRasterizer()
        let ring = [Point(x: 4, y: 4), Point(x: 12, y: 4), Point(x: 12, y: 12), Point(x: 4, y: 12), Point(x: 4, y: 4)]
        canvas.stroke(ring, width: 2, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1), cap: .butt,
                      closed: true, using: &r)
        // The start corner is mitred like the others.
        #expect(canvas.pixel(x: 3, y: 3).a == 1 && canvas.pixel(x: 12, y: 12).a == 1)
        #expect(canvas.pixel(x: 8, y: 8).a == 0)
    }

    @Test func offsetShiftsRight() {
        let shifted = Stroker.offsetting([Point(x: 0, y: 0), Point(x: 10, y: 0)], by: 2)
        #expect(shifted == [Point(x: 0, y: 2), Point(x: 10, y: 2)])
    }

    /// A dash pattern on a line 4 pixels wide at an integer zoom.
    static func dashes(_ array: [Double], round: Bool, fadeLength: Double? = nil) throws -> DashPattern {
        let texture = try #require(DashTexture(array, round: round))
        return try #require(DashPattern(texture, floorWidth: 4, scale: 1, fadeLength: fadeLength))
    }

    @Test func dashPatternScalesWithWidth() throws {
        let dash = try Self.dashes([2, 1], round: false)
        #expect(dash.period == 12)
        #expect(dash.alpha(at: 4, across: 0) == 1)
        #expect(dash.alpha(at: 10, across: 0) == 0)
        // the edge: Native's distance field crosses its midpoint half a texel past the dash's end
        #expect(abs(dash.alpha(at: 8, across: 0) - 0.5) < 0.05)
        #expect(dash.alpha(at: 7.8, across: 0) > 0.5 && dash.alpha(at: 7.8, across: 0) < 1)
        // the sharpness follows the shorter of this array and the one faded from
        let faded = try Self.dashes([2, 1], round: false, fadeLength: 1.5)
        #expect(faded.alpha(at: 7.8, across: 0) < dash.alpha(at: 7.8, across: 0))
    }

    @Test("zero-length dashes: nothing with butt caps, dots one width across with round caps")
    func zeroLengthDashes() throws {
        let butt = try Self.dashes([0, 2], round: false)
        #expect(butt.alpha(at: 0, across: 0) == 0)
        let round = try Self.dashes([0, 2], round: true)
        #expect(round.alpha(at: 0, across: 0) == 1)
        #expect(round.alpha(at: 1, across: 0) > 0.9)
        #expect(round.alpha(at: 4, across: 0) == 0)
        // a disc: narrower towards the line's edges
        #expect(round.alpha(at: 1.6, across: 0.9) < round.alpha(at: 1.6, across: 0))
        // [2, 0] is a solid line either way
        let solid = try Self.dashes([2, 0], round: false)
        #expect((0..<16).allSatisfy { solid.alpha(at: Double($0), across: 0) == 1 })
        #expect(DashTexture([3], round: false) == nil && DashTexture([0, 0], round: true) == nil)
    }
}

/// SwiftShader's rasterization (the GPU behind MapLibre GL JS's reference pictures): vertices on a 1/16-pixel grid,
/// a pixel centre on a horizontal edge given to the polygon above it on screen (GL's rule in a y-up framebuffer read
/// back turned over; MapLibre Native's references give it to the polygon below).
@Suite struct SwiftShaderRasterizationTests {
    private func rows(_ ring: [Point], ties: PixelCenterScanner.HorizontalTie) -> [Int] {
        var scanner = PixelCenterScanner()
        scanner.ties = ties
        var out: [Int] = []
        scanner.scan(rings: [ring], rule: .evenOdd, width: 8, height: 8) { y, _, _ in out.append(y) }
        return out
    }

    @Test("a pixel centre on a horizontal edge: the polygon below it on screen (Native's GPUs) or above it (SwiftShader)")
    func tieRule() {
        let ring = square(1, 2.5, 6, 5.5)
        #expect(rows(ring, ties: .below) == [2, 3, 4])
        #expect(rows(ring, ties: .above) == [3, 4, 5])
        // off the centres, both rules cover the same rows
        let off = square(1, 2.4, 6, 5.6)
        #expect(rows(off, ties: .below) == rows(off, ties: .above))
    }

    @Test("vertices snap to 1/16 of a device pixel only when the transform asks for it")
    func snapping() {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 3), width: 64, height: 64)
        let p = Point(x: 10.03, y: 20.47)
        #expect(t.snapped(p) == p)
        t.rasterReference = .glJSSwiftShader
        #expect(t.snapped(p) == Point(x: 10.0, y: 20.5))
        #expect(t.snapped(Point(x: 3.0 + 1.0 / 16, y: -0.02)) == Point(x: 3.0625, y: 0))
    }
}
