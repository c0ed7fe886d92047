import MercatorTestSupport
import ArgumentParser
import Foundation
import Mercator
import Tiling


/// `mercator-bench tiling [--json]`: geojson-vt-style index build time on shared/data, and random
/// `getTile` throughput at zooms 10-14, against node + geojson-vt (issue 8's figures).
enum TilingBench {
    /// (file, label, node geojson-vt index time in seconds).
    static let datasets: [(String, String, Double)] = [
        ("ne_50m_admin_0_countries.geojson", "countries", 0.061),
        ("us_counties_500k.geojson", "us_counties", 0.297),
        ("ne_10m_rivers_lake_centerlines.geojson", "rivers", 0.343),
        ("geonames_cities500.geojson", "cities500", 0.595),
    ]

    /// geojson-vt defaults, as the issue asks: maxZoom 14, indexMaxZoom 5, tolerance 3, buffer 64, extent 4096.
    static let options = GeoJSONTileOptions(maxZoom: 14, indexMaxZoom: 5, tolerance: 3, extent: 4096, buffer: 64)

    static func run(json: Bool) throws {
        var results = [JSONValue]()
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
        let (nodeFolder, nodeNote) = NodeGeoJSONVT.folder()
        if !json, nodeFolder == nil { print(nodeNote) }
        for (file, label, recordedNode) in datasets where only == nil || only == label {
            let features = try BenchSupport.load(file)
            let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? (features.count > 100_000 ? 3 : 5)
            var index: GeoJSONTileIndex?
            // node and Mercator alternate in rounds, so both see the same machine
            var walls = [Double](), cpus = [Double](), nodeTimes = [Double]()
            for _ in 0..<(nodeFolder == nil ? 1 : 3) {
                if let nodeFolder, let url = SharedFixtures.url("data/\(file)") {
                    nodeTimes += try NodeGeoJSONVT.indexTimes(folder: nodeFolder, file: url, runs: runs)
                }
                let (w, c) = try Measure.medians(runs: runs) { index = try GeoJSONTileIndex(features: features, options: options) }
                walls.append(w)
                cpus.append(c)
            }
            let build = Measure.median(walls), cpu = Measure.median(cpus)
            let node = nodeTimes.isEmpty ? recordedNode : Measure.median(nodeTimes)
            guard let index else { continue }
            if ProcessInfo.processInfo.environment["BENCH_INDEX_ONLY"] != nil {
                print("tiling \(label): index \(BenchSupport.ms(build)) wall, \(BenchSupport.ms(cpu)) CPU")
                continue
            }
            let tilesPerSecond = randomTiles(index, features: features)
            if !json {
                print("tiling \(label): index \(BenchSupport.ms(build)) wall, \(BenchSupport.ms(cpu)) CPU (node \(BenchSupport.ms(node))\(nodeTimes.isEmpty ? " recorded" : " this run"), ratio \(BenchSupport.ratio(build, node)) wall, \(BenchSupport.ratio(cpu, node)) CPU)"
                    + ", \(index.tileCount) tiles cached, random getTile z10-14: \(Int(tilesPerSecond)) tiles/s")
            }
            results.append([
                "dataset": .string(label), "features": .int(Int64(features.count)), "index_ms": .double(build * 1000), "index_cpu_ms": .double(cpu * 1000),
                "node_ms": .double(node * 1000), "node_measured": .bool(!nodeTimes.isEmpty), "ratio": .double(build / node), "tiles_per_second": .double(tilesPerSecond),
            ])
        }
        if json { print(JSONValue.array(results).serialized()) }
    }

    /// Tiles per second for 2,000 `tile(z:x:y:)` calls at random zooms 10-14 around random vertices of the data.
    static func randomTiles(_ index: GeoJSONTileIndex, features: [GeoJSONFeature], count: Int = 2000) -> Double {
        var rng = SplitMix64(seed: 42)
        var requests = [TileID]()
        let withGeometry = features.compactMap(\.geometry)
        guard !withGeometry.isEmpty else { return 0 }
        while requests.count < count {
            let g = withGeometry[Int(rng.next() % UInt64(withGeometry.count))]
            guard let p = anyPosition(g, &rng) else { continue }
            let z = 10 + Int(rng.next() % 5)
            requests.append(WebMercator.tile(containing: p, zoom: z))
        }
        var found = 0
        let seconds = Measure.seconds {
            for t in requests where index.tile(t) != nil { found += 1 }
        }
        return Double(requests.count) / seconds
    }

    static func anyPosition(_ g: Geometry, _ rng: inout SplitMix64) -> Position? {
        func pick(_ l: PositionList) -> Position? { l.isEmpty ? nil : l[Int(rng.next() % UInt64(l.count))] }
        switch g {
        case .point(let p): return p
        case .multiPoint(let l), .lineString(let l): return pick(l)
        case .multiLineString(let ls), .polygon(let ls): return ls.isEmpty ? nil : pick(ls[Int(rng.next() % UInt64(ls.count))])
        case .multiPolygon(let ps):
            guard !ps.isEmpty else { return nil }
            let rings = ps[Int(rng.next() % UInt64(ps.count))]
            return rings.isEmpty ? nil : pick(rings[0])
        case .geometryCollection(let c): return c.geometries.first.flatMap { anyPosition($0, &rng) }
        }
    }
}

/// `mercator-bench tiling [--json]`.
struct TilingBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiling",
        abstract: "geojson-vt-style index build on shared data and random getTile at z10-14, vs node's geojson-vt.",
        discussion: "Environment: BENCH_ONLY=NAME, BENCH_RUNS=N, BENCH_INDEX_ONLY=1, MERCATOR_GEOJSONVT_JS=DIR (geojson-vt's sources, timed by node in the same run).")
    @Flag(help: "Print one JSON object per measurement.") var json = false
    func run() throws { try TilingBench.run(json: json) }
}
