import ArgumentParser
import Foundation
import MercatorServer

/// `mercator pyramid render|merge`: pre-rendered tile pyramids in PMTiles or MBTiles, sharded.
struct PyramidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pyramid",
        abstract: "Pre-render every tile of a box and zoom range into a PMTiles or MBTiles archive, in shards.",
        discussion: "See docs/deploy.md.",
        subcommands: [PyramidRenderCommand.self, PyramidMergeCommand.self])
}

/// `mercator pyramid render STYLE --bounds W,S,E,N --zooms Z0-Z1 -o OUT [--shard K/N]`.
struct PyramidRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render every tile of a box and zoom range (or one shard of them) into a PMTiles or MBTiles archive.",
        discussion: """
            Raster tiles are drawn by metatile as `mercator serve` draws them, so labels are placed across tile \
            edges; mvt writes the style's GeoJSON sources as vector tiles (one layer per source, gzip). A rerun \
            after a crash skips the tiles already written. The archive records the settings it was made with \
            (the style file's SHA-256, bounds, zooms, format, tile size, ratio, metatile, shard): a rerun with \
            other settings is refused unless --force, which deletes the archive and starts afresh. --shard K/N renders part K (from 0) of N: a contiguous \
            range of the tiles in PMTiles (Hilbert) order, the parts balanced by tile count; join the parts with \
            `mercator pyramid merge`.
            """)

    @Argument(help: "The style JSON file.") var style: String
    @Option(parsing: .unconditional, help: "The box: west,south,east,north in degrees.") var bounds: String
    @Option(parsing: .unconditional, help: "Zooms Z0-Z1 (or one zoom).") var zooms: String
    @Option(help: "Tile format: png, webp (lossless; needs libwebp.so.7 at run time), jpeg (quality 90; the LibJPEG trait) or mvt.") var format = "png"
    @Option(help: "Raster tile size in points: 256 or 512.") var tileSize = 256
    @Option(help: "Raster pixel ratio: 1, 2 or 3.") var ratio = 1
    @Option(help: "Raster tiles per metatile side, as `mercator serve --metatile`.") var metatile = 2
    @Option(parsing: .unconditional, help: "Render part K of N (K from 0), e.g. 0/4.") var shard: String?
    @Option(help: "Blocks rendered at once (default: one per core).") var threads: Int?
    @Option(help: "Folder of glyph PBFs for labels (default: the style's own, or ../shared's render-test glyphs).") var fonts: String?
    @Option(help: "The archive's name (metadata).") var name: String?
    @Option(name: [.short, .customLong("output")], help: "OUT.pmtiles or OUT.mbtiles.") var output: String
    @Flag(help: "Delete what OUT holds (an archive made with other settings, a crashed run) and start afresh.") var force = false

    func plan() throws -> PyramidPlan {
        let b = bounds.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard b.count == 4, let w = b[0], let s = b[1], let e = b[2], let n = b[3], w < e, s < n,
              (-180...180).contains(w), (-180...180).contains(e), (-90...90).contains(s), (-90...90).contains(n) else {
            throw ValidationError("--bounds must be west,south,east,north in degrees with west < east and south < north (found \"\(bounds)\")")
        }
        let z = zooms.split(separator: "-").map { Int($0) }
        guard (z.count == 1 || z.count == 2), let z0 = z.first!, let z1 = z.last!, z0 >= 0, z0 <= z1, z1 <= 24 else {
            throw ValidationError("--zooms must be Z0-Z1 with 0 <= Z0 <= Z1 <= 24 (found \"\(zooms)\")")
        }
        guard let f = PyramidFormat(rawValue: format) else { throw ValidationError("--format must be png, webp, jpeg or mvt (found \"\(format)\")") }
        if f == .webp && !WebPEncoder.isAvailable {
            throw ValidationError("--format webp needs libwebp's encoder (libwebp.so.7), which cannot be loaded: install libwebp7, or use png")
        }
        if f == .jpeg, let missing = ImageOutputFormat.jpeg.missingFeature {
            throw ValidationError("--format jpeg: \(missing)")
        }
        guard tileSize == 256 || tileSize == 512 else { throw ValidationError("--tile-size must be 256 or 512 (found \(tileSize))") }
        guard (1...3).contains(ratio) else { throw ValidationError("--ratio must be 1, 2 or 3 (found \(ratio))") }
        guard (1...8).contains(metatile) else { throw ValidationError("--metatile must be 1 to 8 (found \(metatile))") }
        var k = 0, count = 1
        if let shard {
            let p = shard.split(separator: "/").map { Int($0) }
            guard p.count == 2, let a = p[0], let c = p[1], c >= 1, a >= 0, a < c else {
                throw ValidationError("--shard must be K/N with 0 <= K < N (found \"\(shard)\")")
            }
            (k, count) = (a, c)
        }
        return PyramidPlan(bounds: (w, s, e, n), zooms: z0...z1, format: f, tileSize: tileSize, ratio: ratio, metatile: metatile,
                           shard: k, shardCount: count)
    }

    func validate() throws {
        _ = try plan()
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    func run() throws {
        var plan = try plan()
        plan.styleDigest = PyramidArchive.styleDigest(try InputOutput.read(style))
        let fontsURL = fonts.map { URL(fileURLWithPath: $0) } ?? ServeCommand.sharedGlyphs()
        let served: ServedStyle
        do {
            let catalog = try ServerCatalog.load(inputs: [style], fontsDirectory: fontsURL)
            guard let first = catalog.styles.first else { throw CLIError("\(style): not a style") }
            served = first
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("\(error)")
        }
        let title = name ?? URL(fileURLWithPath: style).deletingPathExtension().lastPathComponent
        let clock = ContinuousClock(), start = clock.now
        do {
            let archive = try PyramidArchive(path: output, plan: plan, name: title, force: force)
            let bar = ProgressBar(label: plan.shardCount > 1 ? "shard \(plan.shard)/\(plan.shardCount)" : "tiles")
            let renderer = PyramidRenderer(style: served, plan: plan, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
            let summary = try renderer.run(into: archive) { done, total in bar.update(done, total) }
            try archive.finish()
            bar.end()
            let seconds = Double((clock.now - start).components.seconds) + Double((clock.now - start).components.attoseconds) / 1e18
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            let rate = seconds > 0 ? Double(summary.rendered) / seconds : 0
            print("\(output): \(summary.tiles) tiles (\(summary.rendered) rendered in \(summary.blocks) blocks, \(summary.skipped) already done), "
                  + String(format: "%.1f s, %.1f tiles/s, %d bytes", seconds, rate, size))
        } catch let error as CLIError {
            throw error
        } catch {
            let text = "\(error)"
            throw CLIError(text.hasPrefix(output) ? text : "\(output): \(text)")
        }
    }
}

/// `mercator pyramid merge A B … -o OUT`: joins shard archives.
struct PyramidMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shard archives of `mercator pyramid render --shard` into one (PMTiles or MBTiles, either way).",
        discussion: "The parts must come from the same render options (same metadata); a tile in two parts must have the same bytes.")

    @Argument(help: "The parts.") var parts: [String]
    @Option(name: [.short, .customLong("output")], help: "OUT.pmtiles or OUT.mbtiles (replaced).") var output: String

    func run() throws {
        guard !parts.isEmpty else { throw ValidationError("give the parts to merge") }
        do {
            let (plan, name) = try PyramidMerge.planOfParts(parts)
            let merged = try PyramidMerge.tiles(of: parts)
            for path in [output, PyramidArchive.journalPath(output)] where FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
            let archive = try PyramidArchive(path: output, plan: plan, name: name)
            try archive.addAll(merged)
            try archive.finish()
            print("\(output): \(merged.count) tiles from \(parts.count) parts")
        } catch {
            throw CLIError("\(error)")
        }
    }
}
