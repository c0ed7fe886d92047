import Foundation
import GeoJSON
import Testing
import Tiling

/// A position at tile coordinates (x, y) of zoom `z` (fractions inside a tile).
private func at(_ x: Double, _ y: Double, z: Int) -> Position {
    let n = Double(1 << z)
    return Position(longitude: x / n * 360 - 180, latitude: WebMercator.latitude(worldY: y / n))
}

private func ring(_ points: [(Double, Double)], z: Int) -> PositionList {
    PositionList(points.map { at($0.0, $0.1, z: z) })
}

/// (x, y) of each tile, in the cover's order (row, then column).
private func xy(_ tiles: [TileID]) -> [[Int]] { tiles.map { [$0.x, $0.y] } }

/// Every tile of the rectangle of columns `xs` and rows `ys`, row by row.
private func block(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> Set<[Int]> {
    Set(ys.flatMap { y in xs.map { [$0, y] } })
}

@Suite("Geometry tile covers (MapLibre's tileCover(geometry, z))")
struct GeometryTileCoverTests {
    @Test("a point is the tile holding it; a multi-point each of theirs")
    func points() {
        #expect(xy(GeometryTileCover.tiles(of: .point(at(2.5, 1.5, z: 2)), zoom: 2)) == [[2, 1]])
        let multi = Geometry.multiPoint(PositionList([at(0.2, 3.7, z: 2), at(3.1, 0.4, z: 2), at(3.9, 0.9, z: 2)]))
        #expect(xy(GeometryTileCover.tiles(of: multi, zoom: 2)) == [[3, 0], [0, 3]])
        // the poles and the antimeridian clamp to the edge tiles
        #expect(xy(GeometryTileCover.tiles(of: .point(Position(180, 90)), zoom: 1)) == [[1, 0]])
    }

    @Test("a diagonal line at z2 covers the 7 tiles it passes through, not its box's 16")
    func diagonalLine() {
        // y = x - 0.1 from (0.3, 0.2) to (3.7, 3.6): rows 0–3 entered at x 0.3, 1.1, 2.1, 3.1
        let line = Geometry.lineString(ring([(0.3, 0.2), (3.7, 3.6)], z: 2))
        let tiles = GeometryTileCover.tiles(of: line, zoom: 2)
        #expect(xy(tiles) == [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2], [3, 2], [3, 3]])
        #expect(tiles.allSatisfy { $0.z == 2 })
        // a horizontal line inside row 1 covers the columns between its ends
        #expect(xy(GeometryTileCover.tiles(of: .lineString(ring([(0.5, 1.5), (2.5, 1.5)], z: 2)), zoom: 2)) == [[0, 1], [1, 1], [2, 1]])
        // a multi-line: both parts
        let multi = Geometry.multiLineString([ring([(0.5, 0.5), (0.7, 0.6)], z: 2), ring([(3.5, 3.5), (3.6, 2.5)], z: 2)])
        #expect(xy(GeometryTileCover.tiles(of: multi, zoom: 2)) == [[0, 0], [3, 2], [3, 3]])
    }

    @Test("an L-shaped polygon at z3 covers its 16 tiles, not its box's 25")
    func lShapedPolygon() {
        // a bar down columns 1–2 (rows 1–5) and a bar along rows 4–5 (columns 1–5)
        let polygon = Geometry.polygon([ring([(1.5, 1.5), (2.5, 1.5), (2.5, 4.5), (5.5, 4.5), (5.5, 5.5), (1.5, 5.5), (1.5, 1.5)], z: 3)])
        let tiles = GeometryTileCover.tiles(of: polygon, zoom: 3)
        #expect(Set(xy(tiles)) == block(1...2, 1...3).union(block(1...5, 4...5)))
        #expect(tiles.count == 16)
        #expect(GeometryTileCover.count(of: polygon, zoom: 3) == 16)
    }

    @Test("a polygon covers the tiles wholly inside it; tiles wholly inside a hole are left out, whatever the hole's winding")
    func polygonWithHole() {
        let outer = ring([(0.5, 0.5), (0.5, 6.5), (6.5, 6.5), (6.5, 0.5), (0.5, 0.5)], z: 3)
        #expect(Set(xy(GeometryTileCover.tiles(of: .polygon([outer]), zoom: 3))) == block(0...6, 0...6))
        // the hole spans 1.8–5.2: tiles 2–4 of rows 2–4 are wholly inside it
        let hole = ring([(1.8, 1.8), (5.2, 1.8), (5.2, 5.2), (1.8, 5.2), (1.8, 1.8)], z: 3)
        let expected = block(0...6, 0...6).subtracting(block(2...4, 2...4))
        let withHole = GeometryTileCover.tiles(of: .polygon([outer, hole]), zoom: 3)
        #expect(Set(xy(withHole)) == expected)
        #expect(withHole.count == 40)
        let reversedHole = PositionList(hole.reversed())
        #expect(Set(xy(GeometryTileCover.tiles(of: .polygon([outer, reversedHole]), zoom: 3))) == expected)
        // one zoom shallower the hole spans 0.9–2.6: only tile (1, 1) is wholly inside it
        #expect(Set(xy(GeometryTileCover.tiles(of: .polygon([outer, hole]), zoom: 2))) == block(0...3, 0...3).subtracting([[1, 1]]))
    }

    @Test("multi-polygons join their parts; collections join their members; an unclosed ring is closed")
    func multiGeometries() {
        let a = [ring([(0.2, 0.2), (1.8, 0.2), (1.8, 0.8), (0.2, 0.8)], z: 3)]  // not closed
        let b = [ring([(5.5, 5.5), (6.5, 5.5), (6.5, 7.5), (5.5, 7.5), (5.5, 5.5)], z: 3)]
        let multi = GeometryTileCover.tiles(of: .multiPolygon([a, b]), zoom: 3)
        #expect(Set(xy(multi)) == block(0...1, 0...0).union(block(5...6, 5...7)))
        // overlapping parts are not holes of each other
        let c = [ring([(0.5, 0.1), (1.5, 0.1), (1.5, 0.9), (0.5, 0.9), (0.5, 0.1)], z: 3)]
        #expect(Set(xy(GeometryTileCover.tiles(of: .multiPolygon([a, c]), zoom: 3))) == block(0...1, 0...0))
        let collection = Geometry.geometryCollection(GeometryCollection([.point(at(7.5, 0.5, z: 3)), .multiPolygon([a, b])]))
        #expect(Set(xy(GeometryTileCover.tiles(of: collection, zoom: 3))) == Set(xy(multi)).union([[7, 0]]))
    }
}
