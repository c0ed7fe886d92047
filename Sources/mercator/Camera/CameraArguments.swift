import ArgumentParser
import Foundation
import Mercator

/// Parsing the camera arguments of `animate` and `camera`.
enum CameraArguments {
    /// `LON,LAT,ZOOM` optionally followed by `,BEARING,PITCH`.
    static func camera(_ text: String, option: String) throws -> MapCamera {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3 || parts.count == 5, parts.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError("\(option) must be LON,LAT,ZOOM or LON,LAT,ZOOM,BEARING,PITCH with finite numbers, e.g. 2.35,48.85,12 (found \(text))")
        }
        let v = parts.map { $0! }
        guard abs(v[1]) <= 90 else { throw ValidationError("\(option) latitude must be between -90 and 90 (found \(v[1]))") }
        guard (0...24).contains(v[2]) else { throw ValidationError("\(option) zoom must be between 0 and 24 (found \(v[2]))") }
        var camera = MapCamera(center: LocationCoordinate2D(latitude: v[1], longitude: v[0]), zoom: v[2])
        if v.count == 5 {
            guard (0...MapCamera.pitchLimit).contains(v[4]) else { throw ValidationError("\(option) pitch must be between 0 and 85 (found \(v[4]))") }
            camera.bearing = v[3]
            camera.pitch = v[4]
        }
        return camera
    }

    /// `WIDTHxHEIGHT`.
    static func size(_ text: String, ratio: Double = 1) throws -> MapSize {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 8192, parts[1] <= 8192 else {
            throw ValidationError("--size must be WIDTHxHEIGHT with integers from 1 to 8192, e.g. 800x600 (found \(text))")
        }
        return MapSize(width: parts[0], height: parts[1], pixelRatio: ratio)
    }

    /// A camera as JSON: `{"center": [lon, lat], "zoom", "bearing", "pitch"}`.
    static func json(_ c: MapCamera, extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(JSONObject(extra + [("center", [.double(c.center.longitude), .double(c.center.latitude)]), ("zoom", .double(c.zoom)),
                                    ("bearing", .double(c.bearing)), ("pitch", .double(c.pitch))]))
    }
}
