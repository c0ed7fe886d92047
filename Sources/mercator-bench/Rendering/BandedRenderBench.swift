import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport
import Rendering

/// `mercator-bench render-banded`: large PNG outputs (4096² and 8192²) of a `Map` rendered on one whole float
/// canvas (`snapshot().pngData()`, what `mercator render` did before) and band by band (`pngSnapshot()`,
/// what it does now), side by side: median time and peak memory added during the render.
struct BandedRenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-banded",
        abstract: "Large outputs on a whole canvas and in bands: median time and peak memory.")

    @Option(help: "Measured runs per case.") var runs = 3
    @Option(help: "Output sides in device pixels, comma separated.") var sizes = "4096,8192"
    @Flag(help: "One JSON object per line.") var json = false

    func run() throws {
        var cases: [(String, JSONValue, MapCamera)] = []
        let triangle: JSONValue = ["type": "Polygon", "coordinates": [[[-60, -40], [70, -30], [40, 50], [-60, -40]]]]
        let simple: JSONValue = ["version": 8, "sources": ["s": ["type": "geojson", "data": triangle]], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#ddeeff"]],
            ["id": "f", "type": "fill", "source": "s", "paint": ["fill-color": "#cc8844", "fill-opacity": 0.7]],
        ]]
        cases.append(("background+fill", simple, MapCamera(zoom: 2)))
        if let url = SharedFixtures.url("data/us_counties_500k.geojson") {
            let data = try JSONValue(parsing: Data(contentsOf: url))
            let counties: JSONValue = ["version": 8, "sources": ["counties": ["type": "geojson", "data": data]], "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
                ["id": "fill", "type": "fill", "source": "counties", "paint": ["fill-color": "#9ecae1", "fill-outline-color": "#08519c"]],
                ["id": "line", "type": "line", "source": "counties", "paint": ["line-color": "#333333", "line-width": 0.5]],
            ]]
            cases.append(("us-counties", counties, MapCamera(center: LocationCoordinate2D(latitude: 38, longitude: -96), zoom: 5)))
        }
        for side in sizes.split(separator: ",").compactMap({ Int($0) }) {
            for (name, style, camera) in cases {
                // Through `Map`, as `mercator render` draws: sources indexed, the scene built in both cases.
                let map = Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: side, height: side))
                _ = try map.pngSnapshot()  // warm: sources loaded and indexed
                func measure(_ body: () throws -> [UInt8]) rethrows -> (ms: Double, peakMB: Double, png: [UInt8]) {
                    var times: [Double] = [], peak = 0.0, png: [UInt8] = []
                    for _ in 0..<runs {
                        let before = Measure.residentMemory() ?? 0
                        Measure.resetPeakMemory()
                        times.append(try Measure.seconds { png = try body() } * 1000)
                        peak = max(peak, Double((Measure.peakMemory() ?? 0) - before) / 1e6)
                    }
                    return (Measure.median(times), peak, png)
                }
                let whole = try measure { [UInt8](try map.snapshot().pngData()) }
                let banded = try measure { [UInt8](try map.pngSnapshot().data) }
                let same = try PNGDecoder.decode(whole.png) == PNGDecoder.decode(banded.png)
                if json {
                    Measure.printJSON([("bench", "render-banded"), ("style", name), ("side", side), ("whole_ms", whole.ms),
                                       ("banded_ms", banded.ms), ("time_ratio", banded.ms / whole.ms), ("whole_peak_mb", whole.peakMB),
                                       ("banded_peak_mb", banded.peakMB), ("same_pixels", same ? "yes" : "no")])
                } else {
                    print(String(format: "%-16@ %5dx%-5d whole %8.1f ms %7.0f MB   banded %8.1f ms %6.0f MB   time %.2fx   same pixels: %@",
                                 name, side, side, whole.ms, whole.peakMB, banded.ms, banded.peakMB, banded.ms / whole.ms, same ? "yes" : "NO"))
                }
            }
        }
    }
}
