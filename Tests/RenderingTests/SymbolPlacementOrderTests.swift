import Expressions
import GeoJSON
import Testing
@testable import Rendering

/// The order labels are placed in, and where: MapLibre Native's tile order and collision grid bounds.
@Suite struct SymbolPlacementOrderTests {
    static func pieces(_ tiles: [(z: Int, x: Int, y: Int)]) -> [TileClippedLayer.Piece] {
        tiles.map { TileClippedLayer.Piece(clip: nil, wrap: 0, layer: EmptySceneLayer(), firstFeature: 0,
                                           tile: TileID(z: $0.z, x: $0.x, y: $0.y)) }
    }

    @Test("tiles are placed deeper first, then row by row from the top, each row left to right")
    func northUp() {
        // drawing order is column by column
        let pieces = Self.pieces([(3, 1, 1), (3, 1, 2), (3, 2, 1), (3, 2, 2), (2, 0, 0)])
        let transform = Transform(camera: MapCamera(zoom: 3), width: 512, height: 512)
        #expect(SymbolPlacement.placementOrder(pieces, transform: transform) == [0, 2, 1, 3, 4])
    }

    @Test("with a bearing the rows are the screen's: at 90° the tile grid's columns, from the east")
    func turned() {
        let pieces = Self.pieces([(3, 1, 1), (3, 1, 2), (3, 2, 1), (3, 2, 2)])
        // bearing 90: east is up on the screen, so the eastern column comes first, north to south
        let transform = Transform(camera: MapCamera(zoom: 3, bearing: 90), width: 512, height: 512)
        #expect(SymbolPlacement.placementOrder(pieces, transform: transform) == [2, 3, 0, 1])
    }

    @Test("the collision grid reaches 100 pixels past a flat view's edges and 200 past a pitched one's")
    func gridBounds() {
        let flat = CollisionGrid(width: 300, height: 200), pitched = CollisionGrid(width: 300, height: 200, pitched: true)
        #expect(flat.isInside((x0: -150, y0: 0, x1: -99, y1: 10)))
        #expect(!flat.isInside((x0: -150, y0: 0, x1: -101, y1: 10)))
        #expect(flat.isInside((x0: 399, y0: 0, x1: 450, y1: 10)))
        #expect(!flat.isInside((x0: 400, y0: 0, x1: 450, y1: 10)), "exactly at the view and margin, not the grid's last cell")
        #expect(pitched.isInside((x0: -250, y0: 0, x1: -199, y1: 10)))
        #expect(!pitched.isInside((x0: 0, y0: 400, x1: 10, y1: 450)))
    }
}
