import Foundation
import Testing
@testable import Rendering

/// The globe's grid split points on a tile's integer grid, as GL JS's subdivision stores them (`GlobeTileUnits`).
@Suite struct GlobeTileUnitsTests {
    /// The zoom 0 tile's grid: 8192 units across the world.
    static let zoom0 = GlobeTileUnits(unitsPerWorld: 8192, origin: Point(x: 0, y: 0))

    /// The split points of a segment given in tile units, in tile units.
    static func split(_ a: (Double, Double), _ b: (Double, Double), granularity: Double, rule: GlobeTileUnits.Rule,
                      grid: GlobeTileUnits = zoom0, copy: Double = 0) -> [[Double]] {
        let u = grid.unitsPerWorld
        let scale = u / GlobeTileUnits.extent  // tiles across the world
        var out: [[Double]] = []
        grid.forEachSplit(Point(x: a.0 / u + copy, y: a.1 / u), Point(x: b.0 / u + copy, y: b.1 / u),
                          cells: granularity * scale, rule: rule) { out.append([($0.x - copy) * u, $0.y * u]) }
        return out
    }

    @Test("a line's walk gives GL JS's documented subdivision")
    func documentedExample() {
        // subdivideVertexLine([(0, 0), (8, 0), (0, 8)], EXTENT / 4): 0,0  4,0  8,0  4,4  0,8
        #expect(Self.split((0, 0), (8, 0), granularity: 2048, rule: .walk) == [[4, 0]])
        #expect(Self.split((8, 0), (0, 8), granularity: 2048, rule: .walk) == [[4, 4]])
    }

    @Test("a walk carries the coordinate off the grid from step to step, as GL JS does, and rounds halves up")
    func walkTies() {
        // a border of the zoom 0 tile whose crossings fall on halves: GL JS's walk reaches 3851.4999... at x = 4608
        let walked = Self.split((4520, 3912), (4616, 3846), granularity: 512, rule: .walk)
        #expect(walked == [[4528, 3907], [4532, 3904], [4544, 3896], [4555, 3888], [4560, 3885], [4576, 3874],
                           [4578, 3872], [4592, 3863], [4601, 3856], [4608, 3851]])
        // the fill interior's crossings are each worked out from the start: 3851.5 exactly, rounded up
        let direct = Self.split((4520, 3912), (4616, 3846), granularity: 512, rule: .direct)
        #expect(direct.last == [4608, 3852])
        #expect(direct.count == walked.count)
    }

    @Test("split points are whole units, in order along the segment, none onto its ends or repeated")
    func wholeUnitsInOrder() {
        var rng = SystemRandomNumberGenerator()
        for rule in [GlobeTileUnits.Rule.walk, .direct] {
            for _ in 0..<300 {
                let a = (Double(Int.random(in: -200...8400, using: &rng)), Double(Int.random(in: -200...8400, using: &rng)))
                let b = (Double(Int.random(in: -200...8400, using: &rng)), Double(Int.random(in: -200...8400, using: &rng)))
                let points = Self.split(a, b, granularity: [16, 128, 512].randomElement(using: &rng)!, rule: rule)
                var previous = [a.0, a.1]
                for p in points {
                    #expect(p[0] == p[0].rounded() && p[1] == p[1].rounded())
                    #expect(p != previous && p != [b.0, b.1])
                    // along the segment: each step moves away from the start, within half a unit of the segment's line
                    let along = (p[0] - a.0) * (b.0 - a.0) + (p[1] - a.1) * (b.1 - a.1)
                    let before = (previous[0] - a.0) * (b.0 - a.0) + (previous[1] - a.1) * (b.1 - a.1)
                    #expect(along >= before)
                    let length = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
                    let off = abs((p[0] - a.0) * (b.1 - a.1) - (p[1] - a.1) * (b.0 - a.0)) / length
                    #expect(off <= 0.71)
                    previous = p
                }
            }
        }
    }

    @Test("a segment crossing more than 4096 grid lines is split evenly, as the exact split does, not walked line by line")
    func longSegmentsBounded() {
        // a zoom 10 tile's grid of 4 cells a tile crossed by a segment spanning a world: 5,700 lines
        let grid = GlobeTileUnits(unitsPerWorld: 8192 * 1024, origin: nil)
        var points: [Point] = []
        grid.forEachSplit(Point(x: 0.0001, y: 0.3), Point(x: 0.9999, y: 0.7), cells: 4096, rule: .walk) { points.append($0) }
        var exact: [Point] = []
        GlobeSubdivision.forEachSplit(Point(x: 0.0001, y: 0.3), Point(x: 0.9999, y: 0.7), cells: 4096) { exact.append($0) }
        #expect(points.count == 4095)
        #expect(points.count == exact.count && points == exact)
    }

    @Test("a segment in another world copy, or in a tile of a deeper zoom, splits as in its own tile")
    func copiesAndTiles() {
        let own = Self.split((4520, 3912), (4616, 3846), granularity: 512, rule: .walk)
        #expect(Self.split((4520, 3912), (4616, 3846), granularity: 512, rule: .walk, copy: 1) == own)
        // the same segment in tile 3/5/2 (its own coordinates shifted by the tile's corner)
        let tile = GlobeTileUnits(unitsPerWorld: 8192 * 8, origin: Point(x: 5 * 8192, y: 2 * 8192))
        let shifted = Self.split((4520 + 5 * 8192, 3912 + 2 * 8192), (4616 + 5 * 8192, 3846 + 2 * 8192), granularity: 512,
                                 rule: .walk, grid: tile)
        #expect(shifted == own.map { [$0[0] + 5 * 8192, $0[1] + 2 * 8192] })
        // untiled geometry: each segment in the tile holding its start
        let untiled = GlobeTileUnits(unitsPerWorld: 8192 * 8, origin: nil)
        #expect(Self.split((4520 + 5 * 8192, 3912 + 2 * 8192), (4616 + 5 * 8192, 3846 + 2 * 8192), granularity: 512,
                           rule: .walk, grid: untiled) == shifted)
    }
}
