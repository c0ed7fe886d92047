import Foundation
import Mercator
import Testing
import Rendering

/// Heatmap and hillshade layers, on data written for the test.
@Suite("Heatmap and hillshade layers")
struct HeatmapHillshadeTests {

    @Test("a heatmap is densest at its points and fades with distance; weight and intensity raise it")
    func heatmap() throws {
        func map(weight: Double, intensity: Double) throws -> Map {
            let style: JSONValue = ["version": 8,
                                    "sources": ["p": ["type": "geojson", "data": ["type": "MultiPoint", "coordinates": [[0, 0], [0.5, 0]]]]],
                                    "layers": [["id": "heat", "type": "heatmap", "source": "p",
                                                "paint": ["heatmap-weight": .double(weight), "heatmap-intensity": .double(intensity),
                                                          "heatmap-radius": 20]]]]
            return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 4), size: MapSize(width: 128, height: 128))
        }
        let s = try map(weight: 1, intensity: 1).snapshot()
        #expect(s.unsupportedFeatures.isEmpty)
        let centre = s.pixel(64, 64), near = s.pixel(64, 80), far = s.pixel(5, 5)
        #expect(centre[3] > near[3] && near[3] > far[3], "\(centre) \(near) \(far)")
        #expect(far == [0, 0, 0, 0])
        let hotter = try map(weight: 3, intensity: 2).snapshot()
        #expect(hotter.pixel(64, 80)[3] > near[3])
    }

    /// A 256x256 Mapbox Terrain-RGB tile whose elevation is `height(x, y)` metres.
    static func demTile(_ height: (Int, Int) -> Double) -> Data {
        var pixels: [UInt8] = []
        for y in 0..<256 {
            for x in 0..<256 {
                let v = Int(((height(x, y) + 10000) * 10).rounded())
                pixels += [UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255), 255]
            }
        }
        return Data(PNGEncoder.encode(RGBAImage(width: 256, height: 256, pixels: pixels)))
    }

    static func hillshade(_ tile: Data) throws -> MapSnapshot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try tile.write(to: folder.appendingPathComponent("0-0-0.png"))
        let style: JSONValue = ["version": 8,
                                "sources": ["dem": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]),
                                                    "tileSize": 256, "maxzoom": 0]],
                                "layers": [["id": "shade", "type": "hillshade", "source": "dem"]]]
        return try Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0), size: MapSize(width: 128, height: 128))
            .snapshot()
    }

    @Test("flat terrain casts (next to) no shade; a slope is shaded, facing away from the light darker")
    func hillshadeSlope() throws {
        let flat = try Self.hillshade(Self.demTile { _, _ in 100 })
        #expect(flat.sourceErrors.isEmpty && flat.unsupportedFeatures.isEmpty, "\(flat.sourceErrors) \(flat.unsupportedFeatures)")
        #expect(flat.pixel(64, 64)[3] <= 3, "only the 8-bit rounding of a zero slope shows")
        // a ridge along the middle: rising towards x = 128, falling after
        let ridge = try Self.hillshade(Self.demTile { x, _ in Double(128 - abs(x - 128)) * 2000 })
        let west = ridge.pixel(40, 64), east = ridge.pixel(88, 64)
        #expect(west[3] > 0 && east[3] > 0)
        #expect(west != east, "the two faces are lit differently: \(west) \(east)")
    }
}

/// `fill-pattern` and `background-pattern` from run-time images.
@Suite("Patterns")
struct PatternTests {
    static func map(_ layers: [JSONValue]) throws -> Map {
        let style: JSONValue = ["version": 8,
                                "sources": ["p": ["type": "geojson", "data": ["type": "Polygon",
                                                                             "coordinates": [[[-10, -10], [10, -10], [10, 10], [-10, 10], [-10, -10]]]]]],
                                "layers": .array(layers)]
        let map = Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 64, height: 64))
        // 2x2 pixels: red, green / blue, white
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        try map.style.setImage(StyleImageData(width: 2, height: 2, pixels: pixels), forName: "checks")
        return map
    }

    @Test("a background pattern repeats the image across the map; a missing one draws nothing")
    func background() throws {
        let s = try Self.map([["id": "bg", "type": "background", "paint": ["background-pattern": "checks"]]]).snapshot()
        #expect(s.unsupportedFeatures.isEmpty)
        let colours = Set(stride(from: 0, to: s.image.pixels.count, by: 4).map { Array(s.image.pixels[$0..<($0 + 4)]) })
        #expect(colours.count >= 4, "the four colours (and blends) repeat: \(colours.count)")
        let missing = try Self.map([["id": "bg", "type": "background", "paint": ["background-pattern": "none", "background-color": "red"]]])
            .snapshot()
        #expect(missing.image.pixels.allSatisfy { $0 == 0 })
    }

    @Test("a fill pattern fills the polygon only")
    func fill() throws {
        let s = try Self.map([["id": "fill", "type": "fill", "source": "p", "paint": ["fill-pattern": "checks", "fill-antialias": false]]])
            .snapshot()
        let corner = Array(s.image.pixels[0..<4]), centre = Array(s.image.pixels[(4 * (32 * 64 + 32))..<(4 * (32 * 64 + 32) + 4)])
        #expect(corner == [0, 0, 0, 0])
        #expect(centre[3] == 255)
    }

    @Test("a line pattern repeats along the line, across its width")
    func line() throws {
        let style: JSONValue = ["version": 8,
                                "sources": ["l": ["type": "geojson", "data": ["type": "LineString", "coordinates": [[-20, 0], [20, 0]]]]],
                                "layers": [["id": "line", "type": "line", "source": "l", "paint": ["line-pattern": "stripes", "line-width": 8]]]]
        let map = Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 64, height: 32))
        // 4x8 pixels: two red columns then two blue ones
        var pixels: [UInt8] = []
        for _ in 0..<8 { pixels += [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255] }
        try map.style.setImage(StyleImageData(width: 4, height: 8, pixels: pixels), forName: "stripes")
        let s = try map.snapshot()
        #expect(s.unsupportedFeatures.isEmpty)
        let row = (0..<64).map { x in Array(s.image.pixels[(4 * (16 * 64 + x))..<(4 * (16 * 64 + x) + 4)]) }
        #expect(row.contains { $0[0] > 200 && $0[2] < 60 } && row.contains { $0[2] > 200 && $0[0] < 60 }, "red and blue alternate along the line")
        #expect(Array(s.image.pixels[0..<4]) == [0, 0, 0, 0])
    }
}
