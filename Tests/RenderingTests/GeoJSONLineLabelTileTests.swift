import GeoJSON
import Testing
import Tiling
@testable import Rendering

/// A GeoJSON source's line labels are laid out from its tiles, as MapLibre lays them out: geojson-vt cut each line to
/// the tile and its buffer and rounded the points, and the crossings of the tile's own sides are found from those.
@Suite struct GeoJSONLineLabelTileTests {
    /// The random case 14-006's zigzag, whose second segment leaves the zoom 1 tile (1, 1) at its top.
    static let zigzag: [(Double, Double)] = [(91.7589, 44.3668), (134.9, -48.1243), (-6.8723, 50.0663), (104.346, -25.5231),
                                             (71.981, 66.5804)]

    static func sourceTiles() throws -> PolygonLabelTiles.SourceTiles {
        let line = GeoJSONFeature(geometry: .lineString(PositionList(flat: ContiguousArray(Self.zigzag.flatMap { [$0.0, $0.1] }))))
        guard case .shapes(let index) = try ShapeSourceTiles(features: [line], options: ShapeSourceOptions()) else {
            throw TilingError.invalidOption("index", "expected shapes")
        }
        var tiles = LabelTiles.all(zoom: 1)
        tiles.columns = 0...1
        tiles.rows = 0...1
        return PolygonLabelTiles.SourceTiles(index: index, tiles: tiles)
    }

    @Test("a tile's lines are geojson-vt's, cut at the buffer: GL JS 5.24's own geometry of the tile")
    func theTilesLines() throws {
        let lines = try #require(try Self.sourceTiles().lines(of: 0, row: 1, column: 1, extent: 8192))
        // GL JS's `loadGeometry()` of the tile's feature (the reference renderer's page, session 84)
        #expect(lines == [[Point(x: 4263, y: -2048), Point(x: 6139, y: 2505), Point(x: 430, y: -2048)],
                          [Point(x: 467, y: -2048), Point(x: 4749, y: 1202), Point(x: 3847, y: -2048)]])
        // and the crossing of the tile's top is found from the buffer's point: 2998, where the whole segment crosses
        // it at 2997.4 (what the world line gave)
        #expect(LineLabelAnchors.clipToTile(lines[0]).first?.last == Point(x: 2998, y: 0))
        #expect(try Self.sourceTiles().lines(of: 1, row: 1, column: 1, extent: 8192) == nil)
    }
}
