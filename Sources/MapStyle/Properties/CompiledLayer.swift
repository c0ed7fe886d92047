import Expressions
import GeoJSON

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

    /// Compiles `layer`, reusing what `previous` (the same layer at an earlier revision) compiled
    /// from unchanged values.
    package init(_ layer: StyleLayer, reusing previous: CompiledLayer? = nil) throws(StyleRenderError) {
        let previous = previous?.layer.type == layer.type ? previous : nil
        self.layer = layer
        if let previous, previous.layer.predicate == layer.predicate {
            filter = previous.filter
        } else {
            do {
                filter = try FeatureFilter(layer.predicate)
            } catch {
                throw StyleRenderError.invalidFilter(layer: layer.identifier, message: "\(error)")
            }
        }
        (paint, layout) = try Self.compileGroups(layer, reusing: previous)
        needsFeatureGeometry = filter.needsGeometry
            || layer.paint.values.contains(where: Self.readsGeometry) || layer.layout.values.contains(where: Self.readsGeometry)
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
