import Foundation
import Mercator
import Rendering
import Testing

/// A hillshade's light anchored to the viewport turns with the map: MapLibre Native and GL JS add the camera's
/// clockwise bearing to `hillshade-illumination-direction`, on a flat map, on the globe and draped over terrain (GL JS
/// lights its north-up render-to-texture tiles by the map's bearing).
@Suite("Hillshade light and bearing")
struct HillshadeBearingTests {
    static func snapshot(projection: String, bearing: Double, anchor: String, terrain: Bool = false) throws -> MapSnapshot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HillshadeMethodTests.ridge.write(to: folder.appendingPathComponent("0-0-0.png"))
        // the ground under a draped hillshade: level, so that the ridge's shading shows as on a flat map
        try HeatmapHillshadeTests.demTile { _, _ in 0 }.write(to: folder.appendingPathComponent("ground-0-0-0.png"))
        var style: JSONValue = ["version": 8, "projection": ["type": .string(projection)],
                                "sources": ["dem": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]),
                                                    "tileSize": 256, "maxzoom": 0],
                                            "ground": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/ground-{z}-{x}-{y}.png")]),
                                                       "tileSize": 256, "maxzoom": 0]],
                                "layers": [["id": "shade", "type": "hillshade", "source": "dem",
                                            "paint": ["hillshade-method": "basic", "hillshade-illumination-direction": 0,
                                                      "hillshade-illumination-altitude": 30, "hillshade-exaggeration": 1,
                                                      "hillshade-illumination-anchor": .string(anchor),
                                                      "hillshade-highlight-color": "#ff0000", "hillshade-shadow-color": "#0000ff"]]]]
        if terrain, case .object(var members) = style {
            members["terrain"] = ["source": "ground"]
            style = .object(members)
        }
        let s = try Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0, bearing: bearing),
                        size: MapSize(width: 128, height: 128)).snapshot()
        #expect(s.sourceErrors.isEmpty && s.unsupportedFeatures.isEmpty, "\(s.sourceErrors) \(s.unsupportedFeatures)")
        return s
    }

    @Test("a light from the viewport's top lights the map's east face when the map is turned 90° (east up)",
          arguments: ["mercator", "vertical-perspective"])
    func viewportLightTurnsWithTheMap(projection: String) throws {
        // the ridge runs north-south through the middle: turned 90°, its east face is above the centre, the west below
        let s = try Self.snapshot(projection: projection, bearing: 90, anchor: "viewport")
        let east = s.pixel(64, 44), west = s.pixel(64, 84)
        #expect(east[0] > 0 && east[2] == 0, "east \(east)")
        #expect(west[2] > 0 && west[0] == 0, "west \(west)")
        // anchored to the map, the light from the north grazes both faces alike: neither takes the highlight
        let anchored = try Self.snapshot(projection: projection, bearing: 90, anchor: "map")
        #expect(anchored.pixel(64, 44)[0] == 0 && anchored.pixel(64, 84)[0] == 0,
                "\(anchored.pixel(64, 44)) \(anchored.pixel(64, 84))")
    }

    @Test("draped over terrain, the north-up tile images are lit by the view's bearing")
    func drapedLightTurnsWithTheView() throws {
        let s = try Self.snapshot(projection: "mercator", bearing: 90, anchor: "viewport", terrain: true)
        let east = s.pixel(64, 44), west = s.pixel(64, 84)
        #expect(east[0] > 0 && east[2] == 0, "east \(east)")
        #expect(west[2] > 0 && west[0] == 0, "west \(west)")
        // turned the other way, the light comes from the west
        let back = try Self.snapshot(projection: "mercator", bearing: -90, anchor: "viewport", terrain: true)
        #expect(back.pixel(64, 44)[0] > 0 && back.pixel(64, 84)[2] > 0, "\(back.pixel(64, 44)) \(back.pixel(64, 84))")
    }
}
