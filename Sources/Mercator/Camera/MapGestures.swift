import Foundation
import GeoJSON
public import Rendering

/// The map view's built-in gestures as a headless, deterministic model: touch events in, camera
/// changes on a ``Map`` out (the SDK's gesture recognizers and their switches).
///
/// | gesture | camera change | switch |
/// |---|---|---|
/// | pan | the map point under the finger stays under it; released at speed, it glides on, slowed by ``decelerationRate`` | ``scrollEnabled`` |
/// | pinch | zoom by log2 of the change in finger distance, about the fingers' centroid (the point under it stays under it) | ``zoomEnabled`` |
/// | rotation | bearing turned with the fingers, about the centroid | ``rotateEnabled`` |
/// | two-finger vertical drag | pitch up 0.5° per point dragged up, about the centre | ``pitchEnabled`` |
/// | double tap | zoom in by 1 about the tap | ``zoomEnabled`` |
/// | two-finger tap | zoom out by 1 about the fingers' centroid | ``zoomEnabled`` |
/// | one-finger zoom (tap, then touch and drag) | zoom in 1 per 75 points dragged up (out when down), about the touch | ``zoomEnabled`` |
/// | single tap | selects the annotation there, or returns the features there | |
///
/// Every camera is kept within ``constraints``. Time is an input (each event's `time`, and
/// ``advance(to:)`` for a decelerating pan); nothing reads a clock.
///
/// On the globe (the map's ``Map/projectionGlobeness`` above 0) the gestures move the camera as MapLibre
/// GL JS 5.24 does there: a pan (and its glide, and a pinch's move) turns the globe by a fixed angle per
/// point dragged, the zoom adjusted so the globe keeps its size; pinches, taps and one-finger zoom zoom
/// about the point so that the location under it stays under it on the sphere (blended towards GL JS's
/// heuristic far from the centre or with a small globe); the world's edges do not limit the centre.
public struct MapGestures: Sendable {
    /// The map whose camera the gestures move.
    public let map: Map
    /// Whether pinching, double taps, two-finger taps and one-finger zoom change the zoom (`zoomEnabled`).
    public var zoomEnabled = true
    /// Whether dragging one finger pans (`scrollEnabled`).
    public var scrollEnabled = true
    /// Whether turning two fingers rotates (`rotateEnabled`).
    public var rotateEnabled = true
    /// Whether dragging two fingers vertically tilts (`pitchEnabled`).
    public var pitchEnabled = true
    /// How quickly a released pan stops (`decelerationRate`).
    public var decelerationRate = DecelerationRate.normal
    /// The limits every camera is kept within.
    public var constraints = CameraConstraints()
    /// How far (points) a finger may move and still tap.
    public var tapSlop = 10.0
    /// The longest touch (seconds) that is still a tap.
    public var maximumTapDuration = 0.5
    /// The longest pause (seconds) between the taps of a double tap or a one-finger zoom.
    public var doubleTapInterval = 0.3
    /// How far apart (points) the two taps of a double tap may be.
    public var doubleTapDistance = 40.0
    /// The slowest release (points per second) that still glides; MapLibre Native's threshold.
    public var minimumDecelerationSpeed = 100.0
    /// How long (seconds) double and two-finger taps take to zoom: 0 changes the camera at once;
    /// MapLibre Native animates 0.3 s, eased by `UnitBezier(0, 0, 0.25, 1)` (sample with ``advance(to:)``).
    public var tapZoomDuration = 0.0

    private var state = State.idle
    /// The last single tap's place and end time, for double taps and one-finger zoom.
    private var lastTap: (point: Point, time: Double)?
    private var glide: Glide?
    private var tapZoom: TapZoom?

    /// A double or two-finger tap's zoom in progress.
    private struct TapZoom: Sendable {
        var start: MapCamera
        var delta: Double
        var world: Point
        var point: Point
        var time: Double
        var duration: Double
        var onGlobe = false

        /// MapLibre Native's default transition easing.
        static let easing = UnitBezier(0, 0, 0.25, 1)

        func camera(at t: Double, size: MapSize, constraints: CameraConstraints) -> MapCamera {
            let k = TapZoom.easing.solve(min(1, max(0, (t - time) / duration)))
            if onGlobe {
                return constraints.constrain(GlobeCameraMath.zoomed(start, by: delta * k, about: point, width: Double(size.width),
                                                                    height: Double(size.height),
                                                                    clampZoom: { constraints.constrain(MapCamera(zoom: $0)).zoom }))
            }
            var camera = start
            camera.zoom = start.zoom + delta * k
            camera = constraints.constrain(camera, in: size)
            return constraints.constrain(camera.placing(world: world, at: point, in: size), in: size)
        }
    }

