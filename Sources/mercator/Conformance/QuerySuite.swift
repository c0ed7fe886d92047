import ArgumentParser
import Foundation
import Mercator
import MercatorConformance

/// `mercator conformance query DIR`: the MapLibre query tests (`queryRenderedFeatures` results).
struct QuerySuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run the MapLibre query tests (DIR holds query-tests/ and the shared fixtures).")

    @Argument(help: "The render-tests fixtures folder.") var directory: String
    @Option(help: "Only tests whose path contains this.") var filter: String?
    @Option(help: "Write <family>/<test>/actual.json here.") var out: String?
    @Flag(help: "Print one JSON object per test instead of the summary.") var json = false
    @Flag(help: "List failing tests with the reason.") var verbose = false

    func run() throws {
        let runner = QueryTestRunner(root: URL(fileURLWithPath: directory), outputDirectory: out.map { URL(fileURLWithPath: $0) })
        let tests = runner.discover(filter: filter)
        guard !tests.isEmpty else { throw CLIError("no query tests under \(directory)/query-tests") }
        let report = runner.runAll(tests) { r in
            if json { print(r.json.serialized()) }
            if verbose && !r.passed { InputOutput.printError("FAIL \(r.test.identifier): \(r.error ?? "")") }
        }
        if !json {
            print("families:")
            for f in report.families { print("  \(f.family): \(f.passed)/\(f.total)") }
            print("top failure reasons:")
            for r in report.topReasons() { print("  \(r.tests)  \(r.reason)") }
            print("query: \(report.passed) passed, \(report.failed) failed")
        }
        if report.failed > 0 { throw ExitCode(1) }
    }
}
