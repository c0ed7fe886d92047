import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport

/// `mercator-bench animate`: a fly-to over central Helsinki (`shared/realworld/`) with production
/// OpenMapTiles styles, every frame a snapshot rendered (no PNG): frames per second, median and worst
/// frame. Issue 30's yardstick for interactive speed.
struct AnimateBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "A fly-to over Helsinki (z14 -> z16) with OSM Bright and Positron: frames per second for rendering alone, beside frames laid out from scratch.",
        discussion: """
            Tiles from shared/realworld/helsinki-openmaptiles.mbtiles; labels in installed fonts (DejaVu, through fontconfig) \
            because the styles' glyph URLs point at the internet. --no-symbols drops the symbol layers (issue 30's end-to-end case).
            """)

    @Option(help: "Styles, comma-separated (folders of shared/realworld/styles).")
    var styles = "osm-bright-gl-style,positron-gl-style"
    @Option(help: "Frames in the flight.") var frames = 60
    @Option(help: "Times the flight is played (after a warm-up frame).") var runs = 2
    @Option(help: "View size in points, WIDTHxHEIGHT.") var size = "1024x768"
    @Flag(help: "Leave out the styles' symbol layers.") var noSymbols = false
    @Flag(help: "Print one JSON line per style.") var json = false
    @Flag(help: "Skip the side-by-side flight with every frame laid out from scratch.") var noBaseline = false
    @Flag(help: "Do not lay the next frame's tiles out while a frame renders (Map.prefetch(camera:)).") var noPrefetch = false
    @Flag(help: "The globe flight instead: Natural Earth countries from zoom 1 to 4, turning, beside MapLibre GL JS drawing the same frames in headless Chromium (scripts/gljs_flight_bench.py), and a globe snapshot beside the same view in Mercator.")
    var globe = false
    @Flag(help: "The terrain flight instead: the render suite's Grand Canyon tiles at pitch 70, the shaded-relief drape and a hillshade over 3D terrain, beside MapLibre GL JS drawing the same frames, and a terrain snapshot beside the same view drawn flat.")
    var terrain = false
    @Flag(help: "With --globe or --terrain: skip GL JS.") var noReference = false
    @Option(help: "With --globe or --terrain: only snapshot the flight's middle view this many times, nothing timed (a run for a profiler: perf record).")
    var profileView: Int?
    @Flag(help: "With --profile-view: the view drawn flat (Mercator, or without terrain) instead.") var profileFlat = false

    /// The flight: central Helsinki at z14 to the Market Square area at z16, turning 20 degrees.
    static let start = MapCamera(center: LocationCoordinate2D(latitude: 60.1699, longitude: 24.9384), zoom: 14)
    static let target = MapCamera(center: LocationCoordinate2D(latitude: 60.1675, longitude: 24.9520), zoom: 16, bearing: 20)

    func run() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--size must be WIDTHxHEIGHT") }
        guard frames >= 2, runs >= 1 else { throw ValidationError("--frames must be at least 2 and --runs at least 1") }
        if globe || terrain {
            guard !(globe && terrain) else { throw ValidationError("--globe and --terrain are two flights: give one") }
            let flight = globe ? try GLJSFlightBench.globe() : try GLJSFlightBench.terrain()
            return try GLJSFlightBench(flight: flight, frames: frames, runs: runs, width: parts[0], height: parts[1], json: json,
                                       noReference: noReference, profileView: profileView, profileFlat: profileFlat).run()
        }
        for name in styles.split(separator: ",").map(String.init) {
            let document = try Self.localStyle(name, symbols: !noSymbols)
            // Mercator as it is (tiles laid out once and kept) and, side by side in the same run, every
            // frame laid out from scratch (no layout cache: what each frame cost before issue 30).
            func map(cache: Int) throws -> Map {
                Map(style: try Style(document: StyleDocument(json: document)), camera: Self.start,
                    size: MapSize(width: parts[0], height: parts[1]), options: MapOptions(layoutCacheSize: cache))
            }
            var wall: [Double] = [], cpu: [Double] = [], baselineWall: [Double] = []
            for _ in 0..<runs {
                // every run starts cold (fresh maps, one warm-up frame at the start camera): the flight's
                // tiles are laid out as they come into view, not found from the previous run
                let cached = try map(cache: MapOptions().layoutCacheSize), baseline = try map(cache: 0)
                let flight = cached.flyAnimation(to: Self.target)
                let cameras = (0..<frames).map { flight.camera(at: flight.duration * Double($0) / Double(frames - 1)) }
                _ = try cached.snapshot()
                _ = try baseline.snapshot()
                if !noBaseline {
                    for camera in cameras {
                        baseline.camera = camera
                        baselineWall.append(try Measure.seconds { _ = try baseline.snapshot() } * 1000)
                    }
                }
                for (i, camera) in cameras.enumerated() {
                    cached.camera = camera
                    let cpu0 = Measure.processCPUSeconds()
                    let ms = try Measure.seconds {
                        // the next frame's tiles are laid out on another core while this one renders
                        let next = noPrefetch || i + 1 == cameras.count ? nil : cameras[i + 1]
                        let prefetching = next.map { camera in Prefetch(start: { cached.prefetch(camera: camera) }) }
                        _ = try cached.snapshot()
                        prefetching?.wait()
                    } * 1000
                    wall.append(ms)
                    cpu.append((Measure.processCPUSeconds() - cpu0) * 1000)
                }
            }
            let median = Measure.median(wall), worst = wall.max() ?? .nan
            let baselineMedian = noBaseline ? Double.nan : Measure.median(baselineWall)
            if json {
                Measure.printJSON([("style", name), ("frames", Double(frames * runs)), ("frames_per_second", 1000 / median),
                                   ("median_frame_ms", median), ("worst_frame_ms", worst), ("cpu_ms_per_frame", Measure.median(cpu)),
                                   ("baseline_frames_per_second", 1000 / baselineMedian), ("speedup_vs_baseline", baselineMedian / median),
                                   ("symbols", noSymbols ? "no" : "yes"), ("prefetch", noPrefetch ? "no" : "yes")])
            } else {
                print(String(format: "animate %@ %@%@: %d frames, median frame %.1f ms = %.1f fps, worst %.1f ms, CPU %.1f ms a frame",
                             name, size, noSymbols ? " (no symbols)" : "", frames * runs, median, 1000 / median, worst, Measure.median(cpu)))
                if !noBaseline {
                    print(String(format: "  every frame laid out from scratch (no layout cache): median %.1f ms = %.1f fps; kept layouts are %.2fx as fast",
                                 baselineMedian, 1000 / baselineMedian, baselineMedian / median))
                }
            }
        }
    }

    /// Work started on a background thread, waited for later.
    struct Prefetch {
        let done = DispatchSemaphore(value: 0)

        init(start work: @escaping @Sendable () -> Void) {
            let done = self.done
            DispatchQueue.global().async {
                work()
                done.signal()
            }
        }

        func wait() { done.wait() }
    }

    /// A production style of `shared/realworld/styles/NAME` made local: its vector source reads the
    /// Helsinki MBTiles, no glyphs or sprite URLs (installed fonts draw the labels).
    static func localStyle(_ name: String, symbols: Bool) throws -> JSONValue {
        guard let dir = SharedFixtures.url("realworld/styles/\(name)"),
              let tiles = SharedFixtures.url("realworld/helsinki-openmaptiles.mbtiles"),
              FileManager.default.fileExists(atPath: tiles.path) else {
            throw ValidationError("shared/realworld not found (set MERCATOR_SHARED)")
        }
        guard case .object(var style) = try JSONValue(parsing: try Data(contentsOf: dir.appendingPathComponent("style.json"))),
              case .object(var sources)? = style["sources"] else {
            throw ValidationError("\(name)/style.json is not a style")
        }
        for (key, value) in sources {
            guard case .object(var source) = value, source["type"] == .string("vector") else { continue }
            source["url"] = .string("mbtiles://" + tiles.path)
            source["tiles"] = nil
            sources[key] = .object(source)
        }
        style["sources"] = .object(sources)
        style["glyphs"] = nil
        style["sprite"] = nil
        if !symbols, case .array(let layers)? = style["layers"] {
            style["layers"] = .array(layers.filter { $0["type"] != .string("symbol") })
        }
        return .object(style)
    }
}
