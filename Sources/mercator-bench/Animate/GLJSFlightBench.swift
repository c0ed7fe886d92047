import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport

/// `mercator-bench animate --globe` and `animate --terrain`: a flight that MapLibre Native cannot draw, every frame a
/// snapshot (no PNG), timed against MapLibre GL JS drawing the same frames in headless Chromium in the same run
/// (`scripts/gljs_flight_bench.py`: frame times taken inside the page). Then one snapshot of the flight's middle view
/// beside the same view drawn flat (Mercator projection, no terrain); on the globe also both painted in one band and
/// timed by CPU time (the work, which a second band's repeated work does not hide).
///
/// - `--globe` (issue 41): a turning flight over Natural Earth's countries on the globe, zoom 1 to 4. Goals: frames
///   per second >= 3x GL JS's; a globe snapshot <= 2x the Mercator one.
/// - `--terrain` (issue 42): a turning flight over the render suite's Grand Canyon tiles at pitch 70, the shaded-relief
///   drape and a hillshade over 3D terrain (exaggeration 1.5). Goals: frames per second >= 3x GL JS's; a terrain
///   snapshot <= 3x the same view drawn flat.
struct GLJSFlightBench {
    /// One flight: what is drawn, where it flies, and the flat style its middle view is compared with.
    struct Flight {
        var name: String
        var description: String
        var style: JSONValue
        var flatStyle: JSONValue
        var flatName: String
        var start: MapCamera
        var target: MapCamera
        /// Whether the middle view's work is also timed painted in one band (``Map/bandCount``; terrain snapshots have
        /// a parallel path of their own).
        var timesWork = false
    }

    var flight: Flight
    var frames: Int
    var runs: Int
    var width: Int
    var height: Int
    var json: Bool
    var noReference: Bool
    /// When set, only snapshot the middle view this many times (for a profiler).
    var profileView: Int?
    /// With `profileView`: the view drawn flat (the comparison's other side).
    var profileFlat = false

