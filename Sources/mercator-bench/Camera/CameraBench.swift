import ArgumentParser
import Foundation
import Mercator

/// `mercator-bench camera`: a 60-frame pinch on the sample venue, each frame a gesture event handled
/// by `MapGestures` and a snapshot rendered: frames per second (median frame time).
struct CameraBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camera",
        abstract: "A 60-frame pinch on the sample venue: one gesture event and one snapshot per frame (frames per second).")

    @Option(help: "Frames in the pinch.") var frames = 60
    @Option(help: "Times the whole pinch is played (after a warm-up frame).") var runs = 3
    @Option(help: "View size in points, WIDTHxHEIGHT.") var size = "1024x768"
    @Option(help: "Look: seed or styled.") var look = "styled"
    @Option(help: "The venue bundle (default: Samples/harbourfront-galleria.zip in the repository).") var venue: String?
    @Flag(help: "Print one JSON line.") var json = false

    func run() throws {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw ValidationError("--size must be WIDTHxHEIGHT") }
        guard frames >= 2, runs >= 1 else { throw ValidationError("--frames must be at least 2 and --runs at least 1") }
        guard let chosenLook = VenueLook(rawValue: look) else { throw ValidationError("--look must be seed or styled") }
        let url = venue.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/harbourfront-galleria.zip")
        let bundle = try Venue.open(contentsOf: url)
        guard let floor = bundle.defaultFloor else { throw ValidationError("\(url.lastPathComponent) has no floors") }
        let options = VenueStyleOptions(look: chosenLook, framing: .region(meters: 100), width: parts[0], height: parts[1])
        let map = try Map(venue: bundle, floor: floor, options: options)
        let start = map.camera
        _ = try map.snapshot()
        var frameTimes: [Double] = [], gestureTimes: [Double] = []
        let w = Double(parts[0]), h = Double(parts[1])
        // Fingers 100 points apart around an off-centre anchor, spreading to 200 (one zoom level in)
        // while turning 30 degrees.
        let anchor = Point(x: w * 0.4, y: h * 0.45)
        func fingers(_ i: Int) -> [Point] {
            let f = Double(i) / Double(frames - 1)
            let half = 50 * (1 + f), angle = f * .pi / 6
            return [Point(x: anchor.x - half * cos(angle), y: anchor.y - half * sin(angle)),
                    Point(x: anchor.x + half * cos(angle), y: anchor.y + half * sin(angle))]
        }
        for _ in 0..<runs {
            map.camera = start
            var gestures = MapGestures(map: map)
            try gestures.handle(TouchEvent(.began, fingers(0), at: 0))
            for i in 1..<frames {
                var t0 = 0.0
                let frame = try Measure.seconds {
                    t0 = try Measure.seconds { try gestures.handle(TouchEvent(.moved, fingers(i), at: Double(i) / 60)) }
                    _ = try map.snapshot()
                }
                frameTimes.append(frame * 1000)
                gestureTimes.append(t0 * 1e6)
            }
            try gestures.handle(TouchEvent(.ended, fingers(frames - 1), at: Double(frames) / 60))
        }
        let median = Measure.median(frameTimes)
        let gesture = Measure.median(gestureTimes)
        let end = map.camera
        if json {
            Measure.printJSON([("bench", "camera-pinch"), ("frames", Double(frames)), ("median_frame_ms", median),
                               ("fps", 1000 / median), ("median_gesture_us", gesture), ("zoom_change", end.zoom - start.zoom)])
        } else {
            print(String(format: "pinch on %@ floor %d at %@ (%@ look), %d frames x %d runs: median frame %.1f ms = %.1f fps; gesture event %.1f µs; zoom %.2f -> %.2f, bearing %.1f",
                         url.lastPathComponent, floor.elevation, size, look, frames, runs, median, 1000 / median, gesture,
                         start.zoom, end.zoom, end.bearing))
        }
    }
}
