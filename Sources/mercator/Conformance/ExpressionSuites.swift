import ArgumentParser
import Foundation
import Mercator
import MercatorConformance

/// Options shared by the conformance suites: the case file, `--emit`, `--verbose`.
struct SuiteOptions: ParsableArguments {
    @Argument(help: "A .jsonl file of test cases.") var file: String
    @Option(name: .long, help: "Write per-case results (suite format) to this .jsonl file.") var emit: String?
    @Flag(name: .long, help: "List failing cases with reasons.") var verbose = false

    func finish(_ report: ConformanceReport) throws {
        if verbose { for f in report.failures { print("FAIL \(f.name): \(f.reason)") } }
        print(report.summary)
        if let emit {
            try (report.emitted.joined(separator: "\n") + "\n").write(toFile: emit, atomically: true, encoding: .utf8)
        }
        if report.failed > 0 { throw ExitCode(1) }
    }
}

struct ExpressionsSuite: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "expressions", abstract: "Run expression-tests.jsonl cases.")
    @OptionGroup var options: SuiteOptions
    func run() throws {
        let report = try ExpressionConformance.run(fileAt: URL(fileURLWithPath: options.file), emit: options.emit != nil)
        try options.finish(report)
    }
}

struct FiltersSuite: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "filters", abstract: "Run filter-tests.jsonl cases.")
    @OptionGroup var options: SuiteOptions
    func run() throws {
        let report = try FilterConformance.run(fileAt: URL(fileURLWithPath: options.file), emit: options.emit != nil)
        try options.finish(report)
    }
}
