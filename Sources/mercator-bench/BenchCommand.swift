import ArgumentParser

/// `mercator-bench NAME`: release-mode benchmarks that print medians and ratios against a baseline
/// measured side by side in the same run.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mercator-bench",
        abstract: "Mercator benchmarks (build with -c release).",
        subcommands: [GeoJSONParseBench.self, ExpressionsBenchCommand.self, TilingBenchCommand.self, VectorTileBenchCommand.self, MapLibreTileBenchCommand.self, ClusteringBenchCommand.self, RenderBench.self, LargeSourceRenderBench.self, BandedRenderBench.self, StreetRenderBench.self, ColdRenderBench.self, ManyLayersBench.self, VenueBench.self, CameraBench.self, AnimateBench.self, OfflineBench.self, SpherePointsBench.self]
    )
}
