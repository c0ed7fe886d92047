package import Expressions
package import GeoJSON

/// A style layer ready to draw: its filter and its paint and layout properties compiled once.
///
/// Get them from ``Style/compiledLayers()``, which compiles a layer again only when it changed,
/// and then only the properties whose value changed.
package struct CompiledLayer: Sendable {
    /// The layer as the style holds it.
    package let layer: StyleLayer
    /// The compiled `filter` (passes everything when the layer has none).
    package let filter: FeatureFilter
    /// The paint properties: the generated group of the layer's type (`CirclePaintProperties`, …).
    package let paint: any CompiledPropertyGroup
    /// The layout properties: the generated group of the layer's type (`CircleLayoutProperties`, …).
    package let layout: any CompiledPropertyGroup
    /// Whether the filter or a property reads feature geometry (`within`, `distance`,
    /// `geometry-type`, `$type`): evaluation contexts then carry it.
    package let needsFeatureGeometry: Bool
    /// Changes only when what the layer's buckets are laid out from changes: its type, source,
    /// source layer, filter or layout properties. A bucket laid out for one generation serves every
    /// later revision of the layer with the same generation (a paint change keeps it).
    package let layoutGeneration: UInt64
    /// Whether the filter and layout properties give the same result at every zoom (neither names
    /// `zoom` nor is a legacy function of it): such a layer's buckets, labels aside, serve every zoom
    /// its data tile is drawn at.
    package let layoutIsZoomConstant: Bool
    /// The global state the filter and layout properties read when compiled (``Style/globalState``).
    package let layoutState: [String: JSONValue]
    /// The global state the paint properties read when compiled.
    package let paintState: [String: JSONValue]
    /// Whether the layer is drawn: its `visibility`, which may read the global state
    /// (`["case", ["global-state", "showRoads"], "visible", "none"]`).
    package let isVisible: Bool

    /// Compiles `layer`, reusing what `previous` (the same layer at an earlier revision) compiled
    /// from unchanged values.
    package init(_ layer: StyleLayer, state: JSONObject = [:], reusing previous: CompiledLayer? = nil) throws(StyleRenderError) {
        let previous = previous?.layer.type == layer.type ? previous : nil
        self.layer = layer
        let filterState: [String: JSONValue]
        if let previous, previous.layer.predicate == layer.predicate,
           GlobalStateValues.unchanged(previous.filterState, in: state) {
            filter = previous.filter
            filterState = previous.filterState
        } else {
            do {
                let binding = GlobalStateBinding(state)
                filter = try FeatureFilter(layer.predicate, binding: binding)
                filterState = GlobalStateValues.read(binding.readKeys, from: state)
            } catch {
                throw StyleRenderError.invalidFilter(layer: layer.identifier, message: "\(error)")
            }
        }
        self.filterState = filterState
        (paint, layout) = try Self.compileGroups(layer, state: state, reusing: previous)
        layoutState = filterState.merging(GlobalStateValues.read(GlobalStateValues.keys(in: layer.layout), from: state),
                                          uniquingKeysWith: { a, _ in a })
        paintState = GlobalStateValues.read(GlobalStateValues.keys(in: layer.paint), from: state)
        isVisible = Self.visibility(of: layer, state: state)
        needsFeatureGeometry = filter.needsGeometry
            || layer.paint.values.contains(where: Self.readsGeometry) || layer.layout.values.contains(where: Self.readsGeometry)
        layoutIsZoomConstant = !Self.mentionsZoom(layer.predicate ?? .null) && !layer.layout.values.contains(where: Self.mentionsZoom)
        if let previous, Self.sameLayout(previous.layer, layer), previous.layoutState == layoutState {
            layoutGeneration = previous.layoutGeneration
        } else {
            layoutGeneration = Generations.next()
        }
    }

    /// The global state the filter read when compiled.
    private let filterState: [String: JSONValue]

    /// Whether the state this layer was compiled with still holds for every key it read.
    package func isCurrent(in state: JSONObject) -> Bool {
        GlobalStateValues.unchanged(layoutState, in: state) && GlobalStateValues.unchanged(paintState, in: state)
    }

    /// `visibility` evaluated with the global state: a string as written, an expression evaluated.
    private static func visibility(of layer: StyleLayer, state: JSONObject) -> Bool {
        guard let value = layer.layout["visibility"] else { return true }
        if case .string(let s) = value { return s != "none" }
        guard let spec = LayerPropertySpecification.lookup("visibility", in: layer.type),
              let expression = try? Expression.property(value, for: spec.specification, binding: GlobalStateBinding(state)) else {
            return true
        }
        return expression.evaluateWithDefault(EvaluationContext()).string != "none"
    }

    /// Whether a value may depend on the zoom: it names `zoom`, or holds a legacy function (`stops`).
    /// Conservative: a property named "zoom" counts too.
    private static func mentionsZoom(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): return s == "zoom"
        case .array(let a): return a.contains(where: mentionsZoom)
        case .object(let o): return o["stops"] != nil || o.values.contains(where: mentionsZoom)
        default: return false
        }
    }

    /// Whether two versions of a layer lay out the same buckets (paint, visibility and zoom range aside).
    private static func sameLayout(_ a: StyleLayer, _ b: StyleLayer) -> Bool {
        a.type == b.type && a.sourceIdentifier == b.sourceIdentifier && a.sourceLayerIdentifier == b.sourceLayerIdentifier
            && a.predicate == b.predicate && withoutVisibility(a.layout) == withoutVisibility(b.layout)
    }

    private static func withoutVisibility(_ layout: JSONObject) -> JSONObject {
        var out = layout
        _ = out.removeValue(forKey: "visibility")
        return out
    }

    /// Whether a property value names an operator that reads geometry (a conservative scan of the JSON).
    private static func readsGeometry(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): return s == "within" || s == "distance" || s == "geometry-type" || s == "$type"
        case .array(let a): return a.contains(where: readsGeometry)
        case .object(let o): return o.values.contains(where: readsGeometry)
        default: return false
        }
    }

    /// The paint group as its concrete type; `nil` for a group of another layer type.
    package func paint<Group: CompiledPropertyGroup>(as type: Group.Type) -> Group? { paint as? Group }

    /// The layout group as its concrete type; `nil` for a group of another layer type.
    package func layout<Group: CompiledPropertyGroup>(as type: Group.Type) -> Group? { layout as? Group }
}
