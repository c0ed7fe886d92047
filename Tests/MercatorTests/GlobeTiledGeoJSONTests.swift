import Foundation
@testable import Mercator
@testable import Rendering
import Testing

/// A GeoJSON source drawn from tiles on the globe (zoom 5 and deeper, where GL JS varies the tiles' zoom): each tile's
/// polygons and lines are cut to the tile and a quarter tile around it, as geojson-vt cuts GL JS's tiles. Before, each tile
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

    static func map(pitch: Double, zoom: Double = 9.5, bearing: Double = 0, layers: [JSONValue]? = nil) throws -> Map {
        let style: JSONValue = [
            "version": 8, "projection": ["type": "globe"],
            "sources": ["region": ["type": "geojson", "data": region]],
            "layers": .array(layers ?? [["id": "bg", "type": "background", "paint": ["background-color": "#2050c0"]],
                                        ["id": "land", "type": "fill", "source": "region", "paint": ["fill-color": "#e04020"]],
                                        ["id": "coast", "type": "line", "source": "region", "paint": ["line-color": "#000000"]]]),
        ]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 35.7, longitude: 139.7), zoom: zoom, bearing: bearing, pitch: pitch)
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
                // the tile and a quarter tile around it (GL JS's GeoJSON `buffer`, 128 of 512 pixels)
                let n = Double(1 << piece.tile.z), (x, y) = (Double(piece.tile.x), Double(piece.tile.y))
                // (to rounding: the cut's points on the box's sides went to longitude and latitude and back)
                let e = 1e-9
                let box = (minX: (x - 0.25) / n - e, minY: (y - 0.25) / n - e, maxX: (x + 1.25) / n + e, maxY: (y + 1.25) / n + e)
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

    /// A solid raised over the region, drawn from tiles at a pitched zoom 7: each tile's piece of it is cut to the tile's
    /// box, and the solid must still look whole, as GL JS draws it. Its walls along the cut are left out (GL JS's
    /// `isBoundaryEdge`; drawn, they stood inside the neighbouring pieces and showed through the roof at its height as
    /// straight seams), and its roof is lit where each pixel meets it (lit once per piece, each tile's piece showed in a
    /// shade of its own). The roof at the view's centre is lit as GL JS lights it on the globe: with the light's
    /// direction normalized (`transformLightDirection`), darker than on the flat map, whose light keeps its radial
    /// length of 1.15 (GL JS 5.24 draws #aa5555 as 180, 94, 94 there; 194, 101, 101 on the flat map).
    @Test("a solid cut into tiles shows no seams, and its roof is lit as GL JS lights it")
    func extrusionCutIntoTiles() throws {
        let map = try Self.map(pitch: 50, zoom: 7, bearing: 20, layers: [
            ["id": "bg", "type": "background", "paint": ["background-color": "#2050c0"]],
            ["id": "solid", "type": "fill-extrusion", "source": "region",
             "paint": ["fill-extrusion-color": "#aa5555", "fill-extrusion-height": 30000]],
        ])
        let built = try map.styleScene()
        let solids = built.scene.layers.compactMap { $0 as? FillExtrusionLayer }
        let features = try #require(solids.first?.features)
        #expect(features.count > 1)
        #expect(features.allSatisfy { $0.cutTile != nil })
        // the cut's edges, gone through the tile's grid and longitude and latitude, are found on the box's sides
        let cutEdges = features.reduce(0) { count, feature in
            count + feature.polygons.joined().reduce(0) { count, ring in
                count + TileCut.cutEdges(Array(ring.dropLast()), tile: feature.cutTile!).filter { $0 }.count
            }
        }
        #expect(cutEdges >= features.count)
        let image = try map.snapshot().image
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 4 * (y * image.width + x)
            return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        let centre = pixel(image.width / 2, image.height / 2)
        #expect(abs(centre.0 - 180) <= 2 && abs(centre.1 - 94) <= 2 && abs(centre.2 - 94) <= 2)
        // the roof fills the lower half of the view and changes smoothly across it
        var steepest = 0
        for y in image.height / 2..<image.height - 1 {
            for x in 0..<image.width - 1 {
                let p = pixel(x, y), right = pixel(x + 1, y), below = pixel(x, y + 1)
                steepest = max(steepest, abs(p.0 - right.0), abs(p.0 - below.0), abs(p.1 - right.1), abs(p.1 - below.1))
            }
        }
        #expect(steepest <= 2)
    }
}
