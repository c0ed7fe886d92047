import Foundation
import Mercator
import Rendering
import Testing

/// `color-relief` layers through a map: ramps over a DEM written for the test.
@Suite("Colour relief on a map")
struct ColorReliefMapTests {
    /// One z0 tile rising 10 m a column, west to east: 0 m to 2550 m.
    static func snapshot(_ color: JSONValue, resampling: String = "linear") throws -> MapSnapshot {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-relief-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try HeatmapHillshadeTests.demTile { x, _ in Double(x) * 10 }.write(to: folder.appendingPathComponent("0-0-0.png"))
        let style: JSONValue = ["version": 8,
                                "sources": ["dem": ["type": "raster-dem", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.png")]),
                                                    "tileSize": 256, "maxzoom": 0]],
                                "layers": [["id": "relief", "type": "color-relief", "source": "dem",
                                            "paint": ["color-relief-color": color, "resampling": .string(resampling)]]]]
        return try Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0), size: MapSize(width: 128, height: 128))
            .snapshot()
    }

    @Test("a step ramp over elevation draws its bands: each colour up to the next stop")
    func stepBands() throws {
        // the view's 128 pixels span columns 96...160 of the tile: 960 m to 1600 m
        let s = try Self.snapshot(["step", ["elevation"], "#0000ff", 1200, "#ff0000", 1400, "#00ff00"])
        #expect(s.unsupportedFeatures.isEmpty && s.sourceErrors.isEmpty, "\(s.unsupportedFeatures) \(s.sourceErrors)")
        #expect(s.pixel(10, 64) == [0, 0, 255, 255])
        #expect(s.pixel(64, 64) == [255, 0, 0, 255])
        #expect(s.pixel(120, 64) == [0, 255, 0, 255])
    }

    @Test("an interpolate ramp draws a gradient; a colour that is not a ramp draws nothing and says so")
    func interpolateAndNotARamp() throws {
        let ramp = try Self.snapshot(["interpolate", ["linear"], ["elevation"], 960, "#000000", 1600, "#ffffff"])
        let (left, middle, right) = (ramp.pixel(2, 64), ramp.pixel(64, 64), ramp.pixel(125, 64))
        #expect(left[0] < middle[0] && middle[0] < right[0] && middle[3] == 255, "\(left) \(middle) \(right)")
        let constant = try Self.snapshot("#ff0000")
        #expect(constant.pixel(64, 64)[3] == 0)
        #expect(constant.unsupportedFeatures.count == 1)
        let wrapped = try Self.snapshot(["let", "x", 1, ["interpolate", ["linear"], ["elevation"], 0, "#000000", 2000, "#ffffff"]])
        #expect(wrapped.pixel(64, 64)[3] == 0 && wrapped.unsupportedFeatures.count == 1, "GL JS reads only a root interpolate")
    }
}
