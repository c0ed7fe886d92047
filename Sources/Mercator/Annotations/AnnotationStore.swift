import Foundation
import GeoJSON
import MapStyle

/// A map's annotations, its selection and the overlay drawing them: one GeoJSON source and three
/// layers (polygons, lines, pins with titles) kept in a style of their own, drawn above the map's
/// style and never added to it.
final class AnnotationStore: @unchecked Sendable {
    /// The overlay's source identifier.
    static let sourceIdentifier = "org.maplibre.annotations"
    /// Every overlay layer's identifier starts with this.
    static let layerPrefix = "org.maplibre.annotations."
    /// The feature attribute holding the annotation's identifier.
    static let identifierKey = "annotation-id"

    private let lock = NSLock()
    private var entries: [(id: AnnotationIdentifier, shape: any GeometryShape)] = []
    private var nextIdentifier: UInt64 = 1
    private var selectedIdentifier: AnnotationIdentifier?
    private var revision: UInt64 = 0
    private var cached: (revision: UInt64, font: [String]?, overlay: Overlay)?

    /// The overlay in the form the map draws it.
    struct Overlay: Sendable {
        var style: Style
        var source: StyleSource
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func add(_ shape: any GeometryShape) throws(AnnotationError) -> AnnotationIdentifier {
        switch shape {
        case is PointAnnotation, is Polyline, is MultiPolyline, is Polygon, is MultiPolygon: break
        default: throw AnnotationError.unsupportedShape(String(describing: type(of: shape)))
        }
        return locked {
            let id = AnnotationIdentifier(rawValue: nextIdentifier)
            nextIdentifier += 1
            entries.append((id, shape))
            revision &+= 1
            return id
        }
    }

    @discardableResult
    func remove(_ id: AnnotationIdentifier) -> (any GeometryShape)? {
        locked {
            guard let i = entries.firstIndex(where: { $0.id == id }) else { return nil }
            revision &+= 1
            if selectedIdentifier == id { selectedIdentifier = nil }
            return entries.remove(at: i).shape
        }
    }

    var all: [(id: AnnotationIdentifier, shape: any GeometryShape)] { locked { entries } }

    func shape(_ id: AnnotationIdentifier) -> (any GeometryShape)? {
        locked { entries.first { $0.id == id }?.shape }
    }

    var selected: AnnotationIdentifier? {
        get { locked { selectedIdentifier } }
        set { locked { selectedIdentifier = newValue.flatMap { id in entries.contains { $0.id == id } ? id : nil } } }
    }

    /// The overlay for the current annotations, or `nil` when there are none; titles are drawn with
    /// `font` when the map's style has glyphs (`nil` otherwise).
    func overlay(font: [String]?) -> Overlay? {
        locked {
            guard !entries.isEmpty else { return nil }
            if let c = cached, c.revision == revision, c.font == font { return c.overlay }
            let overlay = Self.makeOverlay(entries, font: font)
            cached = (revision, font, overlay)
            return overlay
        }
    }

    private static func makeOverlay(_ entries: [(id: AnnotationIdentifier, shape: any GeometryShape)], font: [String]?) -> Overlay {
        var features: [JSONValue] = []
        for (id, shape) in entries {
            var properties: [(String, JSONValue)] = [(identifierKey, .int(Int64(id.rawValue)))]
            if let point = shape as? PointAnnotation, let title = point.title { properties.append(("title", .string(title))) }
            features.append(["type": "Feature", "geometry": shape.geoJSONObject.jsonValue,
                             "properties": .object(JSONObject(properties))])
        }
        let data: JSONValue = ["type": "FeatureCollection", "features": .array(features)]
        let source = JSONValue.string(sourceIdentifier)
        let polygons: JSONValue = ["match", ["geometry-type"], ["Polygon", "MultiPolygon"], true, false]
        let lines: JSONValue = ["match", ["geometry-type"], ["LineString", "MultiLineString"], true, false]
        let points: JSONValue = ["match", ["geometry-type"], ["Point"], true, false]
        // MLNMapView's defaults: shapes in the view's tint colour (iOS system blue), alpha 1, lines 3 points wide.
        let tint: JSONValue = "#007aff"
        var pinLayout: [(String, JSONValue)] = [
            ("icon-image", .string(DefaultPin.imageName)), ("icon-anchor", "bottom"),
            ("icon-allow-overlap", true), ("icon-ignore-placement", true),
        ]
        var pinPaint: [(String, JSONValue)] = []
        if let font {
            pinLayout += [("text-field", ["get", "title"]), ("text-font", .array(font.map(JSONValue.string))),
                          ("text-size", 12), ("text-anchor", "top"), ("text-offset", [0, 0.2]), ("text-optional", true)]
            pinPaint += [("text-color", "#333333"), ("text-halo-color", "#ffffff"), ("text-halo-width", 1)]
        }
        let layers: [JSONValue] = [
            ["id": .string(layerPrefix + "polygons"), "type": "fill", "source": source, "filter": polygons,
             "paint": ["fill-color": tint, "fill-outline-color": tint, "fill-opacity": 1]],
            ["id": .string(layerPrefix + "polylines"), "type": "line", "source": source, "filter": lines,
             "layout": ["line-join": "round", "line-cap": "butt"], "paint": ["line-color": tint, "line-width": 3, "line-opacity": 1]],
            ["id": .string(layerPrefix + "points"), "type": "symbol", "source": source, "filter": points,
             "layout": .object(JSONObject(pinLayout)), "paint": .object(JSONObject(pinPaint))],
        ]
        let sourceJSON: JSONValue = ["type": "geojson", "data": data]
        let json: JSONValue = ["version": 8, "sources": .object(JSONObject([(sourceIdentifier, sourceJSON)])),
                               "layers": .array(layers)]
        // The document is built from literals above: it is valid by construction.
        let style = try! Style(document: StyleDocument(json: json))
        return Overlay(style: style, source: style.sources[0])
    }
}
