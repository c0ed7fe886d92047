import Foundation
import Mercator
import Testing
import Rendering

/// Raster sources whose template has `{ratio}`: at pixel ratio 2 a map asks for the `@2x` tiles
/// (512 pixels for a 256-pixel tile) and draws them at the tile's size, as MapLibre Native does.
@Suite("Raster tiles at pixel ratio 2")
struct RasterPixelRatioTests {
    /// A `size`-pixel square PNG: red on its left half, blue on its right half.
    static func halves(_ size: Int) -> Data {
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let i = 4 * (y * size + x)
                pixels[i] = x < size / 2 ? 255 : 0
                pixels[i + 1] = 0
                pixels[i + 2] = x < size / 2 ? 0 : 255
            }
        }
        return Data(PNGEncoder.encode(RGBAImage(width: size, height: size, pixels: pixels)))
    }

    /// Every tile of `names` as a green 1x file and a red/blue `@2x` file twice as wide.
    static func writeTiles(_ names: [String], tileSize: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-ratio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let green = Data(PNGEncoder.encode(RGBAImage(width: tileSize, height: tileSize,
                                                     pixels: [UInt8]((0..<(tileSize * tileSize)).flatMap { _ in [0, 255, 0, 255] }))))
        for name in names {
            try green.write(to: folder.appendingPathComponent(name + ".png"))
            try halves(2 * tileSize).write(to: folder.appendingPathComponent(name + "@2x.png"))
        }
        return folder
    }

    static func snapshot(_ folder: URL, tileSize: Int, pixelRatio: Double) throws -> MapSnapshot {
        let source: JSONObject = ["type": "raster", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}{ratio}.png")]),
                                  "tileSize": .double(Double(tileSize))]
        let style: JSONValue = ["version": 8, "sources": ["tiles": .object(source)],
                                "layers": [["id": "raster", "type": "raster", "source": "tiles", "paint": ["raster-fade-duration": 0]]]]
        let map = Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0),
                      size: MapSize(width: 512, height: 512, pixelRatio: pixelRatio))
        // zoom 0 in 512 points: the whole world, one 512-point z0 tile or four 256-point z1 tiles
        let s = try map.snapshot()
        #expect(s.sourceErrors.isEmpty && s.unsupportedFeatures.isEmpty, "\(s.sourceErrors) \(s.unsupportedFeatures)")
        return s
    }


    @Test("tileSize 256: the four z1 @2x tiles (512 pixels) each drawn over its 256 points, 512 device pixels")
    func tileSize256() throws {
        let folder = try Self.writeTiles(["1-0-0", "1-1-0", "1-0-1", "1-1-1"], tileSize: 256)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Self.snapshot(folder, tileSize: 256, pixelRatio: 2)
        #expect(s.image.width == 1024 && s.image.height == 1024)
        // each tile 512 device pixels, its red half then its blue half: red, blue, red, blue across the image
        for y in [10, 600] {
            #expect(s.pixel(10, y) == [255, 0, 0, 255])
            #expect(s.pixel(250, y) == [255, 0, 0, 255])
            #expect(s.pixel(262, y) == [0, 0, 255, 255])
            #expect(s.pixel(500, y) == [0, 0, 255, 255])
            #expect(s.pixel(520, y) == [255, 0, 0, 255])
            #expect(s.pixel(1000, y) == [0, 0, 255, 255])
        }
        // at ratio 1 the 1x (green) tiles are read
        let one = try Self.snapshot(folder, tileSize: 256, pixelRatio: 1)
        #expect(one.pixel(10, 10) == [0, 255, 0, 255])
    }

    @Test("tileSize 512: the z0 @2x tile (1024 pixels) drawn over its 512 points, 1024 device pixels")
    func tileSize512() throws {
        let folder = try Self.writeTiles(["0-0-0"], tileSize: 512)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try Self.snapshot(folder, tileSize: 512, pixelRatio: 2)
        // one tile over the whole 1024-pixel image: red on the left half, blue on the right
        #expect(s.pixel(10, 10) == [255, 0, 0, 255])
        #expect(s.pixel(500, 600) == [255, 0, 0, 255])
        #expect(s.pixel(524, 600) == [0, 0, 255, 255])
        #expect(s.pixel(1000, 10) == [0, 0, 255, 255])
        let one = try Self.snapshot(folder, tileSize: 512, pixelRatio: 1)
        #expect(one.pixel(10, 10) == [0, 255, 0, 255])
    }
}
