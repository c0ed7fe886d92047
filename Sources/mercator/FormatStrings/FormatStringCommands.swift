import ArgumentParser
import Foundation
import Mercator
import MercatorConformance

/// `conformance format-strings FILE [--emit OUT]`: runs a format-string conformance file.
struct FormatStringsConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format-strings",
        abstract: "Run NSPredicate/NSExpression format-string conformance cases (cases.jsonl, doc-examples.jsonl).")

    @Argument(help: "A JSON-lines file of cases.")
    var file: String

    @Option(name: .long, help: ArgumentHelp("Write one {\"id\",\"json\",\"format\",\"error\"} line per case to this file.",
                                            valueName: "out.jsonl"))
    var emit: String?

    @Flag(name: .long, help: "List every case, not only the failures.")
    var verbose = false

    func run() throws {
        let report = try FormatStringConformance.run(fileAt: file)
        if let emit {
            try report.emitText.write(toFile: emit, atomically: true, encoding: .utf8)
        }
        if verbose {
            for r in report.results { print("case \(r.id): \(r.passed ? "pass" : "FAIL " + r.failures.joined(separator: "; "))") }
        }
        print(report.summary)
        if report.passed != report.total { throw ExitCode(1) }
    }
}

/// Shared options of `predicate` and `expression`.
struct FormatConversionOptions: ParsableArguments {
    @Argument(help: "The format string (or, with --from-json, the style JSON).")
    var input: String

    @Option(name: .customLong("arg"), help: "A %@/%K argument as JSON (repeat in order): 1, \"text\", \"rgba(255,0,0,1)\", {\"5\": 1} stops, GeoJSON, {\"$expression\": \"…\"}.")
    var arguments: [String] = []

    @Flag(name: .long, help: "Print only the style JSON.")
    var toJSON = false

    @Flag(name: .long, help: "Read the input as style JSON and print the canonical format string and its arguments.")
    var fromJSON = false

    @Option(name: .long, help: "Follow the SDK of this platform: ios or macos.")
    var platform: String = "ios"

    @Option(name: .long, help: ArgumentHelp("Evaluate against each feature of this GeoJSON file and print one result per feature.",
                                            valueName: "features.geojson"))
    var evaluate: String?

    @Option(name: .long, parsing: .unconditional, help: "The zoom level used with --evaluate.")
    var zoom: Double = 0

    /// The features of the `--evaluate` file.
    func features(_ path: String) throws -> [GeoJSONFeature] {
        let data = try InputOutput.read(path)
        return try GeoJSONObject(parsing: data, options: .lenient).features
    }

    /// A label for a feature in `--evaluate` output: its index and id.
    static func label(_ index: Int, _ feature: GeoJSONFeature) -> String {
        "[\(index)]" + (feature.identifier.map { " id=\($0.jsonValue.serialized())" } ?? "")
    }

    var jsonOptions: FormatJSONOptions {
        FormatJSONOptions(platform: platform.lowercased() == "macos" ? .macOS : .iOS)
    }

    func parsedArguments() throws -> [FormatArgument] {
        try arguments.map { text in try FormatArgument(json: try JSONValue(parsing: text)) }
    }

    /// Converts with `toJSON`/`toFormat`, printing errors with a caret under the position.
    func run(
        toJSON convert: (String, [FormatArgument], FormatJSONOptions) throws(FormatStringError) -> JSONValue,
        toFormat reverse: (JSONValue, FormatJSONOptions) throws(FormatStringError) -> FormatString
    ) throws {
        do {
            if fromJSON {
                let printed = try reverse(try JSONValue(parsing: input), jsonOptions)
                print(printed.format)
                for (i, a) in printed.arguments.enumerated() { print("  %\(i + 1): \(a.jsonValue.serialized())") }
                return
            }
            let json = try convert(input, try parsedArguments(), jsonOptions)
            if toJSON {
                print(json.serialized())
            } else {
                let canonical = try reverse(json, jsonOptions)
                print("json:   \(json.serialized())")
                print("format: \(canonical.format)")
                for (i, a) in canonical.arguments.enumerated() { print("  %\(i + 1): \(a.jsonValue.serialized())") }
            }
        } catch let error as FormatStringError {
            FileHandle.standardError.write(Data((Self.explain(error, in: fromJSON ? nil : input) + "\n").utf8))
            throw ExitCode(1)
        }
    }

    /// The error message, with the input line and a caret under the column when the error has a position.
    static func explain(_ error: FormatStringError, in input: String?) -> String {
        guard let input, let location = error.location else { return "error: \(error)" }
        let lines = input.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line - 1 < lines.count else { return "error: \(error)" }
        let line = lines[location.line - 1]
        let caret = String(repeating: " ", count: max(0, location.column - 1)) + "^"
        return "error: \(error)\n  \(line)\n  \(caret)"
    }
}

/// `predicate 'FORMAT' [--arg JSON]... [--to-json | --from-json | --evaluate FEATURES.geojson [--zoom Z]]`.
struct PredicateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predicate",
        abstract: "Convert an NSPredicate format string to a style-JSON filter (or back with --from-json), or filter features.")

    @OptionGroup var options: FormatConversionOptions

    func run() throws {
        if let path = options.evaluate {
            let filter = try FormatPredicate(format: options.input, arguments: try options.parsedArguments())
                .featureFilter(options: options.jsonOptions)
            for (i, feature) in try options.features(path).enumerated() {
                print("\(FormatConversionOptions.label(i, feature)): \(filter.evaluate(feature, zoom: options.zoom))")
            }
            return
        }
        try options.run(
            toJSON: { (format, args, opts) throws(FormatStringError) in
                try FormatStrings.predicateJSON(format, arguments: args, options: opts)
            },
            toFormat: { (json, opts) throws(FormatStringError) in try FormatStrings.predicateFormat(json, options: opts) })
    }
}

/// `expression 'FORMAT' [--arg JSON]... [--to-json | --from-json | --evaluate FEATURES.geojson [--zoom Z]]`.
struct ExpressionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expression",
        abstract: "Convert an NSExpression format string to a style-JSON expression (or back with --from-json), or evaluate it.")

    @OptionGroup var options: FormatConversionOptions

    func run() throws {
        if let path = options.evaluate {
            let expression = try FormatExpression(format: options.input, arguments: try options.parsedArguments())
                .compiled(options: options.jsonOptions)
            for (i, feature) in try options.features(path).enumerated() {
                let context = EvaluationContext(zoom: options.zoom, feature: FeatureView(feature))
                let result: String
                switch expression.evaluate(context) {
                case .success(let value): result = OutputJSON.encode(value).serialized()
                case .failure(let error): result = "error: \(error)"
                }
                print("\(FormatConversionOptions.label(i, feature)): \(result)")
            }
            return
        }
        try options.run(
            toJSON: { (format, args, opts) throws(FormatStringError) in
                try FormatStrings.expressionJSON(format, arguments: args, options: opts)
            },
            toFormat: { (json, opts) throws(FormatStringError) in try FormatStrings.expressionFormat(json, options: opts) })
    }
}
