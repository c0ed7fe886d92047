import ArgumentParser
import Foundation
import Mercator

/// `mercator-bench layers`: styles of many layers, as `mercator render` takes them — the style text
/// validated, loaded and drawn once at 256x256 (issue 39: a style of 49,999 layers under 2 s). Circle
/// layers on one GeoJSON source, either empty or holding one point every layer draws; every fourth layer
/// with a colour of its own, so that not every value repeats.
struct ManyLayersBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layers",
        abstract: "Validate, load and render styles of 5,000 to 49,999 layers (goal: 49,999 under 2 s).")

    @Option(help: "Measured runs per case.") var runs = 3
    @Option(parsing: .upToNextOption, help: "Layer counts.") var counts: [Int] = [5_000, 20_000, 49_999]
    @Flag(help: "Print one JSON object per measurement.") var json = false

    /// The goal of issue 39 for 49,999 layers, in seconds.
    static let goalSeconds = 2.0

    static func style(layers n: Int, withPoint: Bool) -> Data {
        let features = withPoint ? #"{"type":"Feature","properties":{"v":1},"geometry":{"type":"Point","coordinates":[0,0]}}"# : ""
        var text = #"{"version":8,"sources":{"s":{"type":"geojson","data":{"type":"FeatureCollection","features":["# + features + "]}}},\"layers\":["
        for i in 0..<n {
            if i > 0 { text += ",\n" }
            let color = i % 4 == 0 ? "#\(String(format: "%06x", (i * 2_654_435_761) & 0xffffff))" : "red"
            text += #"{"id":"l\#(i)","type":"circle","source":"s","paint":{"circle-radius":3,"circle-color":"\#(color)"}}"#
        }
        return Data((text + "]}").utf8)
    }

    func run() throws {
        for withPoint in [false, true] {
            for n in counts {
                let data = Self.style(layers: n, withPoint: withPoint)
                var validate: [Double] = [], total: [Double] = []
                var peak = 0
                for _ in 0..<max(1, runs) {
                    Measure.resetPeakMemory()
                    var v = 0.0
                    total.append(try Measure.seconds {
                        v = Measure.seconds { _ = StyleValidator().validate(data: data) }
                        let style = try Style(document: StyleDocument(json: JSONValue(parsing: data), reading: .tolerant), reading: .tolerant)
                        let map = Map(style: style, camera: MapCamera(), size: MapSize(width: 256, height: 256))
                        _ = try map.pngSnapshot()
                    })
                    validate.append(v)
                    peak = max(peak, Measure.peakMemory() ?? 0)
                }
                let source = withPoint ? "one-point" : "empty"
                let seconds = Measure.median(total), validation = Measure.median(validate)
                if json {
                    Measure.printJSON([("bench", "layers"), ("source", source), ("layers", n), ("validate_s", validation),
                                       ("validate_load_render_s", seconds), ("peak_mb", Double(peak) / 1_048_576)])
                } else {
                    let goal = n == 49_999 ? String(format: "   goal %.1f s: %@", Self.goalSeconds, seconds < Self.goalSeconds ? "met" : "NOT met") : ""
                    print(String(format: "%6d layers, %-9@ source: validate %.2f s, validate + load + render %.2f s, peak %.0f MB",
                                 n, source, validation, seconds, Double(peak) / 1_048_576) + goal)
                }
            }
        }
    }
}