    /// Whether the map draws a globe now (GL JS's `useGlobeControls`): the gestures then move the camera on the sphere.
    private var onGlobe: Bool { map.projectionGlobeness > 0 }

    /// `camera` within the constraints; on the globe the world's edges do not limit the centre (GL JS's globe constrain).
    private func constrained(_ camera: MapCamera) -> MapCamera {
        constraints.constrain(camera, in: onGlobe ? nil : map.size)
    }

    /// `camera` zoomed by `delta` (and turned by `bearingDelta`) about `point` on the globe.
    private func globeZoomed(_ camera: MapCamera, by delta: Double, bearingDelta: Double = 0, about point: Point) -> MapCamera {
        let limits = constraints
        return GlobeCameraMath.zoomed(camera, by: delta, bearingDelta: bearingDelta, about: point,
                                      width: Double(map.size.width), height: Double(map.size.height),
                                      clampZoom: { limits.constrain(MapCamera(zoom: $0)).zoom })
    }

    /// Gestures driving `map`'s camera.
    public init(map: Map) {
        self.map = map
    }

    private enum State: Sendable {
        case idle
        /// One finger down, not moved past the slop yet; `secondTap` when it follows a tap closely.
        case touching(start: Point, time: Double, secondTap: Bool)
        /// Panning: the world position that stays under the finger and the last two samples.
        case panning(anchor: Point, last: Sample, previous: Sample)
        /// Two fingers down, not yet moved past the slop.
        case twoTouching(start: [Point], time: Double)
        case pinching(previous: [Point])
        case pitching(previous: [Point])
        case oneFingerZooming(anchor: Point, anchorWorld: Point, startY: Double, startZoom: Double)
        /// Fingers down after a gesture was decided against (switched off, or too many fingers).
        case ignoring
    }

    private struct Sample: Sendable {
        var point: Point
        var time: Double
    }

    /// A released pan gliding to a stop: where the finger was, the camera then and its decay.
    private struct Glide: Sendable {
        var camera: MapCamera
        var anchor: Point
        var release: Point
        var time: Double
        var motion: GestureMath.Glide
        /// On the globe the glide turns the globe by the finger's travel (GL JS's `handlePanInertia`).
        var onGlobe = false
    }

    /// Whether a released pan is still gliding at `time`.
    public func isDecelerating(at time: Double) -> Bool {
        guard let glide else { return false }
        return time - glide.time < glide.motion.duration
    }

    /// The camera of a gliding pan `time` seconds on the events' clock, or `nil` when nothing glides.
    public func deceleratingCamera(at time: Double) -> MapCamera? {
        guard let glide else { return nil }
        let o = glide.motion.offset(at: max(0, time - glide.time))
        if glide.onGlobe { return constraints.constrain(GlobeCameraMath.panned(glide.camera, by: o)) }
        let point = Point(x: glide.release.x + o.x, y: glide.release.y + o.y)
        return constraints.constrain(glide.camera.placing(world: glide.anchor, at: point, in: map.size), in: map.size)
    }

    /// Whether a gliding pan or a tap's zoom is still moving the camera at `time`.
    public func isAnimating(at time: Double) -> Bool {
        isDecelerating(at: time) || tapZoom.map { time - $0.time < $0.duration } == true
    }

    /// Moves a gliding pan or a tap's zoom on to `time`, setting the map's camera; returns the camera.
    @discardableResult
    public mutating func advance(to time: Double) -> MapCamera {
        if let zoom = tapZoom {
            map.camera = zoom.camera(at: time, size: map.size, constraints: constraints)
            if time - zoom.time >= zoom.duration { tapZoom = nil }
        }
        if let camera = deceleratingCamera(at: time) {
            map.camera = camera
            if !isDecelerating(at: time) { glide = nil }
        }
        return map.camera
    }

    /// Handles one event, changing the map's camera as the gesture asks.
    ///
    /// - Throws: what a single tap's feature query throws (`StyleRenderError`, `MapQueryError`).
    @discardableResult
    public mutating func handle(_ event: TouchEvent) throws -> GestureOutput {
        if glide != nil || tapZoom != nil {
            // A touch stops a glide or a tap's zoom where it is.
            advance(to: event.time)
            glide = nil
            tapZoom = nil
        }
        let touches = event.touches
        switch event.phase {
        case .cancelled:
            state = .idle
            return output(nil)
        case .began:
            return began(touches, at: event.time)
        case .moved:
            return moved(touches, at: event.time)
        case .ended:
            return try ended(touches, at: event.time)
        }
    }

