/// The identity of an annotation added to a map (MapLibre Native's `AnnotationID`): shapes are
/// values, so the map hands back an identifier to remove or select them by.
public struct AnnotationIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (a: AnnotationIdentifier, b: AnnotationIdentifier) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "annotation \(rawValue)" }
}

/// Why an annotation cannot be added.
public enum AnnotationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The shape is not one the map draws as an annotation (points, polylines and polygons are).
    case unsupportedShape(String)

    public var description: String {
        switch self {
        case .unsupportedShape(let type):
            return "a \(type) cannot be an annotation: add a PointAnnotation, Polyline, MultiPolyline, Polygon or MultiPolygon"
        }
    }
}
