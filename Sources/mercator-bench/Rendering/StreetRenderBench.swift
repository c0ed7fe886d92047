import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport

/// `mercator-bench render-street`: warm snapshots of one z14 Mapbox Streets tile (the render suite's
/// 14/8802/5374, 390 kB, 8,000 features) filling a 512x512 view with a street style (landuse, water,
/// buildings, roads, tunnels, bridges, barriers; no labels), and MapLibre Native on the same style
/// and tile in the same run (three alternating rounds).
struct StreetRenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-street",
        abstract: "Warm render time of a z14 street tile at 512x512 vs MapLibre Native.")

    @Option(help: "Measured runs (after a warm-up).") var runs = 9
    @OptionGroup var output: ReferenceOptions

    static let tile = (z: 14, x: 8802, y: 5374)

    /// The street style over the suite's tiles folder (file:// URLs both renderers read).
    static func style(tiles folder: URL) -> JSONValue {
        let n = Double(1 << tile.z)
        let west = Double(tile.x) / n * 360 - 180, east = Double(tile.x + 1) / n * 360 - 180
        func lat(_ y: Int) -> Double { atan(sinh(Double.pi * (1 - 2 * Double(y) / n))) * 180 / .pi }
        let source: JSONValue = ["type": "vector", "tiles": [.string("file://\(folder.path)/{z}-{x}-{y}.mvt")],
                                 "minzoom": 14, "maxzoom": 14,
                                 "bounds": [.double(west + 1e-6), .double(lat(tile.y + 1) + 1e-6), .double(east - 1e-6), .double(lat(tile.y) - 1e-6)]]
        let roadWidth: JSONValue = ["match", ["get", "class"], ["motorway", "trunk"], 6, ["primary", "secondary"], 4.5,
                                    ["tertiary", "street", "main"], 3, ["service", "street_limited"], 1.5, 1]
        func line(_ id: String, _ layer: String, _ color: String, _ width: JSONValue, dash: Bool = false) -> JSONValue {
            var paint: JSONObject = ["line-color": .string(color), "line-width": width]
            if dash { paint["line-dasharray"] = [2, 1] }
            return ["id": .string(id), "type": "line", "source": "streets", "source-layer": .string(layer),
                    "layout": ["line-join": "round", "line-cap": "round"], "paint": .object(paint)]
        }
        return ["version": 8, "sources": ["streets": source], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#f2efe9"]],
            ["id": "landuse", "type": "fill", "source": "streets", "source-layer": "landuse",
             "paint": ["fill-color": ["match", ["get", "class"], ["park", "grass", "pitch", "wood"], "#cde6b8",
                                      ["industrial"], "#e0dcd8", ["school", "hospital"], "#f0e3d8", "#e8e4dc"]]],
            ["id": "water", "type": "fill", "source": "streets", "source-layer": "water", "paint": ["fill-color": "#a0c8f0"]],
            line("waterway", "waterway", "#a0c8f0", 2),
            ["id": "building", "type": "fill", "source": "streets", "source-layer": "building",
             "paint": ["fill-color": "#d9d0c9", "fill-outline-color": "#bfb3a8"]],
            line("barrier", "barrier_line", "#b0a89f", 1),
            line("tunnel", "tunnel", "#d8d3cc", roadWidth, dash: true),
            line("road-casing", "road", "#c9c1b6", ["+", roadWidth, 1.5]),
            line("road", "road", "#ffffff", roadWidth),
            line("bridge-casing", "bridge", "#b5aca0", ["+", roadWidth, 2]),
            line("bridge", "bridge", "#ffffff", roadWidth),
        ]]
    }

    func run() throws {
        guard let folder = SharedFixtures.url("conformance/render-tests/tiles"),
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("14-8802-5374.mvt").path) else {
            throw ValidationError("../shared/conformance/render-tests/tiles/14-8802-5374.mvt not found")
        }
        let style = Self.style(tiles: folder)
        let n = Double(1 << Self.tile.z)
        let longitude = (Double(Self.tile.x) + 0.5) / n * 360 - 180
        let latitude = atan(sinh(Double.pi * (1 - 2 * (Double(Self.tile.y) + 0.5) / n))) * 180 / .pi
        let map = Map(style: try Style(document: StyleDocument(json: style)),
                      camera: MapCamera(center: LocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: 14),
                      size: MapSize(width: 512, height: 512))
        let first = try map.snapshot()
        _ = first.pngData()
        // Three rounds, Mercator then MapLibre Native in each, so that a change in the machine's load
        // falls on both sides; each side's figure is the median of all its runs.
        let reference = output.reference()
        let perRound = max(1, (runs + 2) / 3)
        var times: [Double] = [], referenceTimes: [Double]? = reference == nil ? nil : []
        for _ in 0..<3 {
            for _ in 0..<perRound { times.append(try Measure.seconds { _ = try map.snapshot().pngData() } * 1000) }
            if let reference {
                let t = try reference.milliseconds(style: style, width: 512, height: 512, longitude: longitude, latitude: latitude, zoom: 14, runs: perRound)
                referenceTimes = t.flatMap { t in referenceTimes.map { $0 + t } }
            }
        }
        let ms = Measure.median(times)
        let ref = referenceTimes.map(Measure.median)
        if output.json {
            Measure.printJSON([("bench", "render-street"), ("size", 512), ("mercator_ms", ms),
                               ("maplibre_ms", ref ?? .nan), ("speedup_vs_maplibre", ref.map { $0 / ms } ?? .nan)])
        } else {
            let refText = ref.map { String(format: "   MapLibre Native %7.1f ms   Mercator is %.2fx as fast", $0, $0 / ms) } ?? ""
            print(String(format: "street z14 tile 512x512  Mercator %7.1f ms", ms) + refText)
        }
    }
}
