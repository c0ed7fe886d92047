import MercatorTestSupport
import Foundation
import Testing
@testable import Tiling

/// KDBush against a plain port of kdbush's JavaScript (Hoare-loop select, exact test at every point):
/// the optimised sort and `within` must give the same tree layout and the same results in the same order.
@Suite struct KDBushTests {

    /// Points in the unit square; with `grid`, snapped to a grid of that many steps, so that many
    /// coordinates tie (as duplicate places and stacked clusters do).
    static func points(_ n: Int, grid: Int?, _ random: inout SplitMix64) -> [(x: Double, y: Double)] {
        (0..<n).map { _ in
            guard let grid else { return (random.unit(), random.unit()) }
            return (Double(random.int(grid)) / Double(grid), Double(random.int(grid)) / Double(grid))
        }
    }

    /// kdbush v4's layout: `(ids, coords)` after its sort.
    static func referenceLayout(_ points: [(x: Double, y: Double)], nodeSize: Int) -> ([UInt32], [Float]) {
        var ids = (0..<points.count).map { UInt32($0) }
        var coords = points.flatMap { [Float($0.x), Float($0.y)] }
        func swap(_ i: Int, _ j: Int) {
            ids.swapAt(i, j)
            coords.swapAt(2 * i, 2 * j)
            coords.swapAt(2 * i + 1, 2 * j + 1)
        }
        func select(_ k: Int, _ leftIn: Int, _ rightIn: Int, _ axis: Int) {
            var left = leftIn, right = rightIn
            while right > left {
                if right - left > 600 {
                    let n = Double(right - left + 1)
                    let m = Double(k - left + 1)
                    let z = log(n)
                    let s = 0.5 * exp(2 * z / 3)
                    let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                    let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                    let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                    select(k, newLeft, newRight, axis)
                }
                let t = coords[2 * k + axis]
                var i = left
                var j = right
                swap(left, k)
                if coords[2 * right + axis] > t { swap(left, right) }
                while i < j {
                    swap(i, j)
                    i += 1
                    j -= 1
                    while coords[2 * i + axis] < t { i += 1 }
                    while coords[2 * j + axis] > t { j -= 1 }
                }
                if coords[2 * left + axis] == t {
                    swap(left, j)
                } else {
                    j += 1
                    swap(j, right)
                }
                if j <= k { left = j + 1 }
                if k <= j { right = j - 1 }
            }
        }
        func sort(_ left: Int, _ right: Int, _ axis: Int) {
            if right - left <= nodeSize { return }
            let m = (left + right) >> 1
            select(m, left, right, axis)
            sort(left, m - 1, 1 - axis)
            sort(m + 1, right, 1 - axis)
        }
        if !points.isEmpty { sort(0, points.count - 1, 0) }
        return (ids, coords)
    }

    /// kdbush v4's `within`, as tree positions.
    static func referenceWithin(_ coords: [Float], nodeSize: Int, _ qx: Double, _ qy: Double, _ r: Double) -> [Int] {
        var result = [Int]()
        guard !coords.isEmpty else { return result }
        var stack = [(0, coords.count / 2 - 1, 0)]
        let r2 = r * r
        func near(_ i: Int) -> Bool {
            let dx = Double(coords[2 * i]) - qx, dy = Double(coords[2 * i + 1]) - qy
            return dx * dx + dy * dy <= r2
        }
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                if left <= right { result += (left...right).filter(near) }
                continue
            }
            let m = (left + right) >> 1
            let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
            if near(m) { result.append(m) }
            if axis == 0 ? qx - r <= x : qy - r <= y { stack.append((left, m - 1, 1 - axis)) }
            if axis == 0 ? qx + r >= x : qy + r >= y { stack.append((m + 1, right, 1 - axis)) }
        }
        return result
    }

    @Test(arguments: [
        (0, 64, nil), (1, 64, nil), (65, 64, 4), (700, 64, nil), (700, 64, 3), (5000, 64, nil), (5000, 64, 10),
        (5000, 8, 50), (20000, 64, 1000), (20000, 16, 2), (20000, 64, 1),
    ] as [(Int, Int, Int?)])
    func sameLayoutAsKDBush(n: Int, nodeSize: Int, grid: Int?) {
        var random = SplitMix64(seed: UInt64(n * 31 + nodeSize))
        let points = Self.points(n, grid: grid, &random)
        let tree = KDBush(count: n, nodeSize: nodeSize) { points[$0] }
        let (ids, coords) = Self.referenceLayout(points, nodeSize: nodeSize)
        let sameIDs = Array(tree.ids) == ids, sameCoords = Array(tree.coords) == coords
        #expect(sameIDs && sameCoords)
    }

    @Test(arguments: [(3000, nil), (3000, 20), (3000, 1)] as [(Int, Int?)])
    func withinMatchesKDBush(n: Int, grid: Int?) {
        var random = SplitMix64(seed: UInt64(n + (grid ?? 0)))
        let points = Self.points(n, grid: grid, &random)
        let tree = KDBush(count: n, nodeSize: 16) { points[$0] }
        let coords = Array(tree.coords)
        for q in 0..<400 {
            let a = points[random.int(n)], b = points[random.int(n)]
            // Radii: none, tiny, wide, and exactly the distance to another point (a boundary case).
            let dx = Double(Float(b.x)) - a.x, dy = Double(Float(b.y)) - a.y
            let radii = [0, 1e-9, 0.01, 0.3, 2, (dx * dx + dy * dy).squareRoot()]
            let r = radii[q % radii.count]
            var found = [Int]()
            tree.within(a.x, a.y, r, into: &found)
            let expected = Self.referenceWithin(coords, nodeSize: 16, a.x, a.y, r)
            #expect(found == expected, "query \(q), radius \(r): \(found.count) found, \(expected.count) expected")
        }
    }
}
