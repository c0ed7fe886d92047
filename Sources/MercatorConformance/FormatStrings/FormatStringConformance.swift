public import Mercator
import Foundation
import GeoJSON

/// Runs the format-string conformance cases (`cases.jsonl`, `doc-examples.jsonl`) and reports per case.
///
/// Each case has a `kind` (`expression` or `predicate`), a `format` with `args` (and `arg_types`), the
/// expected style `json` and a `direction`:
/// - `to_json`: the format converts to the JSON (and, with `reverse_format`, the JSON converts back to it);
/// - `from_json`: the JSON converts to the same predicate or expression as the format;
/// - `both`: both of the above;
/// - `throws`: parsing or converting fails with a ``FormatStringError``.
/// Every case that converts also checks that the canonical format string printed from the JSON parses back
/// to the same JSON and prints identically (a stable round trip).
public enum FormatStringConformance {
    /// One case of a conformance file.
    public struct Case: Sendable {
        /// The case id (as text).
        public var id: String
        /// `expression` or `predicate`.
        public var kind: String
        /// The format string.
        public var format: String
        /// The `%@`/`%K` arguments in their JSON spelling.
        public var arguments: [JSONValue]
        /// The `arg_types` hints, one per argument.
        public var argumentTypes: [String]?
        /// The expected style JSON.
        public var json: JSONValue
        /// `to_json`, `from_json`, `both` or `throws`.
        public var direction: String
        /// Whether JSON → format → JSON must reproduce the JSON.
        public var roundtrip: Bool
        /// The format the JSON converts back to, when it differs from `format`.
        public var reverseFormat: String?
        /// The arguments of `reverseFormat`.
        public var reverseArguments: [JSONValue]?
        /// The platform the case is specific to (iOS unless it says macos).
        public var platform: FormatPlatform
        /// Whether only the last element of the JSON is asserted.
        public var compareLastElementOnly: Bool

        /// Reads a case from one line of a conformance file.
        public init(json line: JSONValue) throws(FormatStringError) {
            guard case .object(let o) = line else { throw FormatStringError(.conversion, "A case must be a JSON object.") }
            func string(_ key: String) -> String? { o[key]?.string }
            switch o["id"] {
            case .int(let i)?: id = String(i)
            case .string(let s)?: id = s
            default: id = "?"
            }
            guard let kind = string("kind"), let format = string("format"), let direction = string("direction") else {
                throw FormatStringError(.conversion, "Case \(id) lacks kind, format or direction.")
            }
            self.kind = kind
            self.format = format
            self.direction = direction
            arguments = o["args"]?.array ?? []
            argumentTypes = o["arg_types"]?.array?.map { $0.string ?? "" }
            json = o["json"] ?? .null
            roundtrip = o["roundtrip"]?.bool ?? false
            reverseFormat = string("reverse_format")
            reverseArguments = o["reverse_args"]?.array
            platform = string("platform") == "macos" ? .macOS : .iOS
            compareLastElementOnly = string("json_compare") == "last_element"
        }
    }

    /// The outcome of one case.
    public struct CaseResult: Sendable {
        /// The case id (as text).
        public var id: String
        /// Whether every check of the case held.
        public var passed: Bool
        /// What did not match, one line each.
        public var failures: [String]
        /// The JSON produced from the format string.
        public var producedJSON: JSONValue?
        /// The canonical format string produced from the JSON.
        public var producedFormat: FormatString?
        /// The first error raised, if any.
        public var error: String?

        /// The emit line: `{"id", "json", "format", "error"}` (plus `"args"` when the format has placeholders).
        public var emitLine: String {
            var o = JSONObject()
            o["id"] = Int64(id).map(JSONValue.int) ?? .string(id)
            o["json"] = producedJSON ?? .null
            o["format"] = producedFormat.map { .string($0.format) } ?? .null
            o["error"] = error.map(JSONValue.string) ?? .null
            if let f = producedFormat, !f.arguments.isEmpty { o["args"] = .array(f.arguments.map(\.jsonValue)) }
            return JSONValue.object(o).serialized()
        }
    }

    /// The outcome of a whole file.
    public struct Report: Sendable {
        /// One result per case, in file order.
        public var results: [CaseResult]
        /// How many cases passed.
        public var passed: Int { results.filter(\.passed).count }
        /// How many cases ran.
        public var total: Int { results.count }
        /// The failed cases.
        public var failed: [CaseResult] { results.filter { !$0.passed } }

        /// `passed/total`, then one line per failure.
        public var summary: String {
            var lines = ["format-strings conformance: \(passed)/\(total) passed"]
            for r in failed { lines.append("  case \(r.id): " + r.failures.joined(separator: "; ")) }
            return lines.joined(separator: "\n")
        }

        /// All emit lines, newline-terminated.
        public var emitText: String { results.map { $0.emitLine + "\n" }.joined() }
    }

    /// Runs every case of a JSON-lines file.
    public static func run(fileAt path: String) throws -> Report {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return run(jsonLines: text)
    }

