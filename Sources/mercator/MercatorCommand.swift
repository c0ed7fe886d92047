import ArgumentParser

/// The `mercator` command line: a headless map engine for GeoJSON data and indoor venues.
@main
struct MercatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mercator",
        abstract: "Mercator: GeoJSON, style expressions, styles and map snapshots, headless.",
        version: MercatorVersion.text,
        subcommands: [GeoJSONCommand.self, StyleCommand.self, RenderCommand.self, AnimateCommand.self, CameraCommand.self, QueryCommand.self, PredicateCommand.self, ExpressionCommand.self, TileCommand.self, GlyphsCommand.self, VenueCommand.self, ServeCommand.self, PyramidCommand.self, OfflineCommand.self, ConformanceCommand.self]
    )

    /// Runs the command line, with values that start with `-` kept as values (``DashValues``).
    static func main() async {
        await main(DashValues.separated(Array(CommandLine.arguments.dropFirst())))
    }
}
