public import GeoJSON
import MapStyle
public import Rendering

extension Map {
    /// Adds an annotation: a `PointAnnotation` (drawn as a pin, its title as a label below it
    /// when the style has `glyphs`), a `Polyline` / `MultiPolyline` or a `Polygon` /
    /// `MultiPolygon` (drawn in MapLibre Native's default annotation look), above the style
    /// (`-[MLNMapView addAnnotation:]`). The style itself is not changed.
    ///
    /// - Returns: the identifier to remove or select the annotation by.
    /// - Throws: `AnnotationError.unsupportedShape` for other shapes.
    @discardableResult
    public func addAnnotation(_ shape: any GeometryShape) throws(AnnotationError) -> AnnotationIdentifier {
        try annotationStore.add(shape)
    }

    /// Adds several annotations (`-[MLNMapView addAnnotations:]`), in order.
    @discardableResult
    public func addAnnotations(_ shapes: [any GeometryShape]) throws(AnnotationError) -> [AnnotationIdentifier] {
        var ids: [AnnotationIdentifier] = []
        for shape in shapes { ids.append(try annotationStore.add(shape)) }
        return ids
    }

    /// Removes an annotation (`-[MLNMapView removeAnnotation:]`); returns its shape, or `nil` when
    /// there is no such annotation.
    @discardableResult
    public func removeAnnotation(_ identifier: AnnotationIdentifier) -> (any GeometryShape)? {
        annotationStore.remove(identifier)
    }

    /// The annotations, in the order they were added (`annotations`).
    public var annotations: [(identifier: AnnotationIdentifier, shape: any GeometryShape)] {
        annotationStore.all.map { ($0.id, $0.shape) }
    }

    /// The annotation with `identifier`, or `nil`.
    public func annotation(_ identifier: AnnotationIdentifier) -> (any GeometryShape)? {
        annotationStore.shape(identifier)
    }

    /// The selected annotation (`selectedAnnotations`, at most one); setting an identifier the map
    /// does not hold clears the selection.
    public var selectedAnnotation: AnnotationIdentifier? {
        get { annotationStore.selected }
        set { annotationStore.selected = newValue }
    }

    /// The topmost annotation drawn within `tolerance` points of `point` (pins by their image,
    /// lines by their width, polygons by their area), or `nil`.
    public func annotation(at point: Point, tolerance: Double = 4) throws -> AnnotationIdentifier? {
        guard !annotationStore.all.isEmpty else { return nil }
        let rect = ScreenRect(x: point.x - tolerance, y: point.y - tolerance, width: 2 * tolerance, height: 2 * tolerance)
        let built = try styleScene()
        for hit in SceneHitTester(scene: built.scene).hits(in: rect) {
            let layer = built.layers[hit.layerIndex]
            guard layer.identifier.hasPrefix(AnnotationStore.layerPrefix) else { continue }
            if case .int(let raw)? = layer.features[hit.featureIndex].properties?[AnnotationStore.identifierKey] {
                return AnnotationIdentifier(rawValue: UInt64(raw))
            }
        }
        return nil
    }

    /// What a single tap at `point` does: selects the annotation there, or clears the selection and
    /// returns the features drawn there.
    public func tap(at point: Point) throws -> TapResult {
        if let id = try annotation(at: point) {
            selectedAnnotation = id
            return .annotation(id)
        }
        selectedAnnotation = nil
        return .features(try visibleFeatures(at: point))
    }

    /// The font stack annotation titles are set in: the first `text-font` a symbol layer of the style
    /// names, else MapLibre's default; `nil` when the style has no `glyphs`.
    func annotationTitleFont() -> [String]? {
        guard style.glyphsURL != nil else { return nil }
        for layer in style.layers where layer.type == .symbol {
            if case .object(let layout)? = layer.json["layout"], case .array(let names)? = layout["text-font"] {
                let fonts = names.compactMap(\.string)
                if !fonts.isEmpty, fonts.count == names.count { return fonts }
            }
        }
        return ["Open Sans Regular", "Arial Unicode MS Regular"]
    }
}
