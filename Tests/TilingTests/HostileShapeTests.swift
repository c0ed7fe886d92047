import GeoJSON
import Testing
import MercatorTestSupport
import Foundation
@testable import Tiling

/// Issue 19: zig-zag shapes (many exact ties in Douglas-Peucker) and out-of-range source options.
@Suite struct HostileShapeTests {
    /// A zig-zag ring: every other point on one of two lines, so a chord between two points on one line
    /// is equally far from every point on the other.
    static func zigzag(_ n: Int) -> [Double] {
        var coords: [Double] = []
        for i in 0..<n { coords += [Double(i) / Double(n), i % 2 == 0 ? 0.4 : 0.6, 0] }
        return coords
    }

    @Test("ties pick the pivot nearest the middle of the range, so splits stay balanced")
    func tiesSplitInTheMiddle() {
        // first point at 0, last at 12 (5 points, triples): the three inner points (3, 6, 9) all lie
        // 0.2 from the chord on y = 0.4; the middle one (6) is the pivot
        var coords: [Double] = [0, 0.4, 0, 0.25, 0.6, 0, 0.5, 0.6, 0, 0.75, 0.6, 0, 1, 0.4, 0]
        var stack: [(Int, Int)] = []
        _ = coords.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: 12, sqTolerance: 0, stack: &stack) }
        #expect(coords[8] > 0)
        // in a range that does not start at 0 the middle is still the range's own
        // (geojson-vt measures its middle from 0, not from `first`, and so picks the first tie here)
        var shifted = [Double](repeating: 9, count: 30) + [0, 0.4, 0, 0.25, 0.6, 0, 0.5, 0.6, 0, 0.75, 0.6, 0, 1, 0.4, 0]
        _ = shifted.withUnsafeMutableBufferPointer { simplify($0, first: 30, last: 42, sqTolerance: 0, stack: &stack) }
        #expect(shifted[38] > 0)
        #expect(shifted[38] > shifted[35] && shifted[38] > shifted[41])
    }

    @Test("a 200,000-point zig-zag simplifies in n log n: every point gets its importance", .timeLimit(.minutes(1)))
    func longZigzag() {
        var coords = Self.zigzag(200_000)
        var stack: [(Int, Int)] = []
        let last = coords.count - 3
        _ = coords.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: last, sqTolerance: 0, stack: &stack) }
        let important = stride(from: 5, to: last, by: 3).filter { coords[$0] > 0 }.count
        #expect(important > 100_000)
    }

    /// A closed star: `n` vertices around a circle alternating between radii 1 and 0.9 (issue 30). Near
    /// a chord's ends the inner points are the farthest, so plain Douglas-Peucker splits one point off
    /// at a time.
    static func star(_ n: Int) -> [Double] {
        var coords: [Double] = []
        coords.reserveCapacity(3 * (n + 1))
        for i in 0...n {
            let angle = 2 * Double.pi * Double(i % n) / Double(n)
            let r = i % 2 == 0 ? 1.0 : 0.9
            coords += [0.5 + 0.4 * r * cos(angle), 0.5 + 0.4 * r * sin(angle), 0]
        }
        return coords
    }

    /// An Archimedean spiral of `n` points winding outwards 50 times.
    static func spiral(_ n: Int) -> [Double] {
        var coords: [Double] = []
        for i in 0..<n {
            let t = Double(i) / Double(n)
            let angle = t * 50 * 2 * Double.pi
            coords += [0.5 + 0.4 * t * cos(angle), 0.5 + 0.4 * t * sin(angle), 0]
        }
        return coords
    }

    /// A comb: square teeth of height 0.1 along a baseline, `n` points.
    static func comb(_ n: Int) -> [Double] {
        var coords: [Double] = []
        for i in 0..<n {
            let x = Double(i / 2) / Double(n / 2)
            let up = (i % 4 == 1 || i % 4 == 2)
            coords += [x, up ? 0.6 : 0.5, 0]
        }
        return coords
    }

    @Test("a star, a spiral and a comb simplify in n log n distances, not n²", arguments: ["star", "spiral", "comb"])
    func hostileShapesStayNLogN(shape: String) {
        let n = 100_000
        var coords = shape == "star" ? Self.star(n) : shape == "spiral" ? Self.spiral(n) : Self.comb(n)
        let points = coords.count / 3
        var stack: [(Int, Int)] = []
        let last = coords.count - 3
        let work = coords.withUnsafeMutableBufferPointer {
            simplify($0, first: 0, last: last, sqTolerance: 1e-18, stack: &stack)
        }
        // the budget, then balanced splits: at most log_{4/3} n levels of n distances each
        let log2n = Double(Int.bitWidth - (points - 1).leadingZeroBitCount)
        let bound = simplificationWorkBudget(points: points) + Int(Double(points) * log2n * 2.5)
        #expect(work <= bound, "\(shape): \(work) distances for \(points) points")
        #expect(work < points * points / 100)
        // every point still gets an importance: nothing on these shapes lies within the tolerance
        let important = stride(from: 5, to: last, by: 3).filter { coords[$0] > 0 }.count
        #expect(important > points / 2, "\(shape): \(important) of \(points) points kept")
    }

    @Test("an ordinary line never reaches the budget: the output is geojson-vt's")
    func ordinaryLinesKeepTheirOutput() {
        // a random walk: Douglas-Peucker on it costs about n log n, far below the budget
        var rng = SplitMix64(seed: 30)
        var coords: [Double] = []
        var x = 0.5, y = 0.5
        for _ in 0..<50_000 {
            x += (Double(rng.next() % 2001) - 1000) * 1e-7
            y += (Double(rng.next() % 2001) - 1000) * 1e-7
            coords += [x, y, 0]
        }
        var stack: [(Int, Int)] = []
        let last = coords.count - 3
        let work = coords.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: last, sqTolerance: 1e-20, stack: &stack) }
        #expect(work < simplificationWorkBudget(points: coords.count / 3) / 4)
    }

    @Test("pixel options out of range are refused with the number given, before scaling")
    func pixelOptions() {
        var options = ShapeSourceOptions()
        options.buffer = -100
        #expect(throws: TilingError.invalidOption("buffer", "must be a number of pixels from 0 to 512, found -100.0")) {
            try ShapeSourceTiles(features: [], options: options)
        }
        options.buffer = 128
        options.clusterRadius = .infinity
        #expect(throws: TilingError.self) { try ShapeSourceTiles(features: [], options: options) }
        options.clusterRadius = 50
        #expect((try? ShapeSourceTiles(features: [], options: options)) != nil)
    }
}
