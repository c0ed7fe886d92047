import ArgumentParser
import Foundation
import Mercator
import MercatorServer
import Rendering

/// `mercator venue render BUNDLE -o OUT.png`: one floor of a venue, drawn as the seed draws it (or styled).
struct VenueRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one floor of a venue bundle to PNG, JPEG or WebP.",
        discussion: "Titles are drawn with DejaVu Sans (Debian's fonts-dejavu-core) found through fontconfig: no network is needed.")

    @Argument(help: "A bundle: a .zip file or an extracted folder.") var bundle: String
    @Option(parsing: .unconditional, help: "The floor: an elevation (0 = ground), a floor id, externalId or name. Default: elevation 0.") var floor: String?
    @Option(help: "seed (seed 004's look) or styled (the full styles.json).") var look = "seed"
    @Option(help: "Image size in points, WxH.") var size = "1024x768"
    @Option(help: "Device pixels per point.") var ratio = 1.0
    @Flag(help: "Fit the floor outline instead of a 100 m region around the venue centre.") var fit = false
    @Option(name: .shortAndLong, help: "The image to write: .png, .jpg/.jpeg or .webp.") var output: String
    @OptionGroup var quality: QualityOption

    func run() throws {
        guard let chosenLook = VenueLook(rawValue: look) else { throw ValidationError("--look must be seed or styled") }
        let format = try quality.checkedFormat(for: output)
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { throw ValidationError("--size must be WxH, e.g. 1024x768") }
        try CameraOptions.checkRatio(ratio)
        guard Double(parts[0]) * Double(parts[1]) * ratio * ratio <= Double(Renderer.maximumPixels) else {
            throw ValidationError("\(size) at ratio \(ratio) exceeds the \(Renderer.maximumPixels)-pixel limit (8192x8192, Limits.outputPixels)")
        }
        let venue: Venue
        do {
            venue = try Venue.open(contentsOf: URL(fileURLWithPath: bundle))
        } catch {
            throw CLIError("\(bundle): \(error)")
        }
        for d in venue.diagnostics { InputOutput.printError("\(bundle): \(d)") }
        guard let selected = floor.map({ venue.floor(matching: $0) }) ?? venue.defaultFloor else {
            let known = venue.floors.map { "\($0.elevation) (\($0.name))" }.joined(separator: ", ")
            throw ValidationError("no floor '\(floor ?? "0")'; floors: \(known.isEmpty ? "none" : known)")
        }
        var options = VenueStyleOptions(look: chosenLook, framing: fit ? .fitOutline(padding: 20) : .region(meters: 100),
                                        width: parts[0], height: parts[1])
        // titles come from the bundled font through the client-side font path, not a glyph server
        options.glyphs = nil
        options.fontStack = VenueStyleOptions.bundledFontStack
        let map = try Map(venue: venue, floor: selected, options: options, pixelRatio: ratio)
        map.settings = InputOutput.settings
        let data = format == .png ? try map.pngSnapshot().data : try quality.encode(try map.snapshot().image, as: format)
        try InputOutput.write(data, to: output)
        print("\(output): floor \(selected.elevation) (\(selected.name)), \(chosenLook.rawValue) look, \(parts[0])x\(parts[1])")
    }
}