    /// Runs every case of JSON-lines text; a line that cannot be read is a failed case.
    public static func run(jsonLines text: String) -> Report {
        var results: [CaseResult] = []
        for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            do {
                let json = try JSONValue(parsing: String(trimmed))
                results.append(run(try Case(json: json)))
            } catch {
                results.append(CaseResult(id: "line \(number + 1)", passed: false, failures: ["\(error)"],
                                          producedJSON: nil, producedFormat: nil, error: "\(error)"))
            }
        }
        return Report(results: results)
    }

    /// Runs one case.
    public static func run(_ c: Case) -> CaseResult {
        var runner = CaseRunner(c)
        runner.run()
        return CaseResult(id: c.id, passed: runner.failures.isEmpty, failures: runner.failures,
                          producedJSON: runner.producedJSON, producedFormat: runner.producedFormat, error: runner.error)
    }
}

private struct CaseRunner {
    let c: FormatStringConformance.Case
    let options: FormatJSONOptions
    var failures: [String] = []
    var producedJSON: JSONValue?
    var producedFormat: FormatString?
    var error: String?

    init(_ c: FormatStringConformance.Case) {
        self.c = c
        options = FormatJSONOptions(platform: c.platform)
    }

    private mutating func note(_ e: FormatStringError, _ step: String) {
        if error == nil { error = e.description }
        failures.append("\(step): \(e.description)")
    }

    private func arguments(_ json: [JSONValue]) throws(FormatStringError) -> [FormatArgument] {
        var out: [FormatArgument] = []
        for (i, value) in json.enumerated() {
            out.append(try FormatArgument(json: value, type: c.argumentTypes.flatMap { i < $0.count ? $0[i] : nil }))
        }
        return out
    }

    mutating func run() {
        if c.direction == "throws" {
            do {
                let args = try arguments(c.arguments)
                let node = try FormatNode(kind: c.kind, format: c.format, arguments: args)
                producedJSON = try node.jsonValue(options)
                failures.append("expected an error, got \(producedJSON!.serialized())")
            } catch {
                self.error = error.description
            }
            return
        }
        if c.direction != "from_json" { forward() }
        if c.direction != "to_json" { backward() }
        canonicalRoundTrip()
        if c.direction == "from_json", producedJSON == nil {
            producedJSON = try? FormatNode(kind: c.kind, format: c.format, arguments: (try? arguments(c.arguments)) ?? [])
                .jsonValue(options)
        }
    }

    /// Format → JSON must give the expected JSON.
    private mutating func forward() {
        do {
            let node = try FormatNode(kind: c.kind, format: c.format, arguments: try arguments(c.arguments))
            let json = try node.jsonValue(options)
            producedJSON = json
            var matches = FormatJSONComparison.equal(json, c.json)
            if !matches, c.compareLastElementOnly, let a = json.array?.last, let b = c.json.array?.last {
                matches = FormatJSONComparison.equal(a, b)
            }
            if !matches { failures.append("to_json: got \(json.serialized()), expected \(c.json.serialized())") }
            if c.roundtrip {
                let back = try FormatNode(kind: c.kind, json: json, options: options).jsonValue(options)
                if !FormatJSONComparison.equal(back, json) {
                    failures.append("round trip: JSON → format → JSON gave \(back.serialized())")
                }
            }
            if let reverse = c.reverseFormat, c.direction == "to_json" {
                try compareReverse(reverse, c.reverseArguments ?? c.arguments)
            }
        } catch {
            note(error, "to_json")
        }
    }

    /// JSON → AST must equal the AST of the (reverse) format.
    private mutating func backward() {
        do {
            try compareReverse(c.reverseFormat ?? c.format, c.reverseArguments ?? c.arguments)
        } catch {
            note(error, "from_json")
        }
    }

    private mutating func compareReverse(_ format: String, _ args: [JSONValue]) throws(FormatStringError) {
        let expected = try FormatNode(kind: c.kind, format: format, arguments: try arguments(args)).normalized
        let actual = try FormatNode(kind: c.kind, json: c.json, options: options).normalized
        if expected != actual {
            failures.append("from_json: got \(actual.formatString.format), expected \(format)")
        }
    }

    /// The canonical format printed from the JSON parses back to the same JSON and prints the same.
    private mutating func canonicalRoundTrip() {
        guard let source = c.direction == "to_json" ? producedJSON : c.json else { return }
        do {
            let node = try FormatNode(kind: c.kind, json: source, options: options)
            let printed = node.formatString
            producedFormat = printed
            let reparsed = try FormatNode(kind: c.kind, format: printed.format, arguments: printed.arguments)
            let a = try node.jsonValue(options)
            let b = try reparsed.jsonValue(options)
            if !FormatJSONComparison.equal(a, b) {
                failures.append("canonical format ‘\(printed.format)’ converts to \(b.serialized()), not \(a.serialized())")
            }
            let again = reparsed.formatString
            if again != printed { failures.append("canonical format is not stable: ‘\(printed.format)’ → ‘\(again.format)’") }
        } catch {
            note(error, "canonical format")
        }
    }
}
