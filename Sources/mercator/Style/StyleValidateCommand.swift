import ArgumentParser
import Foundation
import Mercator

/// `mercator style validate STYLE.json [--json]`: reports every problem as the style-spec validator does,
/// `ref` problems (which MapLibre Native resolves or skips with a warning) as warnings.
struct StyleValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a style JSON document against the style specification.")

    @Argument(help: "The style JSON file (- for standard input).")
    var style: String
    @OptionGroup var limits: InputLimitOptions

    @Flag(help: "Print the messages as a JSON array of {message, severity, line}.")
    var json = false

    func run() throws {
        let data = try InputOutput.read(style, limit: limits.limit)
        let messages = StyleValidator().validate(data: data).map(\.withNativeSeverity)
        if json {
            print(StyleValidator.json(messages).serialized())
        } else if messages.isEmpty {
            print("\(style): valid")
        } else {
            for m in messages {
                let place = m.line.map { "\(style):\($0)" } ?? style
                print("\(place): \(m.severity.rawValue): \(m.message)")
            }
        }
        if messages.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}

/// `mercator style …`.
struct StyleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "style",
        abstract: "Work with style JSON documents.",
        subcommands: [StyleValidateCommand.self])
}
