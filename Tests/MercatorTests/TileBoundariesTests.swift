import Foundation
import Mercator
import Testing

/// The tile-boundaries debug overlay (`MGLMapDebugTileBoundariesMask`).
@Suite("Debug overlay: tile boundaries")
struct TileBoundariesTests {
    static func map(zoom: Double, longitude: Double = 0.5, maxzoom: Int = 18) throws -> Map {
        let style: JSONObject = [
            "version": 8,
            "sources": ["points": ["type": "geojson", "maxzoom": .int(Int64(maxzoom)),
                                   "data": ["type": "Point", "coordinates": [10, 10]]]],
            "layers": [["id": "dots", "type": "circle", "source": "points"]],
        ]
        return Map(style: try Style(document: StyleDocument(json: .object(style))),
                   camera: MapCamera(center: LocationCoordinate2D(latitude: 0.2, longitude: longitude), zoom: zoom),
                   size: MapSize(width: 64, height: 64))
    }

    /// The columns and rows whose every pixel is opaque red.
    static func redLines(_ s: MapSnapshot) -> (columns: [Int], rows: [Int]) {
        let image = s.image
        func red(_ x: Int, _ y: Int) -> Bool {
            let i = 4 * (y * image.width + x)
            return image.pixels[i] == 255 && image.pixels[i + 1] == 0 && image.pixels[i + 2] == 0 && image.pixels[i + 3] == 255
        }
        return ((0..<image.width).filter { x in (0..<image.height).allSatisfy { red(x, $0) } },
                (0..<image.height).filter { y in (0..<image.width).allSatisfy { red($0, y) } })
    }

    @Test("the edges of the source's tiles are drawn four pixels wide where they cross the view")
    func bordersAtTileEdges() throws {
        let map = try Self.map(zoom: 1)
        #expect(Self.redLines(try map.snapshot()).columns.isEmpty)
        map.debugOptions = .tileBoundaries
        // lon 0 is 1.42 px left of the centre at zoom 1; lat 0 is 0.57 px below it: GL's four-pixel
        // lines cover the pixel centres within two pixels of each edge.
        let lines = Self.redLines(try map.snapshot())
        #expect(lines.columns == [29, 30, 31, 32])
        #expect(lines.rows == [31, 32, 33, 34])
    }

    @Test("an overscaled GeoJSON source outlines its own tiles, not the camera zoom's")
    func overscaledTiles() throws {
        // At zoom 8.5 a view 64 px wide around lon 360/256 holds the edge between two zoom-8 tiles
        // but no edge of a zoom-4 tile (every 22.5 degrees).
        func lines(maxzoom: Int) throws -> (columns: [Int], rows: [Int]) {
            let map = try Self.map(zoom: 8.5, longitude: 360.0 / 256, maxzoom: maxzoom)
            map.debugOptions = .tileBoundaries
            return Self.redLines(try map.snapshot())
        }
        #expect(try lines(maxzoom: 18).columns == [30, 31, 32, 33])
        #expect(try lines(maxzoom: 4).columns.isEmpty)
    }
}
