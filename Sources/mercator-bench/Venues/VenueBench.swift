import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport

/// `mercator-bench venue`: open harbourfront-galleria.zip and render each floor at 1024x768
/// (median times), with MapLibre Native rendering the same `venue style` output in the same run.
///
/// Mercator draws no text yet, so both renderers get the style without its symbol layers (and
/// without a glyphs URL, which would need the network).
struct VenueBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "venue",
        abstract: "Open a venue bundle and render each floor at 1024x768, vs MapLibre Native on the same style.")

    @Option(help: "Measured runs (after a warm-up).") var runs = 15
    @Option(help: "Look: seed or styled.") var look = "styled"
    @OptionGroup var output: ReferenceOptions

    /// The style without symbol layers and glyphs.
    static func withoutText(_ style: JSONValue) -> JSONValue {
        guard var o = style.object else { return style }
        o["layers"] = .array((o["layers"]?.array ?? []).filter { $0["type"]?.string != "symbol" })
        o["glyphs"] = nil
        return .object(o)
    }

    func run() throws {
        let json = output.json
        guard let url = SharedFixtures.url("venues/harbourfront-galleria.zip") else { throw ValidationError("shared/venues not found: set MERCATOR_SHARED") }
        guard let chosenLook = VenueLook(rawValue: look) else { throw ValidationError("--look must be seed or styled") }
        var venue = try Venue.open(contentsOf: url)
        var openTimes: [Double] = []
        for _ in 0..<runs { openTimes.append(try Measure.seconds { venue = try Venue.open(contentsOf: url) } * 1000) }
        let open = Measure.median(openTimes)
        if json { Measure.printJSON([("bench", "venue-open"), ("median_ms", open)]) } else {
            print(String(format: "open %@: median %.2f ms (%d floors)", url.lastPathComponent, open, venue.floors.count))
        }
        let reference = output.reference()
        for floor in venue.floors {
            let options = VenueStyleOptions(look: chosenLook, framing: .region(meters: 100), width: 1024, height: 768)
            let map = try Map(venue: venue, floor: floor, options: options)
            _ = try map.snapshot().pngData()
            var times: [Double] = []
            for _ in 0..<runs { times.append(try Measure.seconds { _ = try map.snapshot().pngData() } * 1000) }
            let ms = Measure.median(times)
            let c = map.camera
            let ref = try reference?.medianMilliseconds(style: Self.withoutText(venue.mapStyle(for: floor, options: options)), width: 1024, height: 768,
                                                         longitude: c.center.longitude, latitude: c.center.latitude, zoom: c.zoom, runs: runs)
            if json {
                Measure.printJSON([("bench", "venue-render"), ("floor", floor.elevation), ("mercator_ms", ms),
                                   ("maplibre_ms", ref ?? .nan), ("speedup_vs_maplibre", ref.map { $0 / ms } ?? .nan)])
            } else {
                let refText = ref.map { String(format: "   MapLibre Native %6.1f ms   Mercator is %.2fx as fast", $0, $0 / ms) } ?? ""
                print(String(format: "render floor %2d at 1024x768: Mercator %6.1f ms", floor.elevation, ms) + refText)
            }
        }
    }
}