    private func output(_ gesture: RecognizedGesture?, tap: TapResult? = nil) -> GestureOutput {
        GestureOutput(gesture: gesture, camera: map.camera, tap: tap)
    }

    private mutating func began(_ touches: [Point], at time: Double) -> GestureOutput {
        switch touches.count {
        case 1:
            var second = false
            if let tap = lastTap, time - tap.time <= doubleTapInterval, distance(tap.point, touches[0]) <= doubleTapDistance {
                second = true
            }
            state = .touching(start: touches[0], time: time, secondTap: second)
        case 2:
            lastTap = nil
            state = .twoTouching(start: touches, time: time)
        default:
            state = .ignoring
        }
        return output(nil)
    }

    private mutating func moved(_ touches: [Point], at time: Double) -> GestureOutput {
        switch state {
        case .touching(let start, let startTime, let secondTap):
            guard touches.count == 1 else { return began(touches, at: time) }
            let p = touches[0]
            if distance(start, p) <= tapSlop { return output(nil) }
            lastTap = nil
            if secondTap {
                guard zoomEnabled, let world = map.camera.world(at: start, in: map.size) else {
                    state = .ignoring
                    return output(nil)
                }
                state = .oneFingerZooming(anchor: start, anchorWorld: world, startY: start.y, startZoom: map.camera.zoom)
                return moved(touches, at: time)
            }
            guard scrollEnabled, let world = map.camera.world(at: start, in: map.size) else {
                state = .ignoring
                return output(nil)
            }
            state = .panning(anchor: world, last: Sample(point: start, time: startTime), previous: Sample(point: start, time: startTime))
            return moved(touches, at: time)
        case .panning(let anchor, let last, _):
            guard touches.count == 1 else { return began(touches, at: time) }
            if onGlobe {
                let delta = Point(x: touches[0].x - last.point.x, y: touches[0].y - last.point.y)
                map.camera = constrained(GlobeCameraMath.panned(map.camera, by: delta))
            } else {
                map.camera = constraints.constrain(map.camera.placing(world: anchor, at: touches[0], in: map.size), in: map.size)
            }
            state = .panning(anchor: anchor, last: Sample(point: touches[0], time: time), previous: last)
            return output(.pan)
        case .oneFingerZooming(let anchor, let world, let startY, let startZoom):
            guard touches.count == 1 else { return began(touches, at: time) }
            if onGlobe {
                let zoom = startZoom + (startY - touches[0].y) / GestureMath.oneFingerZoomPoints
                map.camera = constrained(globeZoomed(map.camera, by: zoom - map.camera.zoom, about: anchor))
                return output(.oneFingerZoom)
            }
            var camera = map.camera
            camera.zoom = startZoom + (startY - touches[0].y) / GestureMath.oneFingerZoomPoints
            camera = constraints.constrain(camera, in: map.size)
            map.camera = constraints.constrain(camera.placing(world: world, at: anchor, in: map.size), in: map.size)
            return output(.oneFingerZoom)
        case .twoTouching(let start, _):
            guard touches.count == 2 else { return began(touches, at: time) }
            if distance(start[0], touches[0]) <= tapSlop && distance(start[1], touches[1]) <= tapSlop { return output(nil) }
            if GestureMath.isVerticalDrag(from: start, to: touches) && pitchEnabled {
                state = .pitching(previous: start)
            } else if zoomEnabled || rotateEnabled || scrollEnabled {
                state = .pinching(previous: start)
            } else {
                state = .ignoring
                return output(nil)
            }
            return moved(touches, at: time)
        case .pinching(let previous):
            guard touches.count == 2 else { return began(touches, at: time) }
            pinch(from: previous, to: touches)
            state = .pinching(previous: touches)
            return output(.pinch)
        case .pitching(let previous):
            guard touches.count == 2 else { return began(touches, at: time) }
            var camera = map.camera
            let dy = ((touches[0].y - previous[0].y) + (touches[1].y - previous[1].y)) / 2
            camera.pitch -= dy * GestureMath.pitchDegreesPerPoint
            map.camera = constraints.constrain(camera, in: map.size)
            state = .pitching(previous: touches)
            return output(.pitch)
        case .idle, .ignoring:
            return output(nil)
        }
    }

