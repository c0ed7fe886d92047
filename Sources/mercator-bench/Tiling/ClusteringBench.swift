import ArgumentParser
import Foundation
import Mercator
import Tiling


/// `mercator-bench clustering [--json]`: supercluster-style index build for GeoNames cities and for
/// 1,000,000 points (radius 40, maxZoom 16) and `getClusters` over the world at zooms 0-16, against
/// node + supercluster (issue 8's figures).
enum ClusteringBench {
    static func run(json: Bool) throws {
        var results = [JSONValue]()
        let sets: [(String, Double, () throws -> [GeoJSONFeature])] = [
            ("cities500", 1.6, { try BenchSupport.load("geonames_cities500.geojson") }),
            ("points_1m", 8.8, { try BenchSupport.millionPoints() }),
        ]
        let options = ClusterOptions(maxZoom: 16, radius: 40)
        let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
        for (label, node, load) in sets where only == nil || only == label {
            let points = try load()
            var index: ClusterIndex?
            let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 3
            let (build, cpu) = try Measure.medians(runs: runs) { index = try ClusterIndex(points: points, options: options) }
            guard let index else { continue }
            if ProcessInfo.processInfo.environment["BENCH_INDEX_ONLY"] != nil {
                print("clustering \(label): index \(BenchSupport.ms(build)) wall, \(BenchSupport.ms(cpu)) CPU")
                continue
            }
            var perZoom = [Double]()
            var counts = [Int]()
            for z in 0...16 {
                var n = 0
                perZoom.append(Measure.medians(runs: 3) {
                    n = index.clusters(west: -180, south: -85, east: 180, north: 85, zoom: Double(z)).count
                }.wall)
                counts.append(n)
            }
            let queryTotal = perZoom.reduce(0, +)
            var itemsTotal = 0.0
            for z in 0...16 {
                itemsTotal += Measure.medians(runs: 3) {
                    _ = index.items(west: -180, south: -85, east: 180, north: 85, zoom: Double(z)).count
                }.wall
            }
            if !json {
                print("clustering \(label) (\(points.count) points): index \(BenchSupport.ms(build)) wall, \(BenchSupport.ms(cpu)) CPU (node \(BenchSupport.ms(node)), ratio \(BenchSupport.ratio(build, node)) wall, \(BenchSupport.ratio(cpu, node)) CPU)"
                    + ", getClusters(world) z0-16 total \(BenchSupport.ms(queryTotal)) as features, \(BenchSupport.ms(itemsTotal)) as items"
                    + "; items per zoom \(counts)")
            }
            results.append([
                "dataset": .string(label), "points": .int(Int64(points.count)), "index_ms": .double(build * 1000), "index_cpu_ms": .double(cpu * 1000),
                "node_ms": .double(node * 1000), "ratio": .double(build / node), "get_clusters_ms": .array(perZoom.map { .double($0 * 1000) }),
                "items_total_ms": .double(itemsTotal * 1000),
            ])
        }
        if json { print(JSONValue.array(results).serialized()) }
    }
}

/// `mercator-bench clustering [--json]`.
struct ClusteringBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clustering",
        abstract: "supercluster-style index build (cities, 1,000,000 points) and getClusters at z0-16, vs node's figures.",
        discussion: "Environment: MERCATOR_POINTS=FILE (else generated with shared/tools/make_points.py), BENCH_ONLY, BENCH_RUNS, BENCH_INDEX_ONLY.")
    @Flag(help: "Print one JSON object per measurement.") var json = false
    func run() throws { try ClusteringBench.run(json: json) }
}
