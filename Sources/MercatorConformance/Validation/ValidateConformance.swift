public import Mercator
public import Foundation
import GeoJSON

/// Runs the style-spec validator conformance suite (`validate-tests.jsonl`: one
/// `{"name", "input_text", "output": [{message, severity, line}]}` per line) and compares.
public struct ValidateConformance: Sendable {
    /// The outcome of one case.
    public struct CaseResult: Sendable, Hashable {
        /// The case name.
        public let name: String
        /// The messages expected.
        public let expected: [ValidationMessage]
        /// The messages produced.
        public let actual: [ValidationMessage]
        /// How many expected messages were produced exactly (text, severity and line).
        public let matched: Int
        /// Expression-valued members no expression parser checked.
        public let uncheckedExpressions: [String]

        /// Whether the produced list equals the expected list, order included.
        public var passed: Bool { expected == actual }
        /// Whether every missing message concerns an expression no parser checked (and nothing
        /// unexpected was produced): the case fails only for lack of an expression parser.
        public var failsOnlyForLackOfExpressions: Bool {
            !passed && unexpected.isEmpty && missing.allSatisfy { m in
                uncheckedExpressions.contains { m.message.hasPrefix($0 + ":") || m.message.hasPrefix($0 + "[") || m.message.hasPrefix($0 + ".") }
            }
        }

        /// Expected messages that were not produced.
        public var missing: [ValidationMessage] { Self.difference(expected, actual) }
        /// Produced messages that were not expected.
        public var unexpected: [ValidationMessage] { Self.difference(actual, expected) }

        static func difference(_ a: [ValidationMessage], _ b: [ValidationMessage]) -> [ValidationMessage] {
            var pool = b
            var out: [ValidationMessage] = []
            for m in a {
                if let i = pool.firstIndex(where: { Self.same($0, m) }) { pool.remove(at: i) } else { out.append(m) }
            }
            return out
        }

        static func same(_ a: ValidationMessage, _ b: ValidationMessage) -> Bool {
            a.message == b.message && a.severity == b.severity && a.line == b.line
        }
    }

    /// The whole run.
    public struct Report: Sendable {
        /// Every case, in file order.
        public let cases: [CaseResult]
        /// Expected messages over all cases.
        public var expectedMessages: Int { cases.reduce(0) { $0 + $1.expected.count } }
        /// Expected messages produced exactly.
        public var matchedMessages: Int { cases.reduce(0) { $0 + $1.matched } }
        /// Produced messages that were not expected.
        public var unexpectedMessages: Int { cases.reduce(0) { $0 + $1.unexpected.count } }
        /// Cases whose output equals the expected output.
        public var passedCases: Int { cases.filter(\.passed).count }

        /// One line per case: `{"name", "output": [messages]}`.
        public func emittedLines() -> [String] {
            cases.map { c in
                let output = JSONValue.array(c.actual.map(ValidationMessage.json))
                let line: JSONValue = .object(JSONObject([("name", .string(c.name)), ("output", output)]))
                return line.serialized()
            }
        }

        /// A human summary with each failing case's differences.
        public func summary(verbose: Bool = false) -> String {
            var lines = ["validate: \(matchedMessages)/\(expectedMessages) expected messages matched, "
                + "\(unexpectedMessages) unexpected, \(passedCases)/\(cases.count) cases exact"]
            let expressionOnly = cases.filter(\.failsOnlyForLackOfExpressions)
            if !expressionOnly.isEmpty {
                let count = expressionOnly.reduce(0) { $0 + $1.missing.count }
                lines.append("failing only for lack of an expression parser: \(expressionOnly.map(\.name).joined(separator: ", ")) "
                    + "(\(count) messages)")
            }
            if verbose {
                for c in cases where !c.passed {
                    lines.append("- \(c.name)")
                    for m in c.missing { lines.append("    missing:    \(m)") }
                    for m in c.unexpected { lines.append("    unexpected: \(m)") }
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The validator used.
    public let validator: StyleValidator

    /// A runner using `validator`.
    public init(validator: StyleValidator = StyleValidator()) {
        self.validator = validator
    }

    /// Runs every case in the JSON-lines file at `url`.
    ///
    /// - Throws: when the file cannot be read or a line is not a case object.
    public func run(fileAt url: URL) throws -> Report {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try run(jsonLines: text)
    }

    /// Runs every case in JSON-lines `text`.
    ///
    /// - Throws: `ConformanceFileError` for a line that is not a case object.
    public func run(jsonLines text: String) throws(ConformanceFileError) -> Report {
        var results: [CaseResult] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let record: JSONValue
            do { record = try JSONValue(parsing: String(line)) } catch {
                throw ConformanceFileError(line: number + 1, message: "\(error)")
            }
            guard let name = record["name"]?.string, let input = record["input_text"]?.string else {
                throw ConformanceFileError(line: number + 1, message: "a case needs \"name\" and \"input_text\"")
            }
            let expected = (record["output"]?.array ?? []).map(Self.message)
            let report = validator.report(input)
            let matched = expected.count - CaseResult.difference(expected, report.messages).count
            results.append(CaseResult(name: name, expected: expected, actual: report.messages, matched: matched,
                                      uncheckedExpressions: report.uncheckedExpressions))
        }
        return Report(cases: results)
    }

    static func message(_ v: JSONValue) -> ValidationMessage {
        ValidationMessage(message: v["message"]?.string ?? "",
                          severity: v["severity"]?.string == "warning" ? .warning : .error,
                          line: v["line"]?.number.map { Int($0) },
                          identifier: v["identifier"]?.string)
    }

}

/// A conformance file line that could not be read.
public struct ConformanceFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line in the file.
    public let line: Int
    /// What is wrong.
    public let message: String

    public var description: String { "line \(line): \(message)" }
}
