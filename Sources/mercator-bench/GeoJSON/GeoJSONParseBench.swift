import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport

/// `geojson-parse FILE…`: Mercator's GeoJSON parser against JSONSerialization and JSONDecoder.
struct GeoJSONParseBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geojson-parse",
        abstract: "Parse throughput (MB/s, medians) of Mercator vs JSONSerialization vs JSONDecoder, and peak memory.")

    @Argument(help: "GeoJSON files (default: the countries and US counties files of shared/data).")
    var files: [String] = []
    @Option(help: "Measured runs per parser (after one warm-up).") var runs = 7
    @Flag(help: "Print one JSON object per file.") var json = false
    @Option(help: .hidden) var probeMemory: String?
    @Option(help: "Only parse with Mercator, this many times per file (for profilers).") var profile: Int?

    func run() throws {
        if let probe = probeMemory {
            print(try Self.peakMemory(parsing: probe))
            return
        }
        if let n = profile {
            for path in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                for _ in 0..<n { _ = try GeoJSONObject.decode(data, options: .lenient) }
            }
            return
        }
        var paths = files
        if paths.isEmpty {
            guard let root = SharedFixtures.root() else { throw ValidationError("shared/ not found: name the files") }
            paths = ["ne_50m_admin_0_countries.geojson", "us_counties_500k.geojson"].map {
                root.appendingPathComponent("data").appendingPathComponent($0).path
            }
        }
        for path in paths { try bench(path) }
    }

    /// Peak resident memory of reading and parsing `path`, above the process's memory before:
    /// the file's bytes plus everything the parse allocates (run in a fresh process, so that memory
    /// freed by earlier work cannot hide the parser's own).
    static func peakMemory(parsing path: String) throws -> Int {
        let baseline = Measure.residentMemory() ?? 0
        Measure.resetPeakMemory()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try GeoJSONObject.decode(data, options: .lenient)
        let peak = (Measure.peakMemory() ?? 0) - baseline
        withExtendedLifetime(result) {}
        return peak
    }

    private static func peakMemoryInChildProcess(_ path: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["geojson-parse", "--probe-memory", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private func bench(_ path: String) throws {
        let peak = try Self.peakMemoryInChildProcess(path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let mb = Double(data.count) / 1e6

        // Throughput: one warm-up each, then interleaved rounds.
        _ = try JSONSerialization.jsonObject(with: data)
        _ = try JSONDecoder().decode(CodableFeatureCollection.self, from: data)
        var m: [Double] = [], js: [Double] = [], jd: [Double] = []
        for _ in 0..<runs {
            m.append(try Measure.seconds { _ = try GeoJSONObject.decode(data, options: .lenient) })
            js.append(try Measure.seconds { _ = try JSONSerialization.jsonObject(with: data) })
            jd.append(try Measure.seconds { _ = try JSONDecoder().decode(CodableFeatureCollection.self, from: data) })
        }
        let mercator = mb / Measure.median(m)
        let serialization = mb / Measure.median(js)
        let decoder = mb / Measure.median(jd)
        let name = URL(fileURLWithPath: path).lastPathComponent
        if json {
            Measure.printJSON([
                ("file", name), ("bytes", data.count), ("mercator_mbps", mercator),
                ("jsonserialization_mbps", serialization), ("jsondecoder_mbps", decoder),
                ("ratio_vs_jsondecoder", mercator / decoder), ("ratio_vs_jsonserialization", mercator / serialization),
                ("mercator_peak_memory_bytes", peak), ("peak_memory_vs_file", Double(peak) / Double(data.count)),
            ])
        } else {
            print("\(name) (\(String(format: "%.1f", mb)) MB, median of \(runs) runs)")
            print(String(format: "  mercator           %8.1f MB/s", mercator))
            print(String(format: "  JSONSerialization  %8.1f MB/s   mercator is %.1fx", serialization, mercator / serialization))
            print(String(format: "  JSONDecoder        %8.1f MB/s   mercator is %.1fx", decoder, mercator / decoder))
            print(String(format: "  mercator peak memory %.1f MB (%.2fx the file)", Double(peak) / 1e6, Double(peak) / Double(data.count)))
        }
    }
}
