import FormatStrings
import MercatorTestSupport
import MercatorConformance
import Testing
import Foundation

/// Runs the shared conformance files; the floors only go up.
@Suite struct ConformanceTests {
    func run(_ name: String) throws -> FormatStringConformance.Report {
        let url = try #require(SharedFixtures.url("conformance/format-strings/\(name)"))
        let report = try FormatStringConformance.run(fileAt: url.path)
        print(report.summary)
        return report
    }

    @Test(.needsShared) func casesFile() throws {
        let report = try run("cases.jsonl")
        #expect(report.total == 166)
        #expect(report.passed >= 166)
    }

    @Test(.needsShared) func docExamplesFile() throws {
        let report = try run("doc-examples.jsonl")
        #expect(report.total == 86)
        #expect(report.passed >= 86)
    }

    @Test func emitLinesHaveTheFourFields() throws {
        let line = #"{"id": 7, "kind": "expression", "format": "1 + %@", "args": [2], "json": ["+", 1, 2], "direction": "both", "roundtrip": true}"#
        let report = FormatStringConformance.run(jsonLines: line)
        #expect(report.passed == 1)
        #expect(report.results[0].emitLine == #"{"id":7,"json":["+",1,2],"format":"1 + 2","error":null}"#)
    }

    @Test func aWrongExpectationFails() {
        let line = #"{"id": 1, "kind": "predicate", "format": "a == 1", "json": ["==", ["get", "a"], 2], "direction": "to_json"}"#
        let report = FormatStringConformance.run(jsonLines: line)
        #expect(report.passed == 0)
        #expect(report.results[0].failures.first?.hasPrefix("to_json") == true)
    }

    @Test func aThrowsCaseThatDoesNotThrowFails() {
        let line = #"{"id": 1, "kind": "predicate", "format": "a == 1", "json": null, "direction": "throws"}"#
        #expect(FormatStringConformance.run(jsonLines: line).passed == 0)
    }
}
