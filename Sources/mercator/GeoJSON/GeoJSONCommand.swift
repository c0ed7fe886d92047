import ArgumentParser
import Foundation
import Mercator

/// `mercator geojson …`: inspect, validate and reformat GeoJSON files.
struct GeoJSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geojson",
        abstract: "Inspect, validate and reformat GeoJSON.",
        subcommands: [GeoJSONInfoCommand.self, GeoJSONValidateCommand.self, GeoJSONFormatCommand.self]
    )
}

/// Prints each problem as one located line on standard error.
func report(_ error: GeoJSONError, file: String, prefix: String = "error") {
    InputOutput.printError("\(file):\(error.location.line):\(error.location.column): \(prefix): \(error.path.components.isEmpty ? "" : "\(error.path): ")\(error.message) (byte \(error.location.offset))")
}

struct GeoJSONInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Count features, geometries and vertices; print bounds and parse time.")

    @Argument(help: "A GeoJSON file, or - for standard input.") var file: String
    @OptionGroup var limits: InputLimitOptions
    @Flag(help: "Fail on common violations instead of reporting them as warnings.") var strict = false

    func run() throws {
        let data = try InputOutput.read(file, limit: limits.limit)
        let clock = ContinuousClock()
        let start = clock.now
        let result: GeoJSONDecodeResult
        do {
            result = try GeoJSONObject.decode(data, options: strict ? .strict : .lenient)
        } catch {
            report(error, file: file)
            throw ExitCode(1)
        }
        let elapsed = clock.now - start
        for w in result.warnings { report(w, file: file, prefix: "warning") }
        let s = GeoJSONSummary(result.object)
        let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
        var lines: [String] = []
        lines.append("file: \(file)")
        lines.append("bytes: \(data.count)")
        switch result.object {
        case .featureCollection: lines.append("type: FeatureCollection")
        case .feature: lines.append("type: Feature")
        case .geometry(let g, _): lines.append("type: \(g.type.rawValue)")
        }
        lines.append("features: \(s.featureCount)")
        if s.nullGeometryCount > 0 { lines.append("null geometries: \(s.nullGeometryCount)") }
        for t in GeometryType.allCases {
            if let n = s.geometryCounts[t] { lines.append("  \(t.rawValue): \(n)") }
        }
        lines.append("vertices: \(s.positionCount)")
        if let b = s.bounds {
            lines.append("bbox: [\(b.west), \(b.south), \(b.east), \(b.north)]")
        } else {
            lines.append("bbox: none")
        }
        let mbps = seconds > 0 ? Double(data.count) / seconds / 1e6 : 0
        lines.append(String(format: "parse time: %.2f ms (%.0f MB/s)", seconds * 1000, mbps))
        print(lines.joined(separator: "\n"))
    }
}

struct GeoJSONValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check RFC 7946 structure; exit 0 when valid, 1 with located messages otherwise.")

    @Argument(help: "A GeoJSON file, or - for standard input.") var file: String
    @OptionGroup var limits: InputLimitOptions
    @Flag(help: "Accept common violations (unclosed rings, extra position members, …) as warnings.")
    var lenient = false

    func run() throws {
        let data = try InputOutput.read(file, limit: limits.limit)
        do {
            let result = try GeoJSONObject.decode(data, options: lenient ? .lenient : .strict)
            for w in result.warnings { report(w, file: file, prefix: "warning") }
            print("\(file): valid GeoJSON" + (result.warnings.isEmpty ? "" : " (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))"))
        } catch {
            report(error, file: file)
            throw ExitCode(1)
        }
    }
}

struct GeoJSONFormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format", abstract: "Rewrite GeoJSON compactly or pretty, optionally rounding coordinates.")

    @Argument(help: "A GeoJSON file, or - for standard input.") var file: String
    @OptionGroup var limits: InputLimitOptions
    @Flag(help: "Indent the output.") var pretty = false
    @Option(help: "Round coordinates to this many decimal places.") var precision: Int?
    @Option(name: .shortAndLong, help: "Output file (default: standard output).") var output: String?
    @Flag(help: "Fail on common violations instead of repairing them with a warning.") var strict = false

    func validate() throws {
        if let p = precision, !(0...17).contains(p) {
            throw ValidationError("--precision must be between 0 and 17")
        }
    }

    func run() throws {
        let data = try InputOutput.read(file, limit: limits.limit)
        let result: GeoJSONDecodeResult
        do {
            result = try GeoJSONObject.decode(data, options: strict ? .strict : .lenient)
        } catch {
            report(error, file: file)
            throw ExitCode(1)
        }
        for w in result.warnings { report(w, file: file, prefix: "warning") }
        var bytes = result.object.serializedBytes(GeoJSONWriteOptions(pretty: pretty, coordinatePrecision: precision))
        bytes.append(0x0A)
        try InputOutput.write(bytes, to: output)
    }
}
