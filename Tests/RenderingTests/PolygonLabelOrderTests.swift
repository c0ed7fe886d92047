@testable import Rendering
import Testing

/// The order in which a feature's pieces in one tile are labelled without a GeoJSON tile index: the model
/// of wagyu's output order (`PolygonLabelTiles.union`; a GeoJSON source's pieces go through
/// `EvenOddUnion`, `EvenOddUnionTests`).
@Suite("Polygon label pieces in wagyu's order")
struct PolygonLabelOrderTests {
    /// A rectangle (world units, y down), clockwise on screen.
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)] {
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    }

    static func order(_ rings: [[(Double, Double)]]) -> [Int] {
        let pieces = rings.enumerated().map { PolygonLabelTiles.Piece(rings: [$0.element], index: $0.offset) }
        return PolygonLabelTiles.union(pieces, tileUnits: 1).map(\.index)
    }

    @Test("separate islands come bottom first, whatever their size and source order")
    func bottomFirst() {
        // the largest at the top, the smallest in the middle, a medium one at the bottom
        let rings = [Self.box(0, 0, 40, 20), Self.box(50, 30, 54, 34), Self.box(0, 40, 10, 50)]
        #expect(Self.order(rings) == [2, 1, 0])
    }

    @Test("a polygon's second lobe leaves a place the larger islands move up into")
    func lobesLeavePlaces() {
        // an arch whose legs reach down to y 100 and y 90 (two lobes: the second place is left empty),
        // a small island reaching y 85 and a medium one reaching y 80
        let arch: [(Double, Double)] = [(0, 0), (60, 0), (60, 90), (50, 90), (50, 20), (10, 20), (10, 100), (0, 100)]
        let small = Self.box(100, 80, 104, 85), medium = Self.box(120, 60, 140, 80)
        // bottom first would give arch, small, medium; correct_tree moves the medium island into the
        // arch's empty place
        #expect(Self.order([small, arch, medium]) == [1, 2, 0])
    }

    @Test("an island wholly inside a larger piece becomes its hole and is not labelled")
    func swallowedIsland() {
        let pieces = [PolygonLabelTiles.Piece(rings: [Self.box(0, 0, 100, 100)], index: 0),
                      PolygonLabelTiles.Piece(rings: [Self.box(40, 40, 60, 60)], index: 1)]
        let out = PolygonLabelTiles.union(pieces, tileUnits: 1)
        #expect(out.count == 1)
        #expect(out.first?.rings.count == 2)
    }
}
