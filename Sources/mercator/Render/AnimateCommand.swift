import ArgumentParser
import Foundation
import Mercator
import Rendering

/// `mercator animate`: a flyTo (or easeTo) rendered frame by frame to numbered PNGs.
struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a flyTo (or easeTo) animation as numbered PNG frames.",
        discussion: """
            Writes duration x fps frames, frame-0001.png, frame-0002.png, … (names sort in order): frame i
            shows the camera i/fps seconds after the start, so the last one shows the target camera.
            The start is the style's camera unless --from-center/--from-zoom/--from-bearing/--from-pitch
            change it; --bearing and --pitch are the target's.
            """)

    @Argument(help: "A style JSON file or a GeoJSON file.") var input: String
    @Option(parsing: .unconditional, help: "The target as LON,LAT,ZOOM.") var flyTo: String
    @Option(parsing: .unconditional, help: "The target bearing in degrees (default: the start's).") var bearing: Double?
    @Option(parsing: .unconditional, help: "The target pitch in degrees, 0-85 (default: the start's).") var pitch: Double?
    @Option(parsing: .unconditional, help: "The start centre as LON,LAT (default: the style's).") var fromCenter: String?
    @Option(parsing: .unconditional, help: "The start zoom (default: the style's).") var fromZoom: Double?
    @Option(parsing: .unconditional, help: "The start bearing.") var fromBearing: Double?
    @Option(parsing: .unconditional, help: "The start pitch.") var fromPitch: Double?
    @Option(help: "Length in seconds.") var duration = 3.0
    @Option(help: "Frames per second.") var fps = 30.0
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size = "512x512"
    @Option(help: "Device pixels per point.") var ratio = 1.0
    @Flag(help: "easeTo (a straight move) instead of flyTo.") var ease = false
    @Option(name: .shortAndLong, help: "The folder to write the frames to (created if missing).") var output: String
    @Option(help: "Also write the frames as one animated PNG (APNG) to this file, looping.") var apng: String?
    @OptionGroup var globalState: GlobalStateArguments
    @OptionGroup var projection: ProjectionArguments
    @OptionGroup var limits: InputLimitOptions

    func run() throws {
        guard duration.isFinite, duration > 0, duration <= 600 else { throw ValidationError("--duration must be above 0 and at most 600 seconds") }
        guard fps.isFinite, fps > 0, fps <= 240 else { throw ValidationError("--fps must be above 0 and at most 240") }
        let count = Int((duration * fps).rounded())
        guard count >= 1, count <= 100_000 else { throw ValidationError("--duration x --fps must make 1 to 100000 frames (found \(count))") }
        var options = ["--size", size, "--ratio", String(ratio)]
        if let fromCenter { options += ["--center", fromCenter] }
        if let fromZoom { options += ["--zoom", String(fromZoom)] }
        if let fromBearing { options += ["--bearing", String(fromBearing)] }
        if let fromPitch { options += ["--pitch", String(fromPitch)] }
        let cameraOptions = try CameraOptions.parse(options)
        let mapSize = try cameraOptions.mapSize()
        var target = try CameraArguments.camera(flyTo, option: "--fly-to")
        let data = try InputOutput.read(input, limit: limits.limit)
        let directory = input == "-" ? nil : URL(fileURLWithPath: input).deletingLastPathComponent()
        let map = try MapLoading.map(from: data, name: input, size: mapSize, camera: cameraOptions, styleDirectory: directory)
        try globalState.apply(to: map)
        try projection.apply(to: map)
        let start = map.camera
        target.bearing = bearing ?? start.bearing
        if let pitch {
            guard (0...MapCamera.pitchLimit).contains(pitch) else { throw ValidationError("--pitch must be between 0 and 85 (found \(pitch))") }
            target.pitch = pitch
        } else {
            target.pitch = start.pitch
        }
        let animation = ease
            ? CameraAnimation.ease(from: start, to: target, duration: duration)
            : CameraAnimation.fly(from: start, to: target, in: mapSize, duration: duration)
        let folder = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let digits = max(4, String(count).count)
        var pngs: [Data] = []
        // The last frame is exactly the target (no rounding of i / fps * fps).
        func camera(_ i: Int) -> MapCamera { i == count ? animation.target : animation.camera(at: Double(i) / fps) }
        var reported: Set<StyleWarning> = []
        for i in 1...count {
            map.camera = camera(i)
            // the next frame's tiles are loaded and laid out on another core while this one renders
            let prefetched = DispatchSemaphore(value: 0)
            if i < count {
                let next = camera(i + 1)
                DispatchQueue.global().async {
                    map.prefetch(camera: next)
                    prefetched.signal()
                }
            } else {
                prefetched.signal()
            }
            defer { prefetched.wait() }
            let snapshot = try map.pngSnapshot()  // banded for large frames
            InputOutput.printWarnings(snapshot.warnings, of: map, seen: &reported)  // each once, whichever frame met it
            let name = "frame-" + String(repeating: "0", count: digits - String(i).count) + String(i) + ".png"
            let png = snapshot.data
            try png.write(to: folder.appendingPathComponent(name))
            if apng != nil { pngs.append(png) }
        }
        if let apng { try AnimatedPNG.assemble(pngs, fps: fps).write(to: URL(fileURLWithPath: apng)) }
        InputOutput.printError("wrote \(count) frames to \(output) (\(String(format: "%.2f", animation.duration)) s at \(fps) fps)")
    }
}
