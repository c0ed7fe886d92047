import ArgumentParser
import Foundation
import Mercator
import Fonts

/// `mercator glyphs FONT.ttf --stack NAME -o DIR [--ranges 0-65535]`: glyph PBFs MapLibre reads, with node-fontnik's metrics.
struct GlyphsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glyphs",
        abstract: "Build SDF glyph PBFs (DIR/STACK/START-END.pbf) from a TrueType or OpenType font.",
        discussion: "Glyphs are rendered as node-fontnik renders them (24 px, 3 px border, radius 8, cutoff 0.25); only ranges with glyphs are written.")

    @Argument(help: "The font file (.ttf, .otf).") var font: String
    @Option(help: "The font stack name the files are served under (the style's text-font). Default: the font's family and style.") var stack: String?
    @Option(help: "Code points to cover, START-END (inclusive); whole 256-code-point ranges are written.") var ranges = "0-65535"
    @Option(name: .shortAndLong, help: "The folder to write into.") var output: String

    func run() throws {
        let bounds = ranges.split(separator: "-").compactMap { UInt32($0) }
        // MapLibre asks for glyph ranges of the Basic Multilingual Plane only
        guard bounds.count == 2, bounds[0] <= bounds[1], bounds[1] <= 65535 else {
            throw ValidationError("--ranges must be START-END with 0 <= START <= END <= 65535, e.g. 0-65535")
        }
        let face: FontFace
        do {
            face = try FontFace(contentsOf: font)
        } catch {
            throw CLIError("\(error)")
        }
        let name = stack ?? face.displayName
        guard !name.isEmpty, !name.contains("/") else { throw ValidationError("--stack must be a non-empty name without '/'") }
        let ranges = Set(face.codePoints.filter { (bounds[0]...bounds[1]).contains($0) }.map { Int($0 / 256) })
        let written = try GlyphsWriter.write(face: face, stack: name, ranges: ranges, to: URL(fileURLWithPath: output))
        print("\(output)/\(name): \(written.files) ranges, \(written.glyphs) glyphs")
    }
}

/// Writes a font's glyph PBFs into `DIR/STACK/START-END.pbf`, one file per 256-code-point range that has glyphs.
enum GlyphsWriter {
    static func write(face: FontFace, stack: String, ranges: Set<Int>, to folder: URL) throws -> (files: Int, glyphs: Int) {
        let directory = folder.appendingPathComponent(stack, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let rasterizer = GlyphRasterizer()
        var files = 0, count = 0
        for range in ranges.sorted() {
            let glyphs = rasterizer.glyphs(range: range, in: face)
            guard !glyphs.isEmpty else { continue }
            let data = GlyphPBFEncoder.encode(Array(glyphs.values), fontStack: stack, range: range)
            try data.write(to: directory.appendingPathComponent("\(range * 256)-\(range * 256 + 255).pbf"), options: .atomic)
            files += 1
            count += glyphs.count
        }
        return (files, count)
    }
}
