import ArgumentParser
import Foundation
import Mercator
import MercatorConformance

/// `mercator conformance render DIR`: MapLibre render tests, pass/fail per family and a total.
struct RenderSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run MapLibre render tests (DIR holds render-tests/, data/, geojson/).")

    @Argument(help: "The render-tests folder.") var directory: String
    @Option(help: "Only tests whose family/name contains this.") var filter: String?
    @Option(help: "Write <family>/<test>/actual.png and diff.png here.") var out: String?
    @Flag(help: "List failing tests with the reason.") var verbose = false

    func run() throws {
        let root = URL(fileURLWithPath: directory)
        let tests = RenderTest.discover(in: root, filter: filter)
        guard !tests.isEmpty else { throw CLIError("no render tests under \(directory)/render-tests") }
        let runner = RenderTestRunner(root: root, outputDirectory: out.map { URL(fileURLWithPath: $0) })
        let report = runner.runAll(tests) { r in
            if verbose && !r.passed {
                print("FAIL \(r.test.identifier): \(r.error ?? "\(r.differingPixels ?? -1) pixels differ, \(r.allowedPixels) allowed")")
            }
        }
        for f in report.families { print("\(f.family): \(f.passed)/\(f.total)") }
        print("render: \(report.passed) passed, \(report.failed) failed")
        if report.failed > 0 { throw ExitCode(1) }
    }
}
