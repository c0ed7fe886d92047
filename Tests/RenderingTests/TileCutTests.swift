import Geo
@testable import Rendering
import Testing

/// The box a tiled GeoJSON source cuts a tile's features to, and which edges of a cut polygon are the cut's own
/// (GL JS's `isBoundaryEdge`): fill extrusions leave walls out there.
@Suite("TileCut: the buffered box and the cut's edges")
struct TileCutTests {
    /// Tile 3/2/5's square: x 0.25...0.375, y 0.625...0.75 of the world.
    let tile = WorldBounds(z: 3, x: 2, y: 5)
    /// One unit of the tile's grid (8,192 a side).
    var unit: Double { 1.0 / 8 / 8192 }

    @Test("the box reaches a quarter tile past each side")
    func box() {
        let box = TileCut.box(z: 3, x: 2, y: 5)
        #expect(box.minX == 1.75 / 8 && box.maxX == 3.25 / 8 && box.minY == 4.75 / 8 && box.maxY == 6.25 / 8)
    }

    @Test("an edge along a side of the box is the cut's, to half a grid unit")
    func cutEdges() {
        let west = tile.minX - 2048 * unit, south = tile.maxY + 2048 * unit, east = tile.maxX + 2048 * unit
        // along the box's west, south and east sides
        #expect(TileCut.isCutEdge(Point(x: west, y: 0.63), Point(x: west, y: 0.7), tile: tile))
        #expect(TileCut.isCutEdge(Point(x: 0.26, y: south), Point(x: 0.3, y: south), tile: tile))
        #expect(TileCut.isCutEdge(Point(x: east + unit / 4, y: 0.63), Point(x: east + unit / 4, y: 0.64), tile: tile))
    }

    @Test("edges inside the tile, on its sides, in the buffer off the box's sides, slanted or past the world are walls")
    func walls() {
        // vertical and horizontal inside the tile
        #expect(!TileCut.isCutEdge(Point(x: 0.3, y: 0.63), Point(x: 0.3, y: 0.7), tile: tile))
        #expect(!TileCut.isCutEdge(Point(x: 0.26, y: 0.7), Point(x: 0.3, y: 0.7), tile: tile))
        // on the tile's own west side
        #expect(!TileCut.isCutEdge(Point(x: tile.minX, y: 0.63), Point(x: tile.minX, y: 0.7), tile: tile))
        // vertical in the buffer, a grid unit inside the box's side (a feature's own wall, drawn by both tiles)
        let west = tile.minX - 2047 * unit
        #expect(!TileCut.isCutEdge(Point(x: west, y: 0.63), Point(x: west, y: 0.7), tile: tile))
        // slanted across the box's side
        let side = tile.minX - 2048 * unit
        #expect(!TileCut.isCutEdge(Point(x: side, y: 0.63), Point(x: side + unit, y: 0.7), tile: tile))
        // horizontal outside to the west, at a height across the tile
        #expect(!TileCut.isCutEdge(Point(x: side, y: 0.7), Point(x: side - unit, y: 0.7), tile: tile))
        // a feature kept whole past the antimeridian: its vertical edge at 1.1 of the world stands on no tile's cut
        #expect(!TileCut.isCutEdge(Point(x: 1.1, y: 0.63), Point(x: 1.1, y: 0.7), tile: tile))
    }

    @Test("a ring's cut edges are read per point, for the edge leaving it")
    func ring() {
        let west = tile.minX - 2048 * unit
        // a square whose west side lies on the box's side
        let ring = [Point(x: west, y: 0.63), Point(x: 0.3, y: 0.63), Point(x: 0.3, y: 0.7), Point(x: west, y: 0.7)]
        #expect(TileCut.cutEdges(ring, tile: tile) == [false, false, false, true])
    }
}
