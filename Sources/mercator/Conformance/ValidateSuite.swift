import ArgumentParser
import Foundation
import Mercator
import MercatorConformance

/// `mercator conformance validate FILE.jsonl [--emit OUT.jsonl]`: runs the style-spec validator suite.
struct ConformanceValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Run the style validation conformance cases (validate-tests.jsonl).")

    @Argument(help: "The JSON-lines file of cases ({name, input_text, output}).")
    var file: String

    @Option(help: "Write one {\"name\", \"output\": [messages]} line per case to this file.")
    var emit: String?

    @Flag(help: "List the missing and unexpected messages of every case that differs.")
    var verbose = false

    func run() throws {
        let report = try ValidateConformance().run(fileAt: URL(fileURLWithPath: file))
        if let emit {
            let text = report.emittedLines().joined(separator: "\n") + "\n"
            try text.write(to: URL(fileURLWithPath: emit), atomically: true, encoding: .utf8)
        }
        print(report.summary(verbose: verbose))
    }
}
