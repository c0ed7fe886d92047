import ArgumentParser
import Foundation
import Mercator

/// `venue fetch VENUE_ID --key KEY --secret SECRET [--base-url URL] -o BUNDLE.zip`: the seed's hosted flow.
struct VenueFetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch", abstract: "Download a venue bundle from the Mappedin API (key + secret -> token -> zip).")

    @Argument(help: "The venue (map) id.")
    var venueID: String

    @Option(help: "The API key (mik_…).")
    var key: String

    @Option(help: "The API secret (mis_…); default: $MAPPEDIN_API_SECRET.")
    var secret: String?

    @Option(help: "The API root.")
    var baseURL: String = "https://app.mappedin.com"

    @Option(name: .shortAndLong, help: "The zip file to write.")
    var output: String

    @Flag(help: "Print each request (never the secret or the token).")
    var verbose = false

    func run() async throws {
        guard let secret = secret ?? ProcessInfo.processInfo.environment["MAPPEDIN_API_SECRET"], !secret.isEmpty else {
            throw ValidationError("give --secret or set MAPPEDIN_API_SECRET")
        }
        guard let base = URL(string: baseURL), base.scheme != nil else { throw ValidationError("--base-url is not a URL") }
        let log: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in FileHandle.standardError.write(Data((line + "\n").utf8)) } : nil
        let client = VenueClient(baseURL: base, credentials: VenueCredentials(key: key, secret: secret), log: log)
        let data: Data
        do {
            data = try await client.fetchBundle(venueID: venueID)
        } catch {
            throw CLIError(error.description)
        }
        try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        let venue = try? Venue.open(zipData: data)
        let summary = venue.map { "\($0.name), \($0.floors.count) floor(s)" } ?? "not a loadable venue"
        print("\(output): \(data.count) bytes (\(summary))")
    }
}
