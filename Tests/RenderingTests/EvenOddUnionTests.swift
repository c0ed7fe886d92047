@testable import Rendering
import Testing

/// ``EvenOddUnion`` against mapbox/wagyu 0.5's own output for the same rings (the union MapLibre
/// Native's `fixupPolygons` runs on a GeoJSON tile's polygon feature, `clip_type_union` with
/// `fill_type_even_odd`): the expected polygons below are what wagyu returned, ring by ring and
/// point by point, in its order.
@Suite("Even-odd union as wagyu makes it")
struct EvenOddUnionTests {
    typealias Ring = [(Int, Int)]

    static func flat(_ polygons: [[Ring]]?) -> [Ring]? { polygons.map { $0.flatMap { $0 } } }

    static func same(_ a: [Ring]?, _ b: [Ring]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in x.count == y.count && zip(x, y).allSatisfy { $0 == $1 } }
    }

    static func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Ring {
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
    }

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var rings: [[Int]]
        /// wagyu's rings, flattened (each polygon's outer ring, then its holes), as x, y lists.
        var expected: [[Int]]
        var description: String { name }
    }

    static func pairs(_ list: [Int]) -> Ring { stride(from: 0, to: list.count, by: 2).map { (list[$0], list[$0 + 1]) } }

    static let cases: [Case] = [
        Case(name: "separate islands",
             rings: [[0, 0, 400, 0, 400, 200, 0, 200, 0, 0], [500, 300, 540, 300, 540, 340, 500, 340, 500, 300], [0, 400, 100, 400, 100, 500, 0, 500, 0, 400]],
             expected: [[100, 400, 100, 500, 0, 500, 0, 400, 100, 400], [540, 300, 540, 340, 500, 340, 500, 300, 540, 300], [400, 0, 400, 200, 0, 200, 0, 0, 400, 0]]),
        Case(name: "island inside mainland",
             rings: [[0, 0, 1000, 0, 1000, 1000, 0, 1000, 0, 0], [400, 400, 600, 400, 600, 600, 400, 600, 400, 400]],
             expected: [[1000, 0, 1000, 1000, 0, 1000, 0, 0, 1000, 0], [600, 400, 400, 400, 400, 600, 600, 600, 600, 400]]),
        Case(name: "partly overlapping squares",
             rings: [[0, 0, 600, 0, 600, 600, 0, 600, 0, 0], [400, 400, 1000, 400, 1000, 1000, 400, 1000, 400, 400]],
             expected: [[1000, 400, 1000, 1000, 400, 1000, 400, 600, 600, 600, 600, 400, 1000, 400], [600, 0, 600, 400, 400, 400, 400, 600, 0, 600, 0, 0, 600, 0]]),
        Case(name: "bow tie",
             rings: [[0, 0, 1000, 1000, 1000, 0, 0, 1000, 0, 0]],
             expected: [[1000, 0, 1000, 1000, 500, 500, 1000, 0], [0, 0, 500, 500, 0, 1000, 0, 0]]),
        Case(name: "arch with two lobes and islands",
             rings: [[1000, 800, 1040, 800, 1040, 850, 1000, 850, 1000, 800], [0, 0, 600, 0, 600, 900, 500, 900, 500, 200, 100, 200, 100, 1000, 0, 1000, 0, 0], [1200, 600, 1400, 600, 1400, 800, 1200, 800, 1200, 600]],
             expected: [[600, 0, 600, 900, 500, 900, 500, 200, 100, 200, 100, 1000, 0, 1000, 0, 0, 600, 0], [1400, 600, 1400, 800, 1200, 800, 1200, 600, 1400, 600], [1040, 800, 1040, 850, 1000, 850, 1000, 800, 1040, 800]]),
        Case(name: "touching at a corner",
             rings: [[0, 0, 1000, 0, 1000, 1000, 0, 1000, 0, 0], [1000, 1000, 2000, 1000, 1500, 2000, 1000, 1000]],
             expected: [[2000, 1000, 1500, 2000, 1000, 1000, 2000, 1000], [1000, 0, 1000, 1000, 0, 1000, 0, 0, 1000, 0]]),
        Case(name: "thin triangle and a square",
             rings: [[0, 0, 100, 3, 200, 0, 0, 0], [0, 100, 300, 100, 300, 400, 0, 400, 0, 100]],
             expected: [[300, 100, 300, 400, 0, 400, 0, 100, 300, 100], [100, 3, 0, 0, 200, 0, 100, 3]]),
        Case(name: "snapped sliver and a square",
             rings: [[0, 0, 10, 1, 21, 2, 0, 0], [0, 100, 300, 100, 300, 400, 0, 400, 0, 100]],
             expected: [[300, 100, 300, 400, 0, 400, 0, 100, 300, 100]]),
        Case(name: "notched square",
             rings: [[0, 0, 100, 0, 100, 100, 50, 100, 50, 50, 0, 50, 0, 0]],
             expected: [[100, 0, 100, 100, 50, 100, 50, 50, 0, 50, 0, 0, 100, 0]]),
        Case(name: "touching squares and a hole",
             rings: [[0, 0, 300, 0, 300, 300, 0, 300, 0, 0], [300, 300, 600, 300, 600, 600, 300, 600, 300, 300], [100, 100, 200, 100, 200, 200, 100, 200, 100, 100]],
             expected: [[600, 300, 600, 600, 300, 600, 300, 300, 600, 300], [300, 0, 300, 300, 0, 300, 0, 0, 300, 0], [200, 100, 100, 100, 100, 200, 200, 200, 200, 100]]),
    ]

    @Test("wagyu's polygons, rings and order", arguments: cases)
    func matchesWagyu(_ c: Case) {
        let got = Self.flat(EvenOddUnion.polygons(c.rings.map(Self.pairs)))
        #expect(Self.same(got, c.expected.map(Self.pairs)), "\(c.name): \(String(describing: got))")
    }
}
