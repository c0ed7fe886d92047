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
