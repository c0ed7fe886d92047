import Foundation
import Mercator
import Rendering
import Testing
import Tiling

/// On the globe, x and x + 1 world are the same place: geometry near the antimeridian that a tile also carries shifted
/// by 360° (geojson-vt's and tippecanoe's wrapped copies in the tile's buffer, a zoom 0 tile's own buffer reaching round
/// the world) must not land on the sphere twice. A translucent fill or line drawn twice there is darker. These are the
/// rules of GL JS's `projection/globe/antimeridian-overdraw` render tests (maplibre-gl-js #6248, fixed after 5.24: the
/// reference renderer's 5.24 still double-blends, so they are checked here by their rule, not against its pictures).
@Suite("Globe: geometry near the antimeridian is drawn once")
struct GlobeAntimeridianOverdrawTests {
    static let white: JSONValue = ["id": "background", "type": "background", "paint": ["background-color": "white"]]

    static func globe(_ sources: JSONValue, _ layers: [JSONValue], center: (Double, Double), zoom: Double,
                      size: Int = 256) throws -> MapSnapshot {
        let style: JSONValue = ["version": 8, "projection": ["type": "globe"], "sky": ["atmosphere-blend": 0.0],
                                "sources": sources, "layers": .array([white] + layers)]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: center.1, longitude: center.0), zoom: zoom)
        let snapshot = try Map(style: try Style(document: StyleDocument(json: style)), camera: camera,
                               size: MapSize(width: size, height: size)).snapshot()
        #expect(snapshot.sourceErrors.isEmpty)
        return snapshot
    }

    static func rectangle(_ west: Double, _ south: Double, _ east: Double, _ north: Double) -> JSONValue {
        ["type": "Feature", "properties": [:], "geometry": ["type": "Polygon", "coordinates": [[
            [.double(west), .double(south)], [.double(east), .double(south)], [.double(east), .double(north)],
            [.double(west), .double(north)], [.double(west), .double(south)]]]]]
    }

    static let halfBlack: JSONValue = ["id": "fill", "type": "fill", "source": "shape",
                                       "paint": ["fill-color": "black", "fill-opacity": 0.5, "fill-antialias": false]]

    /// The pixels of a half-transparent colour drawn over white once and twice: `level` reads, from a pixel of the
    /// colour's hue, the channel the colour darkens (127 or 128 once, 63 or 64 twice), nil for any other pixel.
    static func shades(_ image: RGBAImage, level: ([UInt8]) -> UInt8?) -> (single: Int, double: Int) {
        var single = 0, double = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let v = level(image.pixel(x, y)) else { continue }
                if (120...135).contains(v) { single += 1 }
                if (50...80).contains(v) { double += 1 }
            }
        }
        return (single, double)
    }

    /// ``shades(_:level:)`` of a 50 % black.
    static func greys(_ snapshot: MapSnapshot) -> (single: Int, double: Int) {
        shades(snapshot.image) { p in p[0] == p[1] && p[1] == p[2] ? p[0] : nil }
    }

    /// ``shades(_:level:)`` of a 50 % blue.
    static func blues(_ image: RGBAImage) -> (single: Int, double: Int) {
        shades(image) { p in p[2] == 255 && p[0] == p[1] ? p[0] : nil }
    }

    @Test("a translucent GeoJSON fill up to, across and far across the antimeridian: one shade of grey",
          arguments: [(60.0, 180.0, 135.0, 0.0), (150, 210, 180, 0), (150, 210, 180, 3), (150, 180, 180, 3), (170, 190, 180, 0)])
    func geoJSONFill(west: Double, east: Double, longitude: Double, zoom: Double) throws {
        let snapshot = try Self.globe(["shape": ["type": "geojson", "data": Self.rectangle(west, -15, east, 15)]], [Self.halfBlack],
                                      center: (longitude, 0), zoom: zoom)
        let (single, double) = Self.greys(snapshot)
        #expect(single > 500)
        #expect(double == 0, "\(double) pixels drawn twice (\(single) once)")
    }

    @Test("a band round most of the world, seen over the pole and from afar: one shade of red")
    func wideBand() throws {
        let band = Self.rectangle(21.852773082232943, 30.443024748791714, 319.65485606523356, 49.14964417101615)
        for (center, zoom) in [((180.0, 65.0), 0.45), ((180, 30), 0.3)] {
            let snapshot = try Self.globe(["shape": ["type": "geojson", "data": band]],
                                          [["id": "fill", "type": "fill", "source": "shape",
                                            "paint": ["fill-color": "#ff0000", "fill-opacity": 0.5, "fill-antialias": false]]],
                                          center: center, zoom: zoom)
            let (single, double) = Self.shades(snapshot.image) { p in p[0] == 255 && p[1] == p[2] ? p[1] : nil }
            #expect(single > 1000)
            #expect(double == 0, "zoom \(zoom): \(double) pixels drawn twice (\(single) once)")
        }
    }

    @Test("a translucent line of a zoom 0 GeoJSON source across or along the antimeridian, magnified: one shade of blue",
          arguments: [[[150.0, 25.0], [210, 25]], [[180, -25], [180, 45]], [[150, -20], [210, 15]]])
    func zoom0Lines(coordinates: [[Double]]) throws {
        let line: JSONValue = ["type": "Feature", "properties": [:],
                               "geometry": ["type": "LineString", "coordinates": .array(coordinates.map { .array($0.map { .double($0) }) })]]
        for dashes in [false, true] {
            let paint: JSONValue = dashes
                ? ["line-width": 10, "line-color": "#0000ff", "line-opacity": 0.5, "line-dasharray": [2, 2]]
                : ["line-width": 10, "line-color": "#0000ff", "line-opacity": 0.5]
            let snapshot = try Self.globe(["shape": ["type": "geojson", "maxzoom": 0, "data": line]],
                                          [["id": "line", "type": "line", "source": "shape", "paint": paint]],
                                          center: (180, 5), zoom: 1.8)
            let (single, double) = Self.blues(snapshot.image)
            #expect(single > 200)
            #expect(double == 0, "\(coordinates), dashes \(dashes): \(double) pixels drawn twice (\(single) once)")
        }
    }

    @Test("vector tiles whose buffer holds the wrapped copy of a polygon across the antimeridian: one shade of grey")
    func vectorTilesWithWrappedCopies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-antimeridian-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // two polygons, 170..180 and 170..190, as in GL JS's test: the tiles carry them and their copies 360° west
        // (and a line across it further north, drawn in the second test below)
        let features = [(170.0, 180.0), (170, 190)].map { west, east in
            GeoJSONFeature(geometry: .polygon([PositionList([Position(west, 0), Position(east, 0), Position(east, 30),
                                                             Position(west, 30), Position(west, 0)])]))
        } + [GeoJSONFeature(geometry: .lineString(PositionList([Position(160, 45), Position(200, 45)])))]
        var options = GeoJSONTileOptions()
        options.buffer = 512  // (wide enough to carry the wrapped copies at zoom 0)
        let index = try GeoJSONTileIndex(features: features, options: options)
        for z in 0...3 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    guard let tile = index.tile(z: z, x: x, y: y) else { continue }
                    try tile.vectorTileData(layerName: "repro").write(to: folder.appendingPathComponent("\(z)-\(x)-\(y).mvt"))
                }
            }
        }
        let zeroTile = try VectorTile(data: Data(contentsOf: folder.appendingPathComponent("0-0-0.mvt")))
        #expect(zeroTile.layerCount == 1)
        for zoom in [0.0, 1.5] {
            let snapshot = try Self.globe(
                ["shape": ["type": "vector", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.mvt")]), "maxzoom": 3]],
                [["id": "fill", "type": "fill", "source": "shape", "source-layer": "repro",
                  "paint": ["fill-color": "black", "fill-opacity": 0.5, "fill-antialias": false]]],
                center: (180, 15), zoom: zoom)
            let (single, double) = Self.greys(snapshot)
            #expect(single > 200)
            // (the two polygons overlap over 170..180: drawn twice there by design, as one layer's features are)
            let image = snapshot.image
            var eastOfSeamTwice = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x, y)
                    guard p[0] == p[1], p[1] == p[2], (50...80).contains(p[0]) else { continue }
                    // a pixel east of the antimeridian (190..180 W) is covered by one polygon only
                    if let c = snapshot.coordinate(for: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)), c.longitude < -1, c.longitude > -9 {
                        eastOfSeamTwice += 1
                    }
                }
            }
            #expect(double > 0, "zoom \(zoom): the overlap of the two polygons (170..180) is drawn by both")
            #expect(eastOfSeamTwice == 0, "zoom \(zoom): \(eastOfSeamTwice) pixels east of the seam drawn twice")
            // the line across the antimeridian, and the polygons' outlines (antialiased fills): once
            let lines = try Self.globe(
                ["shape": ["type": "vector", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.mvt")]), "maxzoom": 3]],
                [["id": "line", "type": "line", "source": "shape", "source-layer": "repro", "filter": ["==", ["geometry-type"], "LineString"],
                  "paint": ["line-width": 10, "line-color": "#0000ff", "line-opacity": 0.5]]],
                center: (180, 15), zoom: zoom).image
            let blue = Self.blues(lines)
            #expect(blue.single > 100)
            #expect(blue.double == 0, "zoom \(zoom): \(blue.double) pixels of the line drawn twice")
        }
    }

    @Test("a translucent circle beside the antimeridian in a zoom 0 tile whose buffer holds its wrapped copy: drawn once",
          arguments: ["globe", "mercator"])
    func circleBesideTheAntimeridian(projection: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-antimeridian-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = GeoJSONTileOptions()
        options.buffer = 512
        let index = try GeoJSONTileIndex(features: [GeoJSONFeature(geometry: .point(Position(179.5, 10)))], options: options)
        let tile = try #require(index.tile(z: 0, x: 0, y: 0))
        try tile.vectorTileData(layerName: "repro").write(to: folder.appendingPathComponent("0-0-0.mvt"))
        let style: JSONValue = ["version": 8, "projection": ["type": .string(projection)], "sky": ["atmosphere-blend": 0.0],
                                "sources": ["shape": ["type": "vector", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.mvt")]), "maxzoom": 0]],
                                "layers": [Self.white, ["id": "dot", "type": "circle", "source": "shape", "source-layer": "repro",
                                                        "paint": ["circle-radius": 10, "circle-color": "black", "circle-opacity": 0.5]]]]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 180), zoom: 0.5)
        let snapshot = try Map(style: try Style(document: StyleDocument(json: style)), camera: camera,
                               size: MapSize(width: 256, height: 256)).snapshot()
        let (single, double) = Self.greys(snapshot)
        #expect(single > 100)
        #expect(double == 0, "\(projection): \(double) pixels of the circle drawn twice (\(single) once)")
    }
}
