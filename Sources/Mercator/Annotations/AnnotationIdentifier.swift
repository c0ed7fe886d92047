/// The identity of an annotation added to a map (MapLibre Native's `AnnotationID`): shapes are
/// values, so the map hands back an identifier to remove or select them by.
public struct AnnotationIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number the map gave the annotation (from 1, in the order they were added).
    public let rawValue: UInt64

    /// An identifier from its number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Earlier-added annotations first.
    public static func < (a: AnnotationIdentifier, b: AnnotationIdentifier) -> Bool { a.rawValue < b.rawValue }

    /// "annotation N".
    public var description: String { "annotation \(rawValue)" }
}

/// Why an annotation cannot be added.
public enum AnnotationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The shape is not one the map draws as an annotation (points, polylines and polygons are).
    case unsupportedShape(String)

    /// The error in one sentence.
    public var description: String {
        switch self {
        case .unsupportedShape(let type):
            return "a \(type) cannot be an annotation: add a PointAnnotation, Polyline, MultiPolyline, Polygon or MultiPolygon"
        }
    }
}
