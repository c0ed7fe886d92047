import ArgumentParser
import Foundation
import Mercator

/// `mercator camera fit|fly`: the camera functions' numbers as JSON (for scripts and checks).
struct CameraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camera",
        abstract: "Print fitted cameras and sampled easeTo/flyTo paths as JSON.",
        subcommands: [CameraFitCommand.self, CameraFlyCommand.self, CameraProjectCommand.self])
}

/// `mercator camera fit`: the camera that fits a bounding box.
struct CameraFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "The camera showing a bounding box whole (GL JS cameraForBounds), as JSON.")

    @Option(parsing: .unconditional, help: "The box as WEST,SOUTH,EAST,NORTH (west > east crosses the antimeridian).") var bounds: String
    @Option(help: "View size in points, WIDTHxHEIGHT.") var size = "512x512"
    @Option(parsing: .unconditional, help: "Padding in points: one number, or TOP,LEFT,BOTTOM,RIGHT.") var padding = "0"
    @Option(parsing: .unconditional, help: "Bearing in degrees.") var bearing = 0.0
    @Option(parsing: .unconditional, help: "Pitch in degrees (0-85).") var pitch = 0.0
    @Option(help: "The largest zoom.") var maxZoom = 22.0
    @Option(help: "mercator (default), or globe / vertical-perspective: GL JS's fit on the globe (the map drawing a globe when the fit is asked).")
    var projection: String?

    func run() throws {
        if let projection, !["mercator", "globe", "vertical-perspective"].contains(projection) {
            throw ValidationError("--projection must be mercator, globe or vertical-perspective (found \(projection))")
        }
        let b = bounds.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard b.count == 4, b.allSatisfy(\.isFinite) else {
            throw ValidationError("--bounds must be WEST,SOUTH,EAST,NORTH, e.g. -10,40,10,50 (found \(bounds))")
        }
        let p = padding.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let edges: EdgePadding
        switch p.count {
        case 1: edges = EdgePadding(all: p[0])
        case 4: edges = EdgePadding(top: p[0], left: p[1], bottom: p[2], right: p[3])
        default: throw ValidationError("--padding must be one number or TOP,LEFT,BOTTOM,RIGHT (found \(padding))")
        }
        guard (0...MapCamera.pitchLimit).contains(pitch) else { throw ValidationError("--pitch must be between 0 and 85 (found \(pitch))") }
        let camera = try MapCamera.fitting(bounds: BoundingBox(west: b[0], south: b[1], east: b[2], north: b[3]),
                                           in: try CameraArguments.size(size), padding: edges, bearing: bearing, pitch: pitch,
                                           maximumZoom: maxZoom, onGlobe: projection == "globe" || projection == "vertical-perspective")
        print(CameraArguments.json(camera).serialized())
    }
}

/// `mercator camera fly`: a flyTo (or easeTo) path sampled at given times.
struct CameraFlyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fly",
        abstract: "A flyTo (or --ease: easeTo) path sampled at given times, as JSON.",
        discussion: """
            Prints {"duration": seconds, "frames": [{"time", "progress", "center", "zoom", "bearing", "pitch"}]}:
            the camera at each time (--times), or at --samples evenly spaced times from 0 to the duration.
            """)

    @Option(parsing: .unconditional, help: "The start camera: LON,LAT,ZOOM[,BEARING,PITCH].") var from: String
    @Option(parsing: .unconditional, help: "The target camera: LON,LAT,ZOOM[,BEARING,PITCH].") var to: String
    @Option(help: "View size in points, WIDTHxHEIGHT.") var size = "512x512"
    @Option(help: "Duration in seconds (flyTo's default: the path length over the speed).") var duration: Double?
    @Option(help: "flyTo speed in screenfuls per second.") var speed = 1.2
    @Option(help: "flyTo curve (rho).") var curve = 1.42
    @Option(help: "Times in seconds, comma-separated.") var times: String?
    @Option(help: "Evenly spaced samples from 0 to the end (when --times is not given).") var samples = 11
    @Flag(help: "easeTo instead of flyTo.") var ease = false
    @OptionGroup var projection: ProjectionArguments

    func run() throws {
        let start = try CameraArguments.camera(from, option: "--from")
        let target = try CameraArguments.camera(to, option: "--to")
        if let duration, !(duration.isFinite && duration >= 0) { throw ValidationError("--duration must be 0 or more seconds") }
        // GL JS moves the camera on the globe when the projection draws one at the start's zoom
        let mapSize = try CameraArguments.size(size)
        let map = Map(style: Style(), camera: start, size: mapSize)
        try projection.apply(to: map)
        let onGlobe = map.projectionGlobeness > 0
        let animation = ease
            ? CameraAnimation.ease(from: start, to: target, duration: duration ?? CameraAnimation.defaultEaseDuration, onGlobe: onGlobe)
            : CameraAnimation.fly(from: start, to: target, in: mapSize, duration: duration, speed: speed, curve: curve, onGlobe: onGlobe)
        var at: [Double]
        if let times {
            at = times.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !at.isEmpty else { throw ValidationError("--times must be seconds separated by commas") }
        } else {
            guard samples >= 2 else { throw ValidationError("--samples must be at least 2") }
            at = (0..<samples).map { animation.duration * Double($0) / Double(samples - 1) }
        }
        let frames: [JSONValue] = at.map { t in
            CameraArguments.json(animation.camera(at: t), extra: [("time", .double(t)), ("progress", .double(animation.progress(at: t)))])
        }
        print(JSONValue.object(["duration": .double(animation.duration), "frames": .array(frames)]).serialized())
    }
}

/// `mercator camera project`: screen points to coordinates and coordinates to screen points for a camera.
struct CameraProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Screen points <-> coordinates for a camera (any bearing and pitch), as JSON.",
        discussion: """
            Prints {"coordinates": [[lon, lat] or null for each --points entry], "points": [[x, y] for each
            --coordinates entry]}, in points from the view's top left.
            """)

    @Option(parsing: .unconditional, help: "The camera: LON,LAT,ZOOM[,BEARING,PITCH].") var camera: String
    @Option(help: "View size in points, WIDTHxHEIGHT.") var size = "512x512"
    @Option(parsing: .unconditional, help: "Screen points X,Y separated by semicolons.") var points = ""
    @Option(parsing: .unconditional, help: "Coordinates LON,LAT separated by semicolons.") var coordinates = ""
    @OptionGroup var projection: ProjectionArguments

    private func pairs(_ text: String, option: String) throws -> [(Double, Double)] {
        try text.split(separator: ";").map { item in
            let v = item.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard v.count == 2, v.allSatisfy(\.isFinite) else { throw ValidationError("\(option) entries must be two numbers (found \(item))") }
            return (v[0], v[1])
        }
    }

    func run() throws {
        let cam = try CameraArguments.camera(camera, option: "--camera")
        let mapSize = try CameraArguments.size(size)
        // an empty map carries the projection: its point <-> coordinate math is the renderer's
        let map = Map(style: Style(), camera: cam, size: mapSize)
        try projection.apply(to: map)
        let coords: [JSONValue] = try pairs(points, option: "--points").map { p in
            guard let c = map.coordinate(for: Point(x: p.0, y: p.1)) else { return .null }
            return [.double(c.longitude), .double(c.latitude)]
        }
        let screen: [JSONValue] = try pairs(coordinates, option: "--coordinates").map { c in
            let p = map.point(for: LocationCoordinate2D(latitude: c.1, longitude: c.0))
            return [.double(p.x), .double(p.y)]
        }
        print(JSONValue.object(["coordinates": .array(coords), "points": .array(screen)]).serialized())
    }
}
