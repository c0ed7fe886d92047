import Foundation
@testable import Mercator
import Rendering
import Testing

/// 3D terrain through a map: the root `terrain` over a DEM written for the test.
@Suite("Terrain on a map")
struct TerrainMapTests {
    /// A map over one z0 DEM tile (`maxzoom` 0) of elevations `height(column, row)`, a background and a
    /// fill box around the centre, with `terrain` as given (none when nil).
    static func map(terrain: JSONValue?, camera: MapCamera, height: @escaping (Int, Int) -> Double,
                    body: (Map) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-terrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HeatmapHillshadeTests.demTile(height).write(to: folder.appendingPathComponent("0-0-0.png"))
        let box: JSONValue = ["type": "Polygon", "coordinates": [[[-20, -15], [25, -15], [25, 20], [-20, 20], [-20, -15]]]]
        var style: JSONObject = ["version": 8,
                                 "sources": ["dem": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]),
                                                     "tileSize": 256, "maxzoom": 0],
                                             "box": ["type": "geojson", "data": ["type": "Feature", "properties": [:], "geometry": box]]],
                                 "layers": [["id": "bg", "type": "background", "paint": ["background-color": "#204060"]],
                                            ["id": "box", "type": "fill", "source": "box", "paint": ["fill-color": "#f0c040"]]]]
        if let terrain { style["terrain"] = terrain }
        let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: camera, size: MapSize(width: 128, height: 128))
        try body(map)
    }

    /// The pixels whose channels differ by more than `threshold` between two snapshots.
    static func differing(_ a: MapSnapshot, _ b: MapSnapshot, threshold: Int = 16) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x, y), q = b.pixel(x, y)
                if zip(p, q).contains(where: { abs(Int($0) - Int($1)) > threshold }) { count += 1 }
            }
        }
        return count
    }

    @Test("elevation(at:) reads the DEM times the exaggeration; nil without terrain")
    func elevationAt() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 2)
        try Self.map(terrain: ["source": "dem", "exaggeration": 2], camera: camera, height: { x, _ in Double(x) * 10 }) { map in
            // longitude 0 is column 128 of the tile: 1280 m, twice that exaggerated
            let e = try #require(map.elevation(at: LocationCoordinate2D(latitude: 0, longitude: 0)))
            #expect(abs(e - 2560) < 1, "\(e)")
            let west = try #require(map.elevation(at: LocationCoordinate2D(latitude: 10, longitude: -90)))
            #expect(abs(west - 1280) < 1, "\(west)")
        }
        try Self.map(terrain: nil, camera: camera, height: { _, _ in 100 }) { map in
            #expect(map.elevation(at: LocationCoordinate2D(latitude: 0, longitude: 0)) == nil)
        }
    }

    @Test("flat ground at any height draws the flat map: the centre is put at the ground's elevation")
    func flatGroundIsTheFlatMap() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 5, longitude: 3), zoom: 2.3, bearing: 20, pitch: 45)
        var flat: MapSnapshot?
        try Self.map(terrain: nil, camera: camera, height: { _, _ in 1500 }) { flat = try $0.snapshot() }
        try Self.map(terrain: ["source": "dem"], camera: camera, height: { _, _ in 1500 }) { map in
            let draped = try map.snapshot()
            let f = try #require(flat)
            let apart = Self.differing(f, draped)
            #expect(apart < 128 * 128 / 50, "\(apart) pixels apart")
            #expect(draped.pixel(64, 64) == f.pixel(64, 64))
        }
    }

    @Test("a hill raises the map: pixels move up the screen where the ground is high")
    func hillMovesPixels() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1.5, pitch: 50)
        var flat: MapSnapshot?
        try Self.map(terrain: nil, camera: camera, height: { _, _ in 0 }) { flat = try $0.snapshot() }
        // ground rising southwards (down the tile): the box's south edge is lifted towards the centre
        try Self.map(terrain: ["source": "dem", "exaggeration": 60], camera: camera, height: { _, y in Double(y) * 20 }) { map in
            let raised = try map.snapshot()
            let f = try #require(flat)
            #expect(Self.differing(f, raised) > 200)
            #expect(raised.warnings.isEmpty, "\(raised.warnings)")
        }
    }

    @Test("terrain naming a missing or non-raster-dem source: a warning at terrain.source and the flat map")
    func badSource() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 2, pitch: 30)
        var flat: MapSnapshot?
        try Self.map(terrain: nil, camera: camera, height: { _, _ in 500 }) { flat = try $0.snapshot() }
        for source in ["nothing", "box"] {
            try Self.map(terrain: ["source": .string(source)], camera: camera, height: { _, _ in 500 }) { map in
                let s = try map.snapshot()
                #expect(s.warnings.contains { $0.path == "terrain.source" }, "\(s.warnings)")
                #expect(try #require(flat).pngData() == s.pngData())
                #expect(map.elevation(at: LocationCoordinate2D(latitude: 0, longitude: 0)) == nil)
            }
        }
    }

    @Test("coordinate(for:) finds the ground a point shows, and point(for:) draws the ground's coordinate there")
    func coordinateRoundTrip() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 2.5, bearing: -30, pitch: 55)
        try Self.map(terrain: ["source": "dem", "exaggeration": 100], camera: camera,
                     height: { x, y in 500 + 400 * sin(Double(x) / 20) * cos(Double(y) / 30) }) { map in
            for c in [LocationCoordinate2D(latitude: 10, longitude: 20), LocationCoordinate2D(latitude: 5, longitude: 30),
                      LocationCoordinate2D(latitude: 18, longitude: 12)] {
                let p = map.point(for: c)
                let back = try #require(map.coordinate(for: p), "\(p)")
                #expect(abs(back.latitude - c.latitude) < 0.05 && abs(back.longitude - c.longitude) < 0.05, "\(c) -> \(p) -> \(back)")
            }
            // the centre is drawn at the view's centre (the camera looks at the ground there)
            let centre = map.point(for: camera.center)
            #expect(abs(centre.x - 64) < 0.01 && abs(centre.y - 64) < 0.01, "\(centre)")
        }
    }

    @Test("tile images are painted once per tile and style revision: a second frame reuses them, a change repaints")
    func tileImagesAreKept() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1.5, pitch: 50)
        try Self.map(terrain: ["source": "dem", "exaggeration": 60], camera: camera, height: { _, y in Double(y) * 20 }) { map in
            let first = try map.snapshot()
            let painted = map.drapedTiles.statistics.paints
            #expect(painted > 0)
            #expect(map.drapedTiles.statistics.hits == 0)
            let second = try map.snapshot()
            #expect(map.drapedTiles.statistics.paints == painted, "a second frame paints nothing")
            #expect(map.drapedTiles.statistics.hits == painted)
            #expect(first.pngData() == second.pngData())
            // a paint change is a new style revision: every tile painted again, and the picture changes
            try map.style.setValue("#20c040", forProperty: "fill-color", ofLayer: "box")
            let third = try map.snapshot()
            #expect(map.drapedTiles.statistics.paints == 2 * painted)
            #expect(Self.differing(second, third) > 100)
        }
    }

    @Test("circles stand on the ground: raised with the hills, and hidden behind them (each point of a MultiPoint by its own visibility)")
    func circlesStandOnTheGround() throws {
        // the camera south of the ridge, looking north over it: the circle behind it is on screen (flat: row 15)
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 15, longitude: 0), zoom: 2, pitch: 55)
        // a ridge across the map between 22° and 32° N (rows 104-112 of the tile): 4 km high, 200 times exaggerated
        let ridge: (Int, Int) -> Double = { _, y in (104...112).contains(y) ? 4000 : 0 }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-terrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HeatmapHillshadeTests.demTile(ridge).write(to: folder.appendingPathComponent("0-0-0.png"))
        func snapshot(terrain: Bool) throws -> MapSnapshot {
            // one circle behind the ridge (hidden: the ridge's face covers it), one in front of it (drawn); one MultiPoint
            let points: JSONValue = ["type": "MultiPoint", "coordinates": [[0, 36], [0, 10]]]
            var style: JSONObject = ["version": 8,
                                     "sources": ["dem": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]),
                                                         "tileSize": 256, "maxzoom": 0],
                                                 "points": ["type": "geojson", "data": ["type": "Feature", "properties": [:], "geometry": points]]],
                                     "layers": [["id": "bg", "type": "background", "paint": ["background-color": "#204060"]],
                                                ["id": "dots", "type": "circle", "source": "points",
                                                 "paint": ["circle-color": "#ff0000", "circle-radius": 4]]]]
            if terrain { style["terrain"] = ["source": "dem", "exaggeration": 200] }
            let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: camera, size: MapSize(width: 128, height: 128))
            return try map.snapshot()
        }
        // the circle behind the ridge is drawn near row 15, the one in front near row 83
        func redPixels(_ s: MapSnapshot, rows: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in 0..<s.width { let p = s.pixel(x, y); if p[0] > 200, p[1] < 60, p[2] < 60 { n += 1 } } }
            return n
        }
        let flat = try snapshot(terrain: false), raised = try snapshot(terrain: true)
        #expect(redPixels(flat, rows: 0..<40) > 10, "the far circle drawn flat: \(redPixels(flat, rows: 0..<40))")
        #expect(redPixels(flat, rows: 60..<110) > 20, "the near circle drawn flat: \(redPixels(flat, rows: 60..<110))")
        #expect(redPixels(raised, rows: 0..<40) == 0, "the circle behind the ridge is hidden: \(redPixels(raised, rows: 0..<40))")
        #expect(redPixels(raised, rows: 60..<110) > 20, "the circle in front of it is drawn: \(redPixels(raised, rows: 60..<110))")
    }

    @Test("fog over terrain: past 60° of pitch a style's sky mixes the distant ground towards fog-color")
    func fogOverTerrain() throws {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 3, pitch: 75)
        func reddish(sky: JSONValue?) throws -> Int {
            var count = 0
            try Self.map(terrain: ["source": "dem"], camera: camera, height: { _, _ in 100 }) { map in
                if let sky { try map.style.setSky(sky) }
                let s = try map.snapshot()
                for y in 0..<s.height { for x in 0..<s.width { let p = s.pixel(x, y); if Int(p[0]) > Int(p[1]) + 60, Int(p[0]) > Int(p[2]) + 60 { count += 1 } } }
            }
            return count
        }
        #expect(try reddish(sky: nil) == 0)
        let fogged = try reddish(sky: ["fog-color": "#ff0000", "fog-ground-blend": 0.1, "horizon-fog-blend": 1])
        #expect(fogged > 128 * 8, "\(fogged) fogged pixels")
    }

    @Test("the globe draws its terrain on the sphere; its snapshot names what it leaves out (the blend into Mercator)")
    func globeNamesTheTerrainItLeavesOut() throws {
        let note = "terrain on the globe"
        func leavesOut(_ map: Map) throws -> Bool { try map.snapshot().unsupportedFeatures.contains { $0.hasPrefix(note) } }
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 1.5, bearing: 10, pitch: 30)
        try Self.map(terrain: ["source": "dem", "exaggeration": 50], camera: camera, height: { x, _ in 1000 + Double(x) }) { map in
            #expect(try !leavesOut(map))  // the flat map draws its terrain
            try map.setProjection(.verticalPerspective)
            #expect(try !leavesOut(map))  // the sphere raised by the terrain
            try map.setProjection(.globe)  // globeness 1 at zoom 1.5
            #expect(try !leavesOut(map))
            map.camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 11.5)
            #expect(try leavesOut(map))  // the globe turning into Mercator: drawn at 0 m
            map.camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 12.5)
            #expect(try !leavesOut(map))  // the globe preset is Mercator from zoom 12: the flat terrain is drawn
        }
        // exaggeration 0, or ground at 0 m: the globe at 0 m is GL JS's picture
        let blend = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 11.5)
        try Self.map(terrain: ["source": "dem", "exaggeration": 0], camera: blend, height: { _, _ in 2000 }) { map in
            try map.setProjection(.globe)
            #expect(try !leavesOut(map))
        }
        try Self.map(terrain: ["source": "dem", "exaggeration": 3], camera: blend, height: { _, _ in 0 }) { map in
            try map.setProjection(.globe)
            #expect(try !leavesOut(map))
        }
    }
}
