import Foundation
import Mercator
import Rendering
import Testing
import Tiling

/// Vector sources drawn tile by tile: tiles written with Mercator's own encoder into a folder, read
/// through a `tiles` template, drawn clipped to each tile and queried without duplicates.
@Suite("Vector sources")
struct VectorSourceTests {
    /// A folder of z0–z2 tiles (`{z}-{x}-{y}.mvt`, layer "shapes") for one square around 0,0 with id 7.
    static func writeTiles() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-vt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let square = GeoJSONFeature(identifier: .int(7), geometry: .polygon([PositionList([
            Position(-40, -30), Position(40, -30), Position(40, 30), Position(-40, 30), Position(-40, -30)])]),
            properties: ["kind": "square"])
        var options = GeoJSONTileOptions()
        options.buffer = 512  // a wide buffer: overlapping tiles must still not draw twice
        let index = try GeoJSONTileIndex(features: [square], options: options)
        for z in 0...2 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    guard let tile = index.tile(z: z, x: x, y: y) else { continue }
                    try tile.vectorTileData(layerName: "shapes", gzip: z == 1).write(to: folder.appendingPathComponent("\(z)-\(x)-\(y).mvt"))
                }
            }
        }
        return folder
    }

    static func map(_ folder: URL, opacity: Double = 0.5, zoom: Double = 1, bearing: Double = 0) throws -> Map {
        let style: JSONValue = [
            "version": 8,
            "sources": ["tiles": ["type": "vector", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.mvt")]), "maxzoom": 2]],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                ["id": "squares", "type": "fill", "source": "tiles", "source-layer": "shapes",
                 "paint": ["fill-color": "blue", "fill-opacity": .double(opacity), "fill-antialias": false]],
            ],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: zoom, bearing: bearing),
                   size: MapSize(width: 256, height: 256))
    }

    @Test("a translucent polygon across four tiles is drawn once everywhere: no seams, no double blending in the buffers")
    func drawnOncePerPixel() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        for bearing in [0.0, 30] {
            let snapshot = try Self.map(folder, bearing: bearing).snapshot()
            #expect(snapshot.sourceErrors.isEmpty)
            let image = snapshot.image
            // The tile corners meet at the centre (zoom 1: four tiles); sample around them.
            let inside = [image.pixel(128, 128), image.pixel(127, 127), image.pixel(120, 131), image.pixel(135, 124), image.pixel(110, 140), image.pixel(145, 115)]
            #expect(Set(inside).count == 1, "bearing \(bearing): \(inside)")
            #expect(inside[0][2] > 200 && inside[0][0] > 100 && inside[0][0] < 150, "half-transparent blue over white: \(inside[0])")
            #expect(image.pixel(5, 5) == [255, 255, 255, 255])
        }
    }

    @Test("an extrusion across four tiles is one solid: one translucent roof colour across the tile edges, one hit")
    func extrusionAcrossTiles() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let style: JSONValue = [
            "version": 8,
            "sources": ["tiles": ["type": "vector", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.mvt")]), "maxzoom": 2]],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                ["id": "solid", "type": "fill-extrusion", "source": "tiles", "source-layer": "shapes",
                 "paint": ["fill-extrusion-color": "blue", "fill-extrusion-height": 2_000_000, "fill-extrusion-opacity": 0.5]],
            ],
        ]
        let map = Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 1, bearing: 20, pitch: 40),
                      size: MapSize(width: 256, height: 256))
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.isEmpty && snapshot.unsupportedFeatures.isEmpty)
        let image = snapshot.image
        let roof = [image.pixel(128, 100), image.pixel(127, 99), image.pixel(120, 104), image.pixel(135, 96), image.pixel(128, 110)]
        #expect(Set(roof).count == 1, "\(roof)")
        #expect(roof[0][2] > roof[0][0] && roof[0][0] > 60, "half-transparent blue over white: \(roof[0])")
        let hits = try map.visibleFeatures(at: Point(x: 128, y: 100))
        #expect(hits.count == 1)
    }

    @Test("the same drawing at every zoom, overzoomed past maxzoom")
    func overzoom() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = try Self.map(folder, opacity: 1, zoom: 4).snapshot()
        #expect(snapshot.sourceErrors.isEmpty)
        // at zoom 4 the square (±40° lon) covers the whole 256-point view
        #expect(snapshot.canvas.pixel(x: 3, y: 3) == snapshot.canvas.pixel(x: 250, y: 250))
        #expect(snapshot.canvas.pixel(x: 3, y: 3).b > 0.99)
    }

    @Test("a feature hit in several tiles is reported once, with its id, source and properties")
    func queryDeduplicated() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = try Self.map(folder)
        let hits = try map.visibleFeatures(in: ScreenRect(x: 100, y: 100, width: 56, height: 56))
        #expect(hits.count == 1)
        #expect(hits.first?.geoJSONFeature.identifier == .int(7))
        #expect(hits.first?.sourceIdentifier == "tiles")
        #expect(hits.first?.geoJSONFeature.properties?["kind"] == "square")
    }

    @Test("a missing tile folder is drawn empty; an unreadable tile is a source error naming the tile")
    func errors() throws {
        let folder = try Self.writeTiles()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a tile".utf8).write(to: folder.appendingPathComponent("1-0-0.mvt"))
        let snapshot = try Self.map(folder).snapshot()
        let message = snapshot.sourceErrors.map(\.description).joined()
        #expect(message.contains("sources.tiles"), "\(message)")
        #expect(message.contains("1/0/0") || message.contains("1-0-0"), "\(message)")
        let empty = try Self.map(folder.appendingPathComponent("none")).snapshot()
        #expect(empty.sourceErrors.isEmpty)
        #expect(empty.canvas.pixel(x: 128, y: 128).r > 0.99)
    }
}

/// Geometry at the top and bottom of the Mercator square.
@Suite("World edges")
struct WorldEdgeTests {
    @Test("GeoJSON reaching the poles is clamped to the world's edge, as geojson-vt clamps it")
    func poles() throws {
        let style: JSONValue = ["version": 8,
                                "sources": ["world": ["type": "geojson", "data": ["type": "Polygon",
                                    "coordinates": [[[-179, -90], [179, -90], [179, 90], [-179, 90], [-179, -90]]]]]],
                                "layers": [["id": "fill", "type": "fill", "source": "world", "paint": ["fill-color": "red", "fill-antialias": false]]]]
        // zoom 0: the world is 512 points tall; the view is 700, so 94 points above and below show no world
        let s = try Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 300, height: 700)).snapshot()
        #expect(s.canvas.pixel(x: 150, y: 350).r > 0.99)
        #expect(s.canvas.pixel(x: 150, y: 100).r > 0.99)
        #expect(s.canvas.pixel(x: 150, y: 80).a == 0, "nothing above the world's top edge")
        #expect(s.canvas.pixel(x: 150, y: 620).a == 0, "nothing below its bottom edge")
    }
}
