import Foundation
@testable import Mercator
@testable import Rendering
import Testing

/// A GeoJSON source drawn from tiles on the globe (zoom 5 and deeper, where GL JS varies the tiles' zoom): each tile's
/// polygons and lines are cut to its buffered box (``TileCut``), as geojson-vt cuts GL JS's tiles. Before, each tile
/// drew the whole of every polygon it touched, so a large one (a country, an ocean) was split on the tile's fine grid
/// and projected once per tile: a pitched view near Tokyo took seconds and half a gigabyte for one fill layer.
@Suite("Globe: a tiled GeoJSON source's fills and lines are cut to their tiles")
struct GlobeTiledGeoJSONTests {
    /// A polygon much larger than a tile at these zooms: a ring of 400 points around 30 degrees of longitude.
    static let region: JSONValue = {
        var ring: [JSONValue] = []
        for k in 0..<400 {
            let a = Double(k) / 400 * 2 * .pi
            ring.append([.double(139.7 + 15 * cos(a)), .double(35.7 + 10 * sin(a))])
        }
        ring.append(ring[0])
        return ["type": "Feature", "properties": [:], "geometry": ["type": "Polygon", "coordinates": [.array(ring)]]]
    }()

    static func map(pitch: Double) throws -> Map {
        let style: JSONValue = [
            "version": 8, "projection": ["type": "globe"],
            "sources": ["region": ["type": "geojson", "data": region]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "#2050c0"]],
                       ["id": "land", "type": "fill", "source": "region", "paint": ["fill-color": "#e04020"]],
                       ["id": "coast", "type": "line", "source": "region", "paint": ["line-color": "#000000"]]],
        ]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 35.7, longitude: 139.7), zoom: 9.5, pitch: pitch)
        return Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: 256, height: 256))
    }

    @Test("every tile's polygons and lines lie within the tile and its buffer; the view is drawn and filled",
          arguments: [0.0, 80.0])
    func cutToTiles(pitch: Double) throws {
        let map = try Self.map(pitch: pitch)
        let built = try map.styleScene()
        let tiled = built.scene.layers.compactMap { $0 as? TileClippedLayer }
        #expect(tiled.count == 2)
        for layer in tiled {
            #expect(!layer.pieces.isEmpty)
            for piece in layer.pieces {
                let box = TileCut.box(z: Int(piece.tile.z), x: Int(piece.tile.x), y: Int(piece.tile.y))
                let points = (piece.layer as? FillLayer).map { $0.features.flatMap { $0.polygons.flatMap { $0.flatMap { $0 } } } }
                    ?? (piece.layer as? LineLayer).map { $0.features.flatMap { $0.lines.flatMap { $0 } } }
                for point in try #require(points) {
                    #expect(point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY)
                }
            }
        }
        // the region covers the view's ground: the pixels under the horizon are the fill's
        let image = try map.snapshot().image
        let bottom = 4 * ((image.height - 1) * image.width + image.width / 2)
        #expect(image.pixels[bottom] == 0xe0 && image.pixels[bottom + 2] == 0x20)
    }
}
