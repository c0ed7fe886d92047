import ArgumentParser

/// `mercator venue …`: Mappedin MVF v2 venue bundles.
struct VenueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "venue",
        abstract: "Open, inspect, style and fetch Mappedin MVF v2 venue bundles.",
        subcommands: [VenueInfoCommand.self, VenueRenderCommand.self, VenueStyleCommand.self, VenueFetchCommand.self])
}

