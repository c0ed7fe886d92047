import ArgumentParser
import Foundation
import Mercator

/// `venue info BUNDLE`: venue name, floors with elevations and feature counts, diagnostics.
struct VenueInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Print a bundle's venue, floors, feature counts and diagnostics.")

    @Argument(help: "A bundle: a .zip file or an extracted folder.")
    var bundle: String

    func run() throws {
        do {
            let venue = try Venue.open(contentsOf: URL(fileURLWithPath: bundle))
            print(venue.report)
        } catch {
            throw CLIError("\(bundle): \(error)")
        }
    }
}
