import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport
import Rendering

/// `mercator-bench render-large`: warm snapshots of the US counties (3,221 polygons, 25 MB) filled
/// and outlined at zooms 2 to 11, drawn through the source index, drawn without it (every feature,
/// every point: what the renderer did before), and by MapLibre Native, in one run.
struct LargeSourceRenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-large",
        abstract: "Warm render time of a large GeoJSON source at several zooms: indexed, unindexed and MapLibre Native.")

    @Option(help: "Measured runs per case (after a warm-up).") var runs = 5
    @Option(help: "Zoom levels, comma separated.") var zooms = "2,5,8,11"
    @OptionGroup var output: ReferenceOptions

    func run() throws {
        guard let url = SharedFixtures.url("data/us_counties_500k.geojson") else { throw ValidationError("../shared/data/us_counties_500k.geojson not found") }
        let data = try JSONValue(parsing: Data(contentsOf: url))
        let style: JSONValue = ["version": 8, "sources": ["counties": ["type": "geojson", "data": data]], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
            ["id": "fill", "type": "fill", "source": "counties", "paint": ["fill-color": "#9ecae1", "fill-outline-color": "#08519c"]],
            ["id": "line", "type": "line", "source": "counties", "paint": ["line-color": "#333333", "line-width": 0.5]],
        ]]
        let reference = output.reference()
        let json = output.json
        let map = Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 512, height: 512))
        // The same features without the index, drawn by the same scene builder and renderer.
        let features = try GeoJSONObject(json: data).features
        let unindexed: [String: any RenderSource] = ["counties": GeoJSONRenderSource(features: features)]
        for zoom in zooms.split(separator: ",").compactMap({ Double($0) }) {
            let camera = MapCamera(center: LocationCoordinate2D(latitude: 38, longitude: -90), zoom: zoom)
            map.camera = camera
            _ = try map.snapshot().pngData()
            var indexed: [Double] = []
            for _ in 0..<runs { indexed.append(try Measure.seconds { _ = try map.snapshot().pngData() } * 1000) }
            let builder = StyleSceneBuilder(width: 512, height: 512, camera: MapCamera(
                center: LocationCoordinate2D(longitude: -90, latitude: 38), zoom: zoom))
            var session = RenderSession()
            var plain: [Double] = []
            for _ in 0..<runs {
                plain.append(try Measure.seconds {
                    _ = try session.renderPNG(builder.scene(layers: map.style.compiledLayers(), sources: unindexed))
                } * 1000)
            }
            let ms = Measure.median(indexed), plainMs = Measure.median(plain)
            let ref = try reference?.medianMilliseconds(style: style, width: 512, height: 512, longitude: -90, latitude: 38, zoom: zoom, runs: runs)
            if json {
                Measure.printJSON([("bench", "render-large"), ("zoom", zoom), ("mercator_ms", ms), ("unindexed_ms", plainMs),
                                   ("maplibre_ms", ref ?? .nan), ("speedup_vs_unindexed", plainMs / ms),
                                   ("speedup_vs_maplibre", ref.map { $0 / ms } ?? .nan)])
            } else {
                let refText = ref.map { String(format: "   MapLibre Native %7.1f ms (%.2fx as fast)", $0, $0 / ms) } ?? ""
                print(String(format: "counties z%-4.0f Mercator %7.1f ms   unindexed %7.1f ms (%.2fx as fast)", zoom, ms, plainMs, plainMs / ms) + refText)
            }
        }
    }
}
