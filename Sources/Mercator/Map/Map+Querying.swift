import Expressions
public import FormatStrings
public import GeoJSON
import MapStyle
public import Rendering

/// A feature found by querying the map, with the layer and source it was drawn from.
public struct QueriedFeature: Sendable {
    /// The feature, typed by its geometry (`PointFeature`, `PolygonFeature`, …), with its
    /// identifier and attributes.
    public var feature: any Feature
    /// The GeoJSON feature as the source holds it.
    public var geoJSONFeature: GeoJSONFeature
    public var layerIdentifier: String
    public var sourceIdentifier: String
}

/// A feature of a tiled source's layer, by id: what query results are de-duplicated by.
private struct TiledHit: Hashable {
    var layer: Int
    var id: FeatureIdentifier
}

/// Why a query could not run.
public enum MapQueryError: Error, Sendable, CustomStringConvertible {
    case invalidPredicate(String)
    case unknownSource(String)
    /// The source exists but is not a shape (GeoJSON) source.
    case notAShapeSource(String, kind: String)
    /// The shape source does not cluster its points.
    case notClustered(String)
    /// The feature is not a cluster (no `cluster: true` and `cluster_id` attributes).
    case notACluster

    public var description: String {
        switch self {
        case .invalidPredicate(let m): return "predicate: \(m)"
        case .unknownSource(let s): return "no source \"\(s)\" in the style"
        case .notAShapeSource(let s, let kind): return "source \"\(s)\" is a \(kind) source, not a GeoJSON (shape) source"
        case .notClustered(let s): return "source \"\(s)\" does not cluster its points (set \"cluster\": true)"
        case .notACluster: return "the feature is not a cluster: it has no \"cluster\": true and \"cluster_id\" attributes"
        }
    }
}

extension Map {
    /// The features drawn under `point` (screen points from the top left), topmost first
    /// (`-[MLNMapView visibleFeaturesAtPoint:inStyleLayersWithIdentifiers:predicate:]`).
    ///
    /// - Parameters:
    ///   - point: the screen point, in points from the top left.
    ///   - styleLayerIdentifiers: only these layers (all when `nil`).
    ///   - predicate: a filter (expression or legacy filter JSON) the features must also pass.
    public func visibleFeatures(at point: Point, styleLayerIdentifiers: Set<String>? = nil, predicate: JSONValue? = nil) throws -> [QueriedFeature] {
        try visibleFeatures(in: ScreenRect(point: point), styleLayerIdentifiers: styleLayerIdentifiers, predicate: predicate)
    }

    /// The features drawn in `rect` (screen points), topmost first.
    public func visibleFeatures(in rect: ScreenRect, styleLayerIdentifiers: Set<String>? = nil, predicate: JSONValue? = nil) throws -> [QueriedFeature] {
        let filter = try Self.compile(predicate)
        let size = self.size
        // Only what is on screen can be hit: clip the query to the viewport.
        var clipped = ScreenRect(x: max(0, rect.minX), y: max(0, rect.minY),
                                 width: min(Double(size.width), rect.maxX) - max(0, rect.minX),
                                 height: min(Double(size.height), rect.maxY) - max(0, rect.minY))
        guard clipped.width >= 0, clipped.height >= 0 else { return [] }
        // over terrain, the flat scene is queried where it draws the ground seen in the rectangle
        if let terrain = currentTerrainView() {
            let corners = [Point(x: clipped.minX, y: clipped.minY), Point(x: clipped.maxX, y: clipped.minY),
                           Point(x: clipped.maxX, y: clipped.maxY), Point(x: clipped.minX, y: clipped.maxY)].map { flatQueryPoint($0, in: terrain) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            clipped = ScreenRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        let built = try styleScene()
        let zoom = camera.zoom
        var out: [QueriedFeature] = []
        // A tiled source's feature can be hit in several tiles (their buffers overlap): MapLibre
        // reports it once per layer, by id.
        var seen = Set<TiledHit>()
        for hit in SceneHitTester(scene: built.scene).hits(in: clipped) {
            let layer = built.layers[hit.layerIndex]
            if let ids = styleLayerIdentifiers, !ids.contains(layer.identifier) { continue }
            // Annotations are not the style's features (`annotation(at:)` finds them).
            if layer.sourceIdentifier == AnnotationStore.sourceIdentifier && layer.identifier.hasPrefix(AnnotationStore.layerPrefix) { continue }
            let f = layer.features[hit.featureIndex]
            if layer.isTiled, let id = f.identifier, !seen.insert(TiledHit(layer: hit.layerIndex, id: id)).inserted { continue }
            if let filter, !filter.evaluate(f, zoom: zoom) { continue }
            out.append(QueriedFeature(feature: ShapeDecoding.feature(for: f), geoJSONFeature: f,
                                      layerIdentifier: layer.identifier, sourceIdentifier: layer.sourceIdentifier ?? ""))
        }
        return out
    }

    /// The features drawn under `point` that match an NSPredicate-style format string
    /// (`map.visibleFeatures(at: p, predicate: "mag > 5")`), topmost first.
    ///
    /// - Throws: `MapQueryError.invalidPredicate` with the format string's located error.
    public func visibleFeatures(at point: Point, styleLayerIdentifiers: Set<String>? = nil, predicate format: String,
                                arguments: [FormatArgument] = []) throws -> [QueriedFeature] {
        try visibleFeatures(at: point, styleLayerIdentifiers: styleLayerIdentifiers, predicate: Self.predicateJSON(format, arguments))
    }

    /// The features drawn in `rect` that match an NSPredicate-style format string, topmost first.
    public func visibleFeatures(in rect: ScreenRect, styleLayerIdentifiers: Set<String>? = nil, predicate format: String,
                                arguments: [FormatArgument] = []) throws -> [QueriedFeature] {
        try visibleFeatures(in: rect, styleLayerIdentifiers: styleLayerIdentifiers, predicate: Self.predicateJSON(format, arguments))
    }

    /// Every feature of shape source `identifier` matching an NSPredicate-style format string.
    public func features(inShapeSource identifier: String, matching format: String,
                         arguments: [FormatArgument] = []) throws -> [any Feature] {
        try features(inShapeSource: identifier, matching: Self.predicateJSON(format, arguments))
    }

    private static func predicateJSON(_ format: String, _ arguments: [FormatArgument]) throws -> JSONValue {
        do {
            return try FormatStrings.predicateJSON(format, arguments: arguments)
        } catch {
            throw MapQueryError.invalidPredicate("\(error)")
        }
    }

    /// Every feature of shape source `identifier` passing `predicate`, drawn or not
    /// (`-[MLNShapeSource featuresMatchingPredicate:]`).
    public func features(inShapeSource identifier: String, matching predicate: JSONValue? = nil) throws -> [any Feature] {
        let filter = try Self.compile(predicate)
        let data = try shapeSourceData(identifier)
        let zoom = camera.zoom
        return data.features.filter { filter?.evaluate($0, zoom: zoom) ?? true }.map(ShapeDecoding.feature(for:))
    }

    private static func compile(_ predicate: JSONValue?) throws -> FeatureFilter? {
        guard let predicate else { return nil }
        do {
            return try FeatureFilter(predicate)
        } catch {
            throw MapQueryError.invalidPredicate("\(error)")
        }
    }
}