    /// Zoom, rotation and the centroid's move from one pair of finger positions to the next.
    private mutating func pinch(from previous: [Point], to current: [Point]) {
        let size = map.size
        let step = GestureMath.pinch(from: previous, to: current)
        if onGlobe {
            // GL JS: zoom and turn about the fingers' centroid, then pan by the centroid's move
            var camera = globeZoomed(map.camera, by: zoomEnabled ? step.zoomDelta : 0,
                                     bearingDelta: rotateEnabled ? step.bearingDelta : 0, about: step.to)
            if scrollEnabled { camera = GlobeCameraMath.panned(camera, by: Point(x: step.to.x - step.from.x, y: step.to.y - step.from.y)) }
            map.camera = constrained(camera)
            return
        }
        guard let anchor = map.camera.world(at: step.from, in: size) else { return }
        var camera = map.camera
        if zoomEnabled { camera.zoom += step.zoomDelta }
        if rotateEnabled { camera.bearing += step.bearingDelta }
        camera = constraints.constrain(camera, in: map.size)
        map.camera = constraints.constrain(camera.placing(world: anchor, at: scrollEnabled ? step.to : step.from, in: size), in: map.size)
    }

    private mutating func ended(_ touches: [Point], at time: Double) throws -> GestureOutput {
        let current = state
        state = .idle
        switch current {
        case .touching(let start, let startTime, let secondTap):
            let p = touches.first ?? start
            guard distance(start, p) <= tapSlop, time - startTime <= maximumTapDuration else {
                lastTap = nil
                return output(nil)
            }
            if secondTap && zoomEnabled {
                lastTap = nil
                zoom(by: 1, about: start, at: time)
                return output(.doubleTap)
            }
            lastTap = (start, time)
            return output(.singleTap, tap: try map.tap(at: start))
        case .panning(let anchor, let last, let previous):
            var last = last, previous = previous
            if let p = touches.first, p != last.point {
                if onGlobe {
                    map.camera = constrained(GlobeCameraMath.panned(map.camera, by: Point(x: p.x - last.point.x, y: p.y - last.point.y)))
                } else {
                    map.camera = constraints.constrain(map.camera.placing(world: anchor, at: p, in: map.size), in: map.size)
                }
                previous = last
                last = Sample(point: p, time: time)
            }
            let velocity = GestureMath.velocity(from: previous.point, at: previous.time, to: last.point, at: last.time)
            if decelerationRate.rawValue > 0, GestureMath.length(velocity) >= minimumDecelerationSpeed {
                glide = Glide(camera: map.camera, anchor: anchor, release: last.point, time: time,
                              motion: GestureMath.Glide(velocity: velocity, rate: decelerationRate.rawValue), onGlobe: onGlobe)
            }
            return output(.pan)
        case .twoTouching(let start, let startTime):
            let end = touches.count == 2 ? touches : start
            if zoomEnabled, time - startTime <= maximumTapDuration,
               distance(start[0], end[0]) <= tapSlop, distance(start[1], end[1]) <= tapSlop {
                zoom(by: -1, about: centroid(start), at: time)
                return output(.twoFingerTap)
            }
            return output(nil)
        case .pinching(let previous):
            if touches.count == 2 { pinch(from: previous, to: touches) }
            return output(.pinch)
        case .pitching:
            return output(.pitch)
        case .oneFingerZooming:
            return output(.oneFingerZoom)
        case .idle, .ignoring:
            return output(nil)
        }
    }

    /// Changes the zoom by `delta`, keeping the map point under `point` where it is: at once, or
    /// over ``tapZoomDuration`` from `time`.
    private mutating func zoom(by delta: Double, about point: Point, at time: Double) {
        if onGlobe {
            if tapZoomDuration > 0 {
                tapZoom = TapZoom(start: map.camera, delta: delta, world: Point(x: 0, y: 0), point: point, time: time,
                                  duration: tapZoomDuration, onGlobe: true)
            } else {
                map.camera = constrained(globeZoomed(map.camera, by: delta, about: point))
            }
            return
        }
        let size = map.size
        guard let world = map.camera.world(at: point, in: size) else { return }
        if tapZoomDuration > 0 {
            tapZoom = TapZoom(start: map.camera, delta: delta, world: world, point: point, time: time, duration: tapZoomDuration)
            return
        }
        var camera = map.camera
        camera.zoom += delta
        camera = constraints.constrain(camera, in: map.size)
        map.camera = constraints.constrain(camera.placing(world: world, at: point, in: size), in: map.size)
    }

    private func centroid(_ p: [Point]) -> Point { GestureMath.centroid(p) }

    private func distance(_ a: Point, _ b: Point) -> Double { GestureMath.distance(a, b) }
}
