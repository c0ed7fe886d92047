import Foundation
import GeoJSON
import Mercator
import MercatorConformance
import MercatorTestSupport
import Testing

/// MapLibre Native's `tile` map mode (`MapOptions.mapMode`): labels placed as in one tile of a set.
@Suite struct TileModeTests {
    /// The view: tile 2/1/1, 512 points at z2 centred on it.
    static let camera = MapCamera(center: LocationCoordinate2D(latitude: 40.97989806962013, longitude: -45), zoom: 2)

    /// The coordinate drawn at `x` points across the view, on its middle row.
    static func coordinate(x: Double) -> LocationCoordinate2D {
        LocationCoordinate2D(latitude: camera.center.latitude, longitude: camera.center.longitude + (x - 256) / 2048 * 360)
    }

    /// Icons 40 points wide (a red square) at `x` points across the middle row, in feature order, one
    /// layer, with `symbol-avoid-edges` as given.
    static func map(icons: [(name: String, x: Double)], avoidEdges: Bool = false, mode: MapMode) throws -> Map {
        let features: [JSONValue] = icons.map { icon in
            let c = coordinate(x: icon.x)
            return ["type": "Feature", "properties": ["name": .string(icon.name)],
                    "geometry": ["type": "Point", "coordinates": [.double(c.longitude), .double(c.latitude)]]]
        }
        let style: JSONValue = [
            "version": 8,
            "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]],
            "layers": [["id": "icons", "type": "symbol", "source": "points",
                        "layout": ["icon-image": "square", "symbol-avoid-edges": .bool(avoidEdges)]]],
        ]
        let map = Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: 512, height: 512),
                      options: MapOptions(mapMode: mode), clientFonts: .disabled)
        let red: [UInt8] = [255, 0, 0, 255]
        try map.style.setImage(StyleImageData(width: 40, height: 40, pixels: Array((0..<1600).map { _ in red }.joined()), pixelRatio: 1, sdf: false),
                               forName: "square")
        return map
    }

    static func names(_ map: Map, at x: Double) throws -> [String] {
        try map.visibleFeatures(at: Point(x: x, y: 256)).compactMap { $0.geoJSONFeature.properties?["name"]?.string }
    }

    @Test("a label crossing the tile's edge is placed before a label inside the tile that it collides with")
    func edgeLabelsFirst() throws {
        // "inside" (450...490 points) comes first and collides with "edge" (480...520), which crosses x = 512
        let icons = [(name: "inside", x: 470.0), (name: "edge", x: 500.0)]
        let view = try Self.map(icons: icons, mode: .static)
        #expect(try Self.names(view, at: 460) == ["inside"])
        #expect(try Self.names(view, at: 505).isEmpty)
        let tile = try Self.map(icons: icons, mode: .tile)
        #expect(try Self.names(tile, at: 460).isEmpty)
        #expect(try Self.names(tile, at: 505) == ["edge"])
        let image = try tile.snapshot().image
        #expect(image.pixels[4 * (256 * 512 + 505)] == 255 && image.pixels[4 * (256 * 512 + 460) + 3] == 0)
    }

    @Test("symbol-avoid-edges keeps labels inside the tile in the tile mode only")
    func avoidEdges() throws {
        let icons = [(name: "edge", x: 500.0), (name: "inside", x: 300.0)]
        let view = try Self.map(icons: icons, avoidEdges: true, mode: .static)
        #expect(try Self.names(view, at: 505) == ["edge"])
        let tile = try Self.map(icons: icons, avoidEdges: true, mode: .tile)
        #expect(try Self.names(tile, at: 505).isEmpty)
        #expect(try Self.names(tile, at: 300) == ["inside"])
        // without symbol-avoid-edges the tile mode keeps it
        #expect(try Self.names(try Self.map(icons: icons, mode: .tile), at: 505) == ["edge"])
    }

    @Test("the harness's tile cover: one tile under a tile's centre, four round a tile corner, images side by side")
    func harnessCover() throws {
        let one = RenderTestTiles.cover(Self.camera)
        #expect(one.map { [$0.z, $0.x, $0.y, $0.column, $0.row] } == [[2, 1, 1, 0, 0]])
        let corner = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 3)
        let four = RenderTestTiles.cover(corner)
        #expect(four.map { [$0.x, $0.y, $0.column, $0.row] } == [[3, 3, 0, 0], [4, 3, 1, 0], [3, 4, 0, 1], [4, 4, 1, 1]])
        let centre = RenderTestTiles.centre(of: four[3])
        #expect(abs(centre.longitude - 22.5) < 1e-9 && centre.latitude < 0)
        // each tile's image goes to its column and row
        let images = four.enumerated().map { i, tile in (tile, RGBAImage(width: 2, height: 2, pixels: Array(repeating: UInt8(i * 60), count: 16))) }
        let whole = RenderTestTiles.composite(images, size: 2)
        #expect(whole.width == 4 && whole.height == 4)
        #expect([whole.pixels[0], whole.pixels[4 * 2], whole.pixels[4 * 8], whole.pixels[4 * 15]] == [0, 60, 120, 180])
    }

    @Test("the harness renders tile-mode tests tile by tile at 512 points, whatever their width and height",
          .needsShared)
    func harnessTileMode() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let test = try #require(RenderTest.discover(in: root, filter: "text-variable-anchor/all-anchors-tile-map-mode").first)
        let metadata = RenderTestMetadata(style: try JSONValue(parsing: Data(contentsOf: test.directory.appendingPathComponent("style.json"))))
        #expect(metadata.mapMode == "tile" && metadata.width == 512 && metadata.height == 512)
        // the expected image is 2 x 2 tiles: the comparison runs (its glyphs are stand-ins, so it is left out of the rates)
        let result = RenderTestRunner(root: root).run(test)
        #expect(result.skipped)
        #expect(result.differingPixels != nil, "\(result.error ?? "")")
    }
}
