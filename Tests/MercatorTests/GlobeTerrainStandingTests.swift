import Foundation
import Geo
import JSON
@testable import Mercator
import MapStyle
import Testing

/// Circles and extrusions on the globe's terrain (docs/3d.md, "Terrain on the globe"): raised along the sphere's
/// normal to the ground under them, as GL JS draws them.
struct GlobeTerrainStandingTests {
    /// A vertical-perspective globe of 128 x 128 points at zoom 0 over (0, 0), on ground `metres` high everywhere
    /// (exaggerated `exaggeration` times), with `layers` over a dark background.
    static func globe(metres: Double, exaggeration: Double, layers: [JSONValue], sources: JSONObject) throws -> MapSnapshot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-globe-standing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HeatmapHillshadeTests.demTile { _, _ in metres }.write(to: folder.appendingPathComponent("0-0-0.png"))
        var allSources = sources
        allSources["dem"] = ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]), "tileSize": 256, "maxzoom": 0]
        let style: JSONObject = ["version": 8, "sources": .object(allSources),
                                 "terrain": ["source": "dem", "exaggeration": .double(exaggeration)],
                                 "layers": .array([["id": "bg", "type": "background", "paint": ["background-color": "#204060"]]] + layers)]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 0)
        let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: camera, size: MapSize(width: 128, height: 128))
        try map.setProjection(.verticalPerspective)
        return try map.snapshot()
    }

    /// The mean position of the pixels close to `color` (r, g, b), or nil without any.
    static func centre(of color: (Int, Int, Int), in s: MapSnapshot) -> (x: Double, y: Double, count: Int)? {
        var sx = 0.0, sy = 0.0, n = 0
        for y in 0..<s.height {
            for x in 0..<s.width {
                let p = s.pixel(x, y)
                if abs(Int(p[0]) - color.0) < 30, abs(Int(p[1]) - color.1) < 30, abs(Int(p[2]) - color.2) < 30 {
                    sx += Double(x)
                    sy += Double(y)
                    n += 1
                }
            }
        }
        return n > 0 ? (sx / Double(n), sy / Double(n), n) : nil
    }

    static let point: JSONObject = ["type": "geojson", "data": ["type": "Feature", "properties": [:],
                                                                "geometry": ["type": "Point", "coordinates": [35, 15]]]]

    @Test("a circle on high ground sits farther from the globe's centre than at 0 m, and is not reported")
    func circleRaised() throws {
        let circle: JSONValue = ["id": "c", "type": "circle", "source": "p", "paint": ["circle-color": "#e02020", "circle-radius": 4]]
        let plain = try Self.globe(metres: 5000, exaggeration: 0, layers: [circle], sources: ["p": .object(Self.point)])
        let raised = try Self.globe(metres: 5000, exaggeration: 100, layers: [circle], sources: ["p": .object(Self.point)])
        #expect(raised.unsupportedFeatures.isEmpty, "\(raised.unsupportedFeatures)")
        let a = try #require(Self.centre(of: (0xE0, 0x20, 0x20), in: plain)), b = try #require(Self.centre(of: (0xE0, 0x20, 0x20), in: raised))
        let middle = 64.0
        let dPlain = hypot(a.x - middle, a.y - middle), dRaised = hypot(b.x - middle, b.y - middle)
        // 500 km over the 6371 km radius of a globe about 80 pixels across: a few pixels outwards
        #expect(dRaised > dPlain + 2, "\(dPlain) -> \(dRaised)")
        // nearer the camera, a circle scaling with the map is a little larger
        #expect(b.count >= a.count, "\(a.count) -> \(b.count) pixels")
    }

    @Test("an extrusion stands on the raised ground: its roof farther from the centre than at 0 m, and not reported")
    func extrusionRaised() throws {
        let block: JSONObject = ["type": "geojson", "data": ["type": "Feature", "properties": [:], "geometry": [
            "type": "Polygon", "coordinates": [[[40, 10], [50, 10], [50, 20], [40, 20], [40, 10]]]]]]
        let solid: JSONValue = ["id": "x", "type": "fill-extrusion", "source": "b",
                                "paint": ["fill-extrusion-color": "#20e020", "fill-extrusion-height": 100_000]]
        let plain = try Self.globe(metres: 5000, exaggeration: 0, layers: [solid], sources: ["b": .object(block)])
        let raised = try Self.globe(metres: 5000, exaggeration: 100, layers: [solid], sources: ["b": .object(block)])
        #expect(raised.unsupportedFeatures.isEmpty, "\(raised.unsupportedFeatures)")
        // the roof faces the camera: its colour, lit from above, is the brightest green
        func roof(_ s: MapSnapshot) throws -> (x: Double, y: Double, count: Int) {
            var best: (Int, Int, Int) = (0, 0, 0)
            for y in 0..<s.height { for x in 0..<s.width {
                let p = s.pixel(x, y)
                if Int(p[1]) > best.1, Int(p[0]) < 120 { best = (Int(p[0]), Int(p[1]), Int(p[2])) }
            } }
            return try #require(Self.centre(of: best, in: s))
        }
        let a = try roof(plain), b = try roof(raised)
        let dPlain = hypot(a.x - 64, a.y - 64), dRaised = hypot(b.x - 64, b.y - 64)
        #expect(dRaised > dPlain + 2, "\(dPlain) -> \(dRaised)")
    }
}
