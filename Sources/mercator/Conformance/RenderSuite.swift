import ArgumentParser
import Foundation
import Mercator
import MercatorConformance

/// `mercator conformance render DIR`: the MapLibre render tests, each in a worker process under a
/// time limit; pass counts per family, per layer type and in total (skipped tests left out).
struct RenderSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run render-test suites: MapLibre's (DIR holds render-tests/, data/, geojson/, tiles/ …) and Mercator's GL JS comparison suite.",
        discussion: """
            Every test runs in a worker process; a test that takes longer than --timeout seconds is
            stopped and counted as failed, and the worker restarted. Tests listed under "skipped" in
            regenerated-text-tests.json are run but left out of the pass rates. Each DIR is a suite, run
            and reported on its own (its suite.json names the renderer that drew its expected images and
            the tolerance: MapLibre Native's render tests, or Mercator's GL JS comparison suite in
            Tests/MercatorTests/Fixtures/gljs-render-tests, drawn by GL JS under GL JS's rule). --gljs adds that
            suite from the current folder's checkout.
            """)

    @Argument(help: "The suites' folders (each holds render-tests/).") var directories: [String] = []
    @Flag(help: "Also run Mercator's GL JS comparison suite (Tests/MercatorTests/Fixtures/gljs-render-tests under the current folder).")
    var gljs = false
    @Option(help: "Only tests whose path contains this.") var filter: String?
    @Option(help: "Write <test path>/actual.png and diff.png here.") var out: String?
    @Option(help: "Seconds a test may take before it is stopped.") var timeout: Double = 60
    @Flag(help: "Print one JSON object per test instead of the summary.") var json = false
    @Flag(help: "List failing tests with the reason.") var verbose = false
    @Flag(help: "Run every test in this process (no time limit).") var inProcess = false

    /// Where `--gljs` finds Mercator's GL JS comparison suite.
    static let gljsSuite = "Tests/MercatorTests/Fixtures/gljs-render-tests"

    func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds (found \(timeout))") }
        guard !directories.isEmpty || gljs else { throw ValidationError("give a suite folder, or --gljs") }
    }

    func run() throws {
        let suites = directories + (gljs ? [Self.gljsSuite] : [])
        var failed = false
        for (i, directory) in suites.enumerated() {
            if suites.count > 1 && !json { print(i == 0 ? "suite \(directory):" : "\nsuite \(directory):") }
            failed = try run(directory: directory) || failed
        }
        if failed { throw ExitCode(1) }
    }

    /// Runs one suite and prints its summary; returns whether any test failed.
    func run(directory: String) throws -> Bool {
        let root = URL(fileURLWithPath: directory)
        let tests = RenderTest.discover(in: root, filter: filter)
        guard !tests.isEmpty else { throw CLIError("no render tests under \(directory)/render-tests") }
        let runner = RenderTestRunner(root: root, outputDirectory: out.map { URL(fileURLWithPath: $0) })
        var report = RenderTestReport()
        let onResult: (RenderTestResult) -> Void = { r in
            if json { print(r.json.serialized()) }
            if verbose && !r.passed {
                InputOutput.printError("FAIL \(r.test.identifier)\(r.skipped ? " (skipped)" : ""): "
                                       + (r.error ?? "\(r.differingPixels ?? -1) pixels differ, \(r.allowedPixels) allowed"))
            }
        }
        if inProcess {
            report = runner.runAll(tests, progress: onResult)
        } else {
            var pool = WorkerProcess.Pool(arguments: ["conformance", "render-worker", directory] + (out.map { ["--out", $0] } ?? []),
                                          timeout: timeout)
            for test in tests {
                var result: RenderTestResult
                switch pool.run(test.identifier) {
                case .line(let line):
                    result = (try? JSONValue(parsing: line)).flatMap { RenderTestResult(json: $0, test: test) }
                        ?? RenderTestResult(test: test, passed: false, error: "unreadable worker output")
                case .failed(let reason):
                    result = RenderTestResult(test: test, passed: false, error: reason)
                    result.skipped = runner.skipped[test.identifier] != nil
                }
                report.results.append(result)
                onResult(result)
            }
            pool.stop()
        }
        if !json { Self.printSummary(report, reference: runner.suite.reference) }
        return report.failed > 0
    }

    static func printSummary(_ report: RenderTestReport, reference: String = "maplibre-native") {
        print("families:")
        for f in report.families { print("  \(f.family): \(f.passed)/\(f.total)") }
        print("layer types:")
        for t in report.layerTypes { print("  \(t.layerType): \(t.passed)/\(t.total)") }
        print("top failure reasons:")
        for r in report.topReasons() { print("  \(r.tests)  \(r.reason)") }
        print("expected images drawn by: \(reference)")
        print("render: \(report.passed) passed, \(report.failed) failed, \(report.skipped) skipped")
    }
}

/// `mercator conformance render-worker DIR`: reads test paths on standard input, writes one JSON
/// result per line (the parent process enforces the time limit).
struct RenderWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render-worker", shouldDisplay: false)

    @Argument var directory: String
    @Option var out: String?

    func run() throws {
        let root = URL(fileURLWithPath: directory)
        let runner = RenderTestRunner(root: root, outputDirectory: out.map { URL(fileURLWithPath: $0) })
        while let line = readLine() {
            let id = line.trimmingCharacters(in: .whitespaces)
            let test = RenderTest(identifier: id, directory: root.appendingPathComponent("render-tests").appendingPathComponent(id))
            WorkerProcess.reply(runner.run(test).json.serialized())
        }
    }
}
