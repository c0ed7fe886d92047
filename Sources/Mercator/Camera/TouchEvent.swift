public import Rendering

/// A touch or pointer event for ``MapGestures``: what happened, where the fingers are and when.
///
/// `touches` holds every finger on the screen for `began` and `moved` (one or two; a second finger
/// joining is a `began` with both), and the lifting fingers' last positions for `ended` (the
/// gesture ends when the last finger lifts; an empty list means "where they last were").
/// `time` is in seconds on any clock the caller keeps; it only has to grow.
public struct TouchEvent: Sendable, Hashable {
    /// What the fingers did.
    public enum Phase: Sendable, Hashable {
        case began, moved, ended, cancelled
    }

    /// What the fingers did.
    public var phase: Phase
    /// The fingers' positions in points from the view's top left.
    public var touches: [Point]
    /// When, in seconds.
    public var time: Double

    /// An event.
    public init(_ phase: Phase, _ touches: [Point], at time: Double) {
        self.phase = phase
        self.touches = touches
        self.time = time
    }

    /// Fingers touching down (or a second finger joining: give both).
    public static func began(_ touches: Point..., at time: Double) -> TouchEvent { TouchEvent(.began, touches, at: time) }
    /// The fingers moving (every finger on the screen).
    public static func moved(_ touches: Point..., at time: Double) -> TouchEvent { TouchEvent(.moved, touches, at: time) }
    /// The fingers lifting, at their last positions.
    public static func ended(_ touches: Point..., at time: Double) -> TouchEvent { TouchEvent(.ended, touches, at: time) }
    /// The system taking the touches away: the gesture stops without a tap or deceleration.
    public static func cancelled(at time: Double) -> TouchEvent { TouchEvent(.cancelled, [], at: time) }
}

/// How quickly a released pan stops (`MLNMapViewDecelerationRate`): the speed is multiplied by
/// `rawValue` every millisecond, as `UIScrollView.DecelerationRate` does.
public struct DecelerationRate: Sendable, Hashable, RawRepresentable {
    /// The factor the speed keeps per millisecond (0 stops at once; below 1).
    public var rawValue: Double
    /// A rate; values are kept within 0...0.999999.
    public init(rawValue: Double) { self.rawValue = max(0, min(rawValue, 0.999999)) }

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond (`MLNMapViewDecelerationRateNormal`).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond (`MLNMapViewDecelerationRateFast`).
    public static let fast = DecelerationRate(rawValue: 0.99)
    /// No deceleration: the map stops when the finger lifts (`MLNMapViewDecelerationRateImmediate`).
    public static let immediate = DecelerationRate(rawValue: 0)
}

/// A gesture ``MapGestures`` recognized.
public enum RecognizedGesture: String, Sendable, Hashable {
    case pan, pinch, pitch, singleTap, doubleTap, twoFingerTap, oneFingerZoom
}

/// What a single tap found: an annotation (now selected) or the features drawn there.
public enum TapResult: Sendable {
    /// The annotation under the tap, which is now the selected one.
    case annotation(AnnotationIdentifier)
    /// No annotation there: the features drawn under the tap, topmost first (any selection was cleared).
    case features([QueriedFeature])
}

/// The outcome of one event: the gesture it belongs to (once recognized), the camera after it, and
/// for a single tap what was tapped.
public struct GestureOutput: Sendable {
    /// The gesture the event is part of, or `nil` while none is recognized (or it is switched off).
    public var gesture: RecognizedGesture?
    /// The map's camera after the event.
    public var camera: MapCamera
    /// For a single tap: the annotation selected or the features there.
    public var tap: TapResult?
}
