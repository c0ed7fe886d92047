import Foundation
import Mercator
import Rendering
import Testing

/// `hillshade-method` (standard, basic, combined, igor, multidirectional) and the illumination arrays.
@Suite("Hillshade methods")
struct HillshadeMethodTests {
    /// A ridge along the middle of the tile: the west face rises towards x = 128, the east face falls
    /// (10 km a texel: steep enough at zoom 0 for a light 30° high to leave one face under half lit).
    static let ridge = HeatmapHillshadeTests.demTile { x, _ in Double(128 - abs(x - 128)) * 10_000 }

    static func snapshot(_ paint: JSONObject) throws -> MapSnapshot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ridge.write(to: folder.appendingPathComponent("0-0-0.png"))
        let style: JSONValue = ["version": 8,
                                "sources": ["dem": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]),
                                                    "tileSize": 256, "maxzoom": 0]],
                                "layers": [["id": "shade", "type": "hillshade", "source": "dem", "paint": .object(paint)]]]
        let s = try Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0), size: MapSize(width: 128, height: 128))
            .snapshot()
        #expect(s.sourceErrors.isEmpty && s.unsupportedFeatures.isEmpty, "\(s.sourceErrors) \(s.unsupportedFeatures)")
        return s
    }

    static func westEast(_ s: MapSnapshot) -> (west: [UInt8], east: [UInt8]) {
        (s.pixel(40, 64), s.pixel(88, 64))
    }

    @Test("basic: with the light in the west, the west face takes the highlight colour and the east face the shadow colour")
    func basic() throws {
        let s = try Self.snapshot(["hillshade-method": "basic", "hillshade-illumination-direction": 270, "hillshade-illumination-altitude": 30,
                                   "hillshade-illumination-anchor": "map", "hillshade-exaggeration": 1,
                                   "hillshade-highlight-color": "#ff0000", "hillshade-shadow-color": "#0000ff"])
        let (west, east) = Self.westEast(s)
        #expect(west[0] > 0 && west[2] == 0, "west \(west)")
        #expect(east[2] > 0 && east[0] == 0, "east \(east)")
        // the light from the east swaps them
        let swapped = Self.westEast(try Self.snapshot(["hillshade-method": "basic", "hillshade-illumination-direction": 90, "hillshade-illumination-altitude": 30,
                                                        "hillshade-illumination-anchor": "map", "hillshade-exaggeration": 1,
                                                        "hillshade-highlight-color": "#ff0000", "hillshade-shadow-color": "#0000ff"]))
        #expect(swapped.west[2] > 0 && swapped.west[0] == 0 && swapped.east[0] > 0, "\(swapped)")
    }

    @Test("the methods shade differently from each other and from standard")
    func methodsDiffer() throws {
        var seen: [[UInt8]] = []
        for method in ["standard", "basic", "combined", "igor", "multidirectional"] {
            let (west, east) = Self.westEast(try Self.snapshot(["hillshade-method": .string(method), "hillshade-exaggeration": 1,
                                                                 "hillshade-illumination-anchor": "map", "hillshade-illumination-direction": 270]))
            #expect(west[3] > 0 || east[3] > 0, "\(method) shades the ridge")
            seen.append(west + east)
        }
        // multidirectional with one light is basic
        #expect(seen[1] == seen[4])
        #expect(Set(seen[0...3]).count == 4, "\(seen)")
    }

    @Test("multidirectional averages its lights; the arrays are padded with their last value")
    func multidirectional() throws {
        let one = Self.westEast(try Self.snapshot(["hillshade-method": "multidirectional", "hillshade-exaggeration": 1,
                                                    "hillshade-illumination-anchor": "map", "hillshade-illumination-direction": [270],
                                                    "hillshade-highlight-color": ["#ff0000"], "hillshade-shadow-color": ["#0000ff"]]))
        // a second light from the east, with a green highlight: the east face now has some green
        let two = Self.westEast(try Self.snapshot(["hillshade-method": "multidirectional", "hillshade-exaggeration": 1,
                                                    "hillshade-illumination-anchor": "map", "hillshade-illumination-direction": [270, 90],
                                                    "hillshade-highlight-color": ["#ff0000", "#00ff00"], "hillshade-shadow-color": ["#0000ff"]]))
        #expect(one.east[1] == 0 && two.east[1] > 0, "\(one) \(two)")
        #expect(two.west[0] > 0 && two.west[0] < one.west[0], "the west highlight is averaged with the second light's shadow: \(one) \(two)")
        // other methods use the first light only
        let igorOne = Self.westEast(try Self.snapshot(["hillshade-method": "igor", "hillshade-illumination-anchor": "map",
                                                        "hillshade-illumination-direction": [270]]))
        let igorTwo = Self.westEast(try Self.snapshot(["hillshade-method": "igor", "hillshade-illumination-anchor": "map",
                                                        "hillshade-illumination-direction": [270, 90]]))
        #expect(igorOne.west == igorTwo.west && igorOne.east == igorTwo.east)
    }
}
