import Foundation
import GeoJSON
public import Rendering

/// A camera change over time, sampled at any moment: `easeTo` (straight, zoom and centre together)
/// or `flyTo` (van Wijk & Nuij's optimal path: out, across, in), computed as GL JS computes them
/// (the path is Rendering's `CameraPath`).
///
/// Time is an input: ``camera(at:)`` gives the camera `time` seconds after the start, the target
/// camera from ``duration`` on. Nothing reads a clock.
public struct CameraAnimation: Sendable {
    /// The camera at time 0.
    public let start: MapCamera
    /// The camera at the end (longitude wrapped, bearing as the animation turns to it).
    public let target: MapCamera
    /// The length in seconds.
    public let duration: Double
    /// The timing curve applied to the time fraction.
    public let easing: UnitBezier
    /// The path (Rendering's camera math).
    private let path: CameraPath

    /// GL JS's default `easeTo` duration in seconds.
    public static let defaultEaseDuration = 0.5

    /// An `easeTo`: zoom, bearing and pitch interpolated linearly in the eased time, the centre moved
    /// along the straight line between the two, sped up while zooming in as GL JS does.
    ///
    /// With `onGlobe` (a map drawing a globe at the start's zoom) it is GL JS's globe ease: longitude and
    /// latitude interpolated (longitude paced by Mercator y when the latitude changes), the zoom
    /// interpolated as the zoom at the equator showing the globe as large (unchanged when the target's zoom
    /// is the start's, so the globe keeps its zoom, not its size).
    public static func ease(from start: MapCamera, to target: MapCamera, duration: Double = defaultEaseDuration,
                            easing: UnitBezier = .ease, onGlobe: Bool = false) -> CameraAnimation {
        CameraAnimation(path: .ease(from: start, to: target, onGlobe: onGlobe), duration: max(0, duration), easing: easing)
    }

    /// A `flyTo` in a view of `size`: the path of van Wijk & Nuij's "Smooth and efficient zooming and
    /// panning" with GL JS's parameters (`curve` is ρ, 1.42 by default; `speed` 1.2 screenfuls per
    /// second). Without a `duration` it lasts `S / speed` seconds, `S` the path's length.
    ///
    /// - Parameters:
    ///   - start: the camera the flight starts from.
    ///   - target: the camera it ends at.
    ///   - size: the view's size (a screenful is its larger side).
    ///   - duration: seconds; by default the path's length over `speed`.
    ///   - speed: screenfuls per second (GL JS's `speed`).
    ///   - curve: ρ, how high the flight arcs (GL JS's `curve`).
    ///   - minimumZoom: the zoom to pass through at the top of the arc (GL JS's `minZoom`),
    ///     which sets ρ instead of `curve`.
    ///   - easing: how time runs along the path.
    ///   - onGlobe: GL JS's globe flight (a map drawing a globe at the start's zoom): the path's length the
    ///     angle between the two centres on the start's globe, the zooms normalized to the equator,
    ///     longitude and latitude interpolated as ``ease(from:to:duration:easing:onGlobe:)`` does.
    public static func fly(from start: MapCamera, to target: MapCamera, in size: MapSize, duration: Double? = nil,
                           speed: Double = 1.2, curve: Double = 1.42, minimumZoom: Double? = nil,
                           easing: UnitBezier = .ease, onGlobe: Bool = false) -> CameraAnimation {
        guard let path = CameraPath.fly(from: start, to: target, width: size.width, height: size.height,
                                        curve: curve, minimumZoom: minimumZoom, onGlobe: onGlobe) else {
            return ease(from: start, to: target, duration: duration ?? defaultEaseDuration, easing: easing, onGlobe: onGlobe)
        }
        return CameraAnimation(path: path, duration: max(0, duration ?? (path.length ?? 0) / speed), easing: easing)
    }

    private init(path: CameraPath, duration: Double, easing: UnitBezier) {
        self.path = path
        start = path.start
        target = path.target
        self.duration = duration
        self.easing = easing
    }

    /// The eased progress (0...1) `time` seconds after the start.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return easing.solve(min(1, max(0, time / duration)))
    }

    /// Whether the animation has reached its target `time` seconds after the start.
    public func isFinished(at time: Double) -> Bool { time >= duration }

    /// The camera `time` seconds after the start (the target from ``duration`` on).
    public func camera(at time: Double) -> MapCamera {
        camera(progress: progress(at: time))
    }

    /// The camera at eased progress `k` (0 the start, 1 the target).
    public func camera(progress k: Double) -> MapCamera {
        path.camera(progress: k)
    }
}

extension UnitBezier {
    /// GL JS's default easing, `bezier(0.25, 0.1, 0.25, 1)` (CSS `ease`), used by `easeTo` and `flyTo`.
    public static let ease = UnitBezier(0.25, 0.1, 0.25, 1)
}
