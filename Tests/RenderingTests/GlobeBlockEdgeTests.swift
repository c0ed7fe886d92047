import Testing
@testable import Rendering

/// A block's edge, worked out by index, walks the vertices the four loops along its sides give.
struct GlobeBlockEdgeTests {
    @Test("the edge of blocks of every shape, pole rows included, in order and closed")
    func edgeOrder() {
        for (columns, rows) in [(0...8, 0...8), (8...16, -1...0), (3...4, 7...9), (0...1, 16...17), (5...13, 2...3)] {
            let block = GlobeMeshRasterizer.Block(columns: columns, rows: rows)
            let (i0, i1, j0, j1) = (columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
            var expected: [(i: Int, j: Int)] = []
            for i in i0..<i1 { expected.append((i, j0)) }
            for j in j0..<j1 { expected.append((i1, j)) }
            for i in stride(from: i1, to: i0, by: -1) { expected.append((i, j1)) }
            for j in stride(from: j1, to: j0, by: -1) { expected.append((i0, j)) }
            expected.append((i0, j0))
            let edge = Array(GlobeMeshRasterizer.edge(block))
            #expect(edge.map(\.i) == expected.map(\.i) && edge.map(\.j) == expected.map(\.j), "\(columns) x \(rows)")
        }
    }
}
