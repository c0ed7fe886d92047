import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport

/// `mercator-bench animate --globe`: a turning flight over Natural Earth's countries on the globe, zoom 1 to 4, every
/// frame a snapshot (no PNG), timed against MapLibre GL JS drawing the same frames in headless Chromium in the same run
/// (`scripts/gljs_flight_bench.py`: frame times taken inside the page). Then one globe snapshot beside the same view in
/// Mercator. Issue 41's figures: frames per second >= 3x GL JS's; a globe snapshot <= 2x the Mercator one.
struct GlobeFlightBench {
    var frames: Int
    var runs: Int
    var width: Int
    var height: Int
    var json: Bool
    var noReference: Bool

    /// The flight: over Africa and the Atlantic at zoom 1 to the Arabian Sea at zoom 4, turning 90 degrees.
    static let start = MapCamera(center: LocationCoordinate2D(latitude: 15, longitude: -10), zoom: 1)
    static let target = MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 4, bearing: 90)

    /// The countries drawn on a globe (atmosphere off, so both engines draw the same things).
    static func style(projection: String) throws -> JSONValue {
        guard let countries = SharedFixtures.url("data/ne_50m_admin_0_countries.geojson"),
              FileManager.default.fileExists(atPath: countries.path) else {
            throw ValidationError("shared/data/ne_50m_admin_0_countries.geojson not found (set MERCATOR_SHARED)")
        }
        return ["version": 8, "projection": ["type": .string(projection)], "sky": ["atmosphere-blend": 0.0],
                "sources": ["countries": ["type": "geojson", "data": .string("file://" + countries.path)]],
                "layers": [
                    ["id": "ocean", "type": "background", "paint": ["background-color": "#bcd7ea"]],
                    ["id": "land", "type": "fill", "source": "countries",
                     "paint": ["fill-color": ["interpolate", ["linear"], ["get", "pop_est"], 0, "#f4efe1", 100_000_000, "#e3a868"]]],
                    ["id": "borders", "type": "line", "source": "countries", "paint": ["line-color": "#7a6a58", "line-width": 0.8]],
                ]]
    }

    func run() throws {
        let style = try Self.style(projection: "globe")
        let size = MapSize(width: width, height: height)
        func map() throws -> Map { Map(style: try Style(document: StyleDocument(json: style)), camera: Self.start, size: size) }
        let flight = try map().flyAnimation(to: Self.target)
        let cameras = (0..<frames).map { flight.camera(at: flight.duration * Double($0) / Double(frames - 1)) }
        var wall: [Double] = []
        for _ in 0..<runs {
            // every run starts cold: a fresh map, one warm-up frame at the start camera (as the page's)
            let m = try map()
            _ = try m.snapshot()
            for camera in cameras.dropFirst() {
                m.camera = camera
                wall.append(try Measure.seconds { _ = try m.snapshot() } * 1000)
            }
        }
        let median = Measure.median(wall)
        let gljs = noReference ? nil : try gljsFrameTimes(style: style, cameras: cameras)
        let gljsMedian = gljs.map(Measure.median) ?? .nan

        // one view, globe and Mercator side by side in the same process, interleaved
        let view = flight.camera(at: flight.duration / 2)
        let globeMap = try map(), flatMap = Map(style: try Style(document: StyleDocument(json: try Self.style(projection: "mercator"))),
                                                camera: view, size: size)
        globeMap.camera = view
        _ = try globeMap.snapshot()
        _ = try flatMap.snapshot()
        var globeTimes: [Double] = [], flatTimes: [Double] = []
        for _ in 0..<max(5, runs * 5) {
            globeTimes.append(try Measure.seconds { _ = try globeMap.snapshot() } * 1000)
            flatTimes.append(try Measure.seconds { _ = try flatMap.snapshot() } * 1000)
        }
        let globeMs = Measure.median(globeTimes), flatMs = Measure.median(flatTimes)
        let globeness = globeMap.projectionGlobeness

        if json {
            Measure.printJSON([("case", "globe-flight"), ("frames", Double(wall.count)), ("frames_per_second", 1000 / median),
                               ("median_frame_ms", median), ("worst_frame_ms", wall.max() ?? .nan),
                               ("gljs_frames", Double(gljs?.count ?? 0)), ("gljs_frames_per_second", 1000 / gljsMedian),
                               ("gljs_median_frame_ms", gljsMedian), ("speedup_vs_gljs", gljsMedian / median)])
            Measure.printJSON([("case", "globe-snapshot-vs-mercator"), ("globe_snapshot_ms", globeMs), ("mercator_snapshot_ms", flatMs),
                               ("globe_cost_vs_mercator", globeMs / flatMs), ("zoom", view.zoom), ("globeness", globeness)])
        } else {
            print(String(format: "animate --globe %dx%d: %d frames over Natural Earth countries, zoom 1 -> 4 turning 90 degrees: median frame %.1f ms = %.1f fps, worst %.1f ms",
                         width, height, wall.count, median, 1000 / median, wall.max() ?? .nan))
            if let gljs {
                print(String(format: "  MapLibre GL JS 5.24 in headless Chromium (SwiftShader), same frames: median %.1f ms = %.1f fps over %d frames; Mercator is %.2fx as fast",
                             gljsMedian, 1000 / gljsMedian, gljs.count, gljsMedian / median))
            } else if !noReference {
                print("  GL JS reference not available: run ../shared/tools/reference-render-gljs/setup.sh")
            }
            print(String(format: "  one view (zoom %.2f, globeness %.2f): globe snapshot %.1f ms, the same view in Mercator %.1f ms: %.2fx",
                         view.zoom, globeness, globeMs, flatMs, globeMs / flatMs))
        }
    }

    /// GL JS's frame times for the same flight (`scripts/gljs_flight_bench.py`), or nil when GL JS or Chromium is missing.
    func gljsFrameTimes(style: JSONValue, cameras: [MapCamera]) throws -> [Double]? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/gljs_flight_bench.py").path
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-globe-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let styleFile = dir.appendingPathComponent("style.json"), cameraFile = dir.appendingPathComponent("cameras.json")
        try Data(style.serialized().utf8).write(to: styleFile)
        let cameraJSON: [JSONValue] = cameras.map {
            ["center": [.double($0.center.longitude), .double($0.center.latitude)], "zoom": .double($0.zoom),
             "bearing": .double($0.bearing), "pitch": .double($0.pitch)]
        }
        try Data(JSONValue.array(cameraJSON).serialized().utf8).write(to: cameraFile)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script, styleFile.path, cameraFile.path, "\(width)", "\(height)", "--runs", "\(runs)"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard let v = try? JSONValue(parsing: data), case .array(let times)? = v["times_ms"], !times.isEmpty else {
            if !json { print("  GL JS flight failed: \(String(decoding: data, as: UTF8.self).prefix(300))") }
            return nil
        }
        return times.compactMap(\.number)
    }
}
