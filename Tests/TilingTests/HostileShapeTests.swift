import GeoJSON
import Testing
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
        coords.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: 12, sqTolerance: 0, stack: &stack) }
        #expect(coords[8] > 0)
        // in a range that does not start at 0 the middle is still the range's own
        // (geojson-vt measures its middle from 0, not from `first`, and so picks the first tie here)
        var shifted = [Double](repeating: 9, count: 30) + [0, 0.4, 0, 0.25, 0.6, 0, 0.5, 0.6, 0, 0.75, 0.6, 0, 1, 0.4, 0]
        shifted.withUnsafeMutableBufferPointer { simplify($0, first: 30, last: 42, sqTolerance: 0, stack: &stack) }
        #expect(shifted[38] > 0)
        #expect(shifted[38] > shifted[35] && shifted[38] > shifted[41])
    }

    @Test("a 200,000-point zig-zag simplifies in n log n: every point gets its importance", .timeLimit(.minutes(1)))
    func longZigzag() {
        var coords = Self.zigzag(200_000)
        var stack: [(Int, Int)] = []
        let last = coords.count - 3
        coords.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: last, sqTolerance: 0, stack: &stack) }
        let important = stride(from: 5, to: last, by: 3).filter { coords[$0] > 0 }.count
        #expect(important > 100_000)
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
