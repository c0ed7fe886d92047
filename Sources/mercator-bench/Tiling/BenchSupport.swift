import Foundation
import Mercator
import MercatorTestSupport

/// Data helpers shared by the Tiling benchmarks (timing is `Measure`'s).
enum BenchSupport {
    /// The features of `shared/data/<name>`.
    static func load(_ name: String) throws -> [GeoJSONFeature] {
        guard let url = SharedFixtures.url("data/\(name)") else {
            throw BenchError("shared/data not found (set MERCATOR_SHARED)")
        }
        return try GeoJSONObject(parsing: try Data(contentsOf: url)).features
    }

    /// The 1,000,000-point set of `shared/tools/make_points.py`, generated once into the temporary folder
    /// (or read from `$MERCATOR_POINTS`).
    static func millionPoints() throws -> [GeoJSONFeature] {
        let env = ProcessInfo.processInfo.environment["MERCATOR_POINTS"]
        let path = env ?? (NSTemporaryDirectory() + "mercator-points-1000000.geojson")
        if !FileManager.default.fileExists(atPath: path) {
            guard let script = SharedFixtures.url("tools/make_points.py") else { throw BenchError("make_points.py not found") }
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw BenchError("cannot create \(path)") }
            guard let out = FileHandle(forWritingAtPath: path) else { throw BenchError("cannot write \(path)") }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", script.path, "1000000"]
            p.standardOutput = out
            try p.run()
            p.waitUntilExit()
            try out.close()
            guard p.terminationStatus == 0 else { throw BenchError("make_points.py failed") }
        }
        return try GeoJSONObject(parsing: try Data(contentsOf: URL(fileURLWithPath: path))).features
    }

    /// Milliseconds with one decimal.
    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    /// `ours / theirs` with two decimals.
    static func ratio(_ ours: Double, _ theirs: Double) -> String { String(format: "%.2f", ours / theirs) }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

