import ArgumentParser

/// `mercator conformance …`: run the public conformance suites and print pass counts per family.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Run conformance suites (style-spec expressions and filters, …).",
        subcommands: [ExpressionsSuite.self, FiltersSuite.self, FormatStringsConformanceCommand.self, ConformanceValidateCommand.self, RenderSuite.self, RenderWorker.self, QuerySuite.self]
    )
}