    /// Over Africa and the Atlantic at zoom 1 to the Arabian Sea at zoom 4, turning 90 degrees, on the globe.
    static func globe() throws -> Flight {
        Flight(name: "globe", description: "Natural Earth countries on the globe, zoom 1 -> 4 turning 90 degrees",
               style: try countries(projection: "globe"), flatStyle: try countries(projection: "mercator"), flatName: "Mercator",
               start: MapCamera(center: LocationCoordinate2D(latitude: 15, longitude: -10), zoom: 1),
               target: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 4, bearing: 90), timesWork: true)
    }

    /// Over the render suite's four z12 Grand Canyon tiles at pitch 70, zoom 12.5 to 13.5, turning 60 degrees.
    static func terrain() throws -> Flight {
        Flight(name: "terrain", description: "Grand Canyon satellite drape and hillshade over terrain at pitch 70, zoom 12.5 -> 13.5 turning 60 degrees",
               style: try BenchStyles.terrain(draped: true), flatStyle: try BenchStyles.terrain(draped: false), flatName: "flat",
               start: MapCamera(center: LocationCoordinate2D(latitude: 35.93, longitude: -113.33), zoom: 12.5, pitch: 70),
               target: MapCamera(center: LocationCoordinate2D(latitude: 35.96, longitude: -113.26), zoom: 13.5, bearing: 60, pitch: 70))
    }

    /// The countries drawn on a globe (atmosphere off, so both engines draw the same things).
    static func countries(projection: String) throws -> JSONValue {
        guard let countries = SharedFixtures.url("data/ne_50m_admin_0_countries.geojson"),
              FileManager.default.fileExists(atPath: countries.path) else {
            throw ValidationError("shared/data/ne_50m_admin_0_countries.geojson not found (set MERCATOR_SHARED)")
        }
        return ["version": 8, "projection": ["type": .string(projection)], "sky": ["atmosphere-blend": 0.0],
                "sources": ["countries": ["type": "geojson", "data": .string("file://" + countries.path)]],
                "layers": [
                    ["id": "ocean", "type": "background", "paint": ["background-color": "#bcd7ea"]],
                    ["id": "land", "type": "fill", "source": "countries",
                     "paint": ["fill-color": ["interpolate", ["linear"], ["get", "POP_EST"], 0, "#f4efe1", 100_000_000, "#e3a868"]]],
                    ["id": "borders", "type": "line", "source": "countries", "paint": ["line-color": "#7a6a58", "line-width": 0.8]],
                ]]
    }

    func run() throws {
        let size = MapSize(width: width, height: height)
        func map(_ style: JSONValue, _ camera: MapCamera) throws -> Map {
            Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: size)
        }
        let animation = try map(flight.style, flight.start).flyAnimation(to: flight.target)
        if let repeats = profileView {
            let m = try map(profileFlat ? flight.flatStyle : flight.style, animation.camera(at: animation.duration / 2))
            for _ in 0..<max(1, repeats) { _ = try m.snapshot() }
            return
        }
        let cameras = (0..<frames).map { animation.camera(at: animation.duration * Double($0) / Double(frames - 1)) }
        // each frame's wall time and the CPU time of all its threads (what a shared machine's load inflates less)
        var wall: [Double] = [], cpu: [Double] = []
        for _ in 0..<runs {
            // every run starts cold: a fresh map, one warm-up frame at the start camera (as the page's)
            let m = try map(flight.style, flight.start)
            _ = try m.snapshot()
            for camera in cameras.dropFirst() {
                m.camera = camera
                let c0 = Measure.processCPUSeconds()
                wall.append(try Measure.seconds { _ = try m.snapshot() } * 1000)
                cpu.append((Measure.processCPUSeconds() - c0) * 1000)
            }
        }
        let median = Measure.median(wall)
        let gljs = noReference ? nil : try gljsFrameTimes(cameras: cameras)
        let gljsMedian = gljs.map(Measure.median) ?? .nan

        // the flight's middle view, drawn as the flight draws it and flat, side by side in one process, interleaved
        let view = animation.camera(at: animation.duration / 2)
        let (drawnMs, flatMs) = try viewCost(view, repeats: max(5, runs * 5), map: map)
        // and the work it takes: the same view painted in one band, CPU time (a second band repeats some of the work,
        // more of the flat map's than of the globe's, so the two-core wall times above understate it)
        let work = flight.timesWork ? try viewCost(view, repeats: max(5, runs * 5), bands: 1, map: map) : nil
        // and five views along the flight (its start, quarters and end): the cost ratio changes with the zoom
        let alongFlight = try (0...4).map { k in
            let camera = animation.camera(at: animation.duration * Double(k) / 4)
            let (drawn, flat) = try viewCost(camera, repeats: max(3, runs * 2), map: map)
            return (zoom: camera.zoom, ratio: drawn / flat)
        }
        let ratios = alongFlight.map(\.ratio)
        let worst = alongFlight.max { $0.ratio < $1.ratio }!
        let flat = flight.flatName.lowercased()

        if json {
            Measure.printJSON([("case", "\(flight.name)-flight"), ("frames", Double(wall.count)), ("frames_per_second", 1000 / median),
                               ("median_frame_ms", median), ("worst_frame_ms", wall.max() ?? .nan),
                               ("median_frame_cpu_ms", Measure.median(cpu)),
                               ("gljs_frames", Double(gljs?.count ?? 0)), ("gljs_frames_per_second", 1000 / gljsMedian),
                               ("gljs_median_frame_ms", gljsMedian), ("speedup_vs_gljs", gljsMedian / median)])
            var pairs: [(String, Any)] = [("case", "\(flight.name)-snapshot-vs-\(flat)"), ("\(flight.name)_snapshot_ms", drawnMs),
                                          ("\(flat)_snapshot_ms", flatMs), ("\(flight.name)_cost_vs_\(flat)", drawnMs / flatMs)]
            if let work {
                pairs += [("\(flight.name)_work_ms", work.drawn), ("\(flat)_work_ms", work.flat), ("work_vs_\(flat)", work.drawn / work.flat)]
            }
            Measure.printJSON(pairs + [("zoom", view.zoom), ("pitch", view.pitch)])
            Measure.printJSON([("case", "\(flight.name)-views-vs-\(flat)"), ("views", Double(ratios.count)),
                               ("median_cost_vs_\(flat)", Measure.median(ratios)), ("worst_cost_vs_\(flat)", worst.ratio),
                               ("worst_zoom", worst.zoom)])
        } else {
            print(String(format: "animate --%@ %dx%d: %d frames, %@: median frame %.1f ms = %.1f fps, worst %.1f ms; CPU %.1f ms a frame (all threads, median)",
                         flight.name, width, height, wall.count, flight.description, median, 1000 / median, wall.max() ?? .nan,
                         Measure.median(cpu)))
            if let gljs {
                print(String(format: "  MapLibre GL JS 5.24 in headless Chromium (SwiftShader), same frames: median %.1f ms = %.1f fps over %d frames; Mercator is %.2fx as fast",
                             gljsMedian, 1000 / gljsMedian, gljs.count, gljsMedian / median))
            } else if !noReference {
                print("  GL JS reference not available: run ../shared/tools/reference-render-gljs/setup.sh")
            }
            print(String(format: "  one view (zoom %.2f, pitch %.0f): %@ snapshot %.1f ms, the same view %@ %.1f ms: %.2fx",
                         view.zoom, view.pitch, flight.name, drawnMs, flight.flatName, flatMs, drawnMs / flatMs))
            if let work {
                print(String(format: "  the same view's work, painted in one band (CPU time): %@ %.1f ms, %@ %.1f ms: %.2fx",
                             flight.name, work.drawn, flight.flatName, work.flat, work.drawn / work.flat))
            }
            print(String(format: "  five views along the flight (zoom %@): %@ / %@ cost %@; median %.2fx, worst %.2fx at zoom %.2f",
                         alongFlight.map { String(format: "%.2f", $0.zoom) }.joined(separator: ", "), flight.name, flight.flatName,
                         ratios.map { String(format: "%.2fx", $0) }.joined(separator: ", "), Measure.median(ratios), worst.ratio, worst.zoom))
        }
    }

    /// The median snapshot times (ms) of one view drawn as the flight draws it and flat, each map drawn once before
    /// and the two interleaved `repeats` times in this process. With `bands`, each snapshot painted in that many bands
    /// and timed by the process's CPU time instead of the wall clock.
    private func viewCost(_ camera: MapCamera, repeats: Int, bands: Int? = nil,
                          map: (JSONValue, MapCamera) throws -> Map) throws -> (drawn: Double, flat: Double) {
        let drawnMap = try map(flight.style, camera), flatMap = try map(flight.flatStyle, camera)
        drawnMap.bandCount = bands
        flatMap.bandCount = bands
        _ = try drawnMap.snapshot()
        _ = try flatMap.snapshot()
        func ms(_ m: Map) throws -> Double {
            guard bands != nil else { return try Measure.seconds { _ = try m.snapshot() } * 1000 }
            let cpu = Measure.processCPUSeconds()
            _ = try m.snapshot()
            return (Measure.processCPUSeconds() - cpu) * 1000
        }
        var drawnTimes: [Double] = [], flatTimes: [Double] = []
        for _ in 0..<repeats {
            drawnTimes.append(try ms(drawnMap))
            flatTimes.append(try ms(flatMap))
        }
        return (Measure.median(drawnTimes), Measure.median(flatTimes))
    }

    /// GL JS's frame times for the same flight (`scripts/gljs_flight_bench.py`), or nil when GL JS or Chromium is missing.
    func gljsFrameTimes(cameras: [MapCamera]) throws -> [Double]? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/gljs_flight_bench.py").path
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-\(flight.name)-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let styleFile = dir.appendingPathComponent("style.json"), cameraFile = dir.appendingPathComponent("cameras.json")
        try Data(flight.style.serialized().utf8).write(to: styleFile)
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
