import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport
import Tiling

/// `mercator-bench mlt`: MapLibre Tile decoding against the MVT twin of the same tile (same features),
/// both taken to what a vector source hands the renderer: GeoJSON features per layer.
enum MapLibreTileBench {
    static let tiles = ["14-8802-5374", "14-8803-5375", "0-0-0", "counties-7-37-48"]

    @inline(never)
    static func mlt(_ bytes: ContiguousArray<UInt8>) throws -> Int {
        var n = 0
        for layer in try MapLibreTile(bytes: bytes).layers { n &+= layer.geoJSONFeatures(x: 0, y: 0, z: 0).count }
        return n
    }

    @inline(never)
    static func mvt(_ bytes: ContiguousArray<UInt8>) throws -> Int {
        var n = 0
        for layer in try VectorTile(bytes: bytes).layers() { n &+= try layer.geoJSONFeatures(x: 0, y: 0, z: 0).count }
        return n
    }

    static func run(json: Bool) throws {
        let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 15
        guard let root = SharedFixtures.url("conformance/render-tests/tiles") else {
            print("shared/conformance/render-tests/tiles not found")
            return
        }
        if !json {
            print("""
                MLT vs MVT decode of the same tile to GeoJSON features per layer (what a vector source draws),
                median of \(runs) runs per side, MLT and MVT alternating; ratio = MVT time / MLT time (above 1: MLT faster)
                """)
        }
        var results = [JSONValue]()
        var sink = 0
        for name in tiles {
            guard let mltData = try? Data(contentsOf: root.appendingPathComponent(name + ".mlt")),
                  let mvtData = try? Data(contentsOf: root.appendingPathComponent(name + ".mvt")) else { continue }
            let a = ContiguousArray(mltData), b = ContiguousArray(mvtData)
            let features = try mlt(a)
            let reps = max(1, 2_000_000 / max(1, b.count))
            var mltTimes = [Double](), mvtTimes = [Double]()
            for _ in 0..<runs {
                mltTimes.append(try Measure.seconds { for _ in 0..<reps { sink &+= try mlt(a) } } / Double(reps))
                mvtTimes.append(try Measure.seconds { for _ in 0..<reps { sink &+= try mvt(b) } } / Double(reps))
            }
            let tl = Measure.median(mltTimes), tv = Measure.median(mvtTimes)
            if json {
                results.append(["tile": .string(name), "features": .int(Int64(features)), "mlt_bytes": .int(Int64(a.count)),
                                "mvt_bytes": .int(Int64(b.count)), "mlt_ms": .double(tl * 1000), "mvt_ms": .double(tv * 1000),
                                "ratio": .double(tv / tl)])
            } else {
                print(String(format: "%@ (%d features; MLT %.0f kB, MVT %.0f kB): MLT %.3f ms, MVT %.3f ms, ratio %.2fx",
                             name, features, Double(a.count) / 1000, Double(b.count) / 1000, tl * 1000, tv * 1000, tv / tl) + (sink == 42 ? " " : ""))
            }
        }
        if json { print(JSONValue.array(results).serialized()) }
    }
}

/// `mercator-bench mlt [--json]`.
struct MapLibreTileBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mlt",
        abstract: "MLT decode time against the MVT twin of the same tile (both to GeoJSON features), side by side.",
        discussion: "Environment: BENCH_RUNS=N (runs per side, default 15).")
    @Flag(help: "Print one JSON array of measurements.") var json = false
    func run() throws { try MapLibreTileBench.run(json: json) }
}
