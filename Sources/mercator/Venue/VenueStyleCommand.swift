
import ArgumentParser
import Foundation
import Mercator
import Fonts

/// `venue style BUNDLE [--floor ELEVATION] [--look seed|styled] -o STYLE.json`: a self-contained MapLibre style.
struct VenueStyleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "style", abstract: "Write a self-contained MapLibre style (inline GeoJSON) drawing one floor.")

    @Argument(help: "A bundle: a .zip file or an extracted folder.")
    var bundle: String

    @Option(parsing: .unconditional, help: "The floor: an elevation (0 = ground), a floor id, externalId or name. Default: elevation 0.")
    var floor: String?

    @Option(help: "seed (seed 004's look) or styled (the full styles.json).")
    var look: String = "seed"

    @Option(help: "The viewport the camera is computed for, WxH.")
    var size: String = "1024x768"

    @Flag(help: "Fit the floor outline instead of a 100 m region around the venue centre.")
    var fit = false

    @Option(help: "The style's glyphs URL template.")
    var glyphs: String?

    @Option(help: "Write the titles' glyph PBFs (DejaVu Sans, from the system) into this folder and point the style's glyphs at it (file:// unless --glyphs is given).")
    var glyphsDir: String?

    @Option(name: .shortAndLong, help: "The style JSON file to write.")
    var output: String

    func run() throws {
        guard let chosenLook = VenueLook(rawValue: look) else { throw ValidationError("--look must be seed or styled") }
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else { throw ValidationError("--size must be WxH, e.g. 1024x768") }
        let venue: Venue
        do {
            venue = try Venue.open(contentsOf: URL(fileURLWithPath: bundle))
        } catch {
            throw CLIError("\(bundle): \(error)")
        }
        let selected = floor.map { venue.floor(matching: $0) } ?? venue.defaultFloor
        guard let selected else {
            let known = venue.floors.map { "\($0.elevation) (\($0.name))" }.joined(separator: ", ")
            throw ValidationError("no floor '\(floor ?? "")'; floors: \(known.isEmpty ? "none" : known)")
        }
        var options = VenueStyleOptions(look: chosenLook, framing: fit ? .fitOutline(padding: 20) : .region(meters: 100),
                                        width: parts[0], height: parts[1])
        if let glyphsDir {
            options.fontStack = VenueStyleOptions.bundledFontStack
            options.glyphs = glyphs ?? "file://\(URL(fileURLWithPath: glyphsDir).standardizedFileURL.path)/{fontstack}/{range}.pbf"
        } else if let glyphs {
            options.glyphs = glyphs
        }
        let style = venue.mapStyle(for: selected, options: options)
        if let glyphsDir {
            let stack = options.fontStack.joined(separator: ",")
            guard PlatformFeature.installedFonts.isAvailable else { throw CLIError("--glyphs-dir: \(PlatformFeatureUnavailable(.installedFonts))") }
            guard let font = SystemFonts.font(named: stack) else { throw CLIError("\(FontError.notInstalled(name: stack)): install fonts-dejavu-core") }
            let face: FontFace
            do { face = try font.open() } catch { throw CLIError("\(error)") }
            // the ranges of every character the style's strings use (titles among them), and Basic Latin
            var ranges: Set<Int> = [0]
            func collect(_ value: JSONValue) {
                switch value {
                case .string(let s): for scalar in s.unicodeScalars { ranges.insert(Int(scalar.value / 256)) }
                case .array(let a): a.forEach(collect)
                case .object(let o): for (_, v) in o { collect(v) }
                default: break
                }
            }
            collect(style)
            let written = try GlyphsWriter.write(face: face, stack: stack, ranges: ranges, to: URL(fileURLWithPath: glyphsDir))
            print("\(glyphsDir)/\(stack): \(written.files) ranges, \(written.glyphs) glyphs")
        }
        try Data(style.serialized(JSONWriteOptions(pretty: true, sortedKeys: false)).utf8)
            .write(to: URL(fileURLWithPath: output), options: .atomic)
        print("\(output): floor \(selected.elevation) (\(selected.name)), \(chosenLook.rawValue) look, \(style["layers"]?.array?.count ?? 0) layers")
    }
}
