import Expressions
import GeoJSON

/// A style layer ready to draw: its filter and its paint and layout properties compiled once.
///
/// Get them from ``Style/compiledLayers()``, which compiles a layer again only when it changed,
/// and then only the properties whose value changed.
public struct CompiledLayer: Sendable {
    /// The layer as the style holds it.
    public let layer: StyleLayer
    /// The compiled `filter` (passes everything when the layer has none).
    public let filter: FeatureFilter
    /// The paint properties: the generated group of the layer's type (`CirclePaintProperties`, …).
    public let paint: any CompiledPropertyGroup
    /// The layout properties: the generated group of the layer's type (`CircleLayoutProperties`, …).
    public let layout: any CompiledPropertyGroup

    /// Compiles `layer`, reusing what `previous` (the same layer at an earlier revision) compiled
    /// from unchanged values.
    public init(_ layer: StyleLayer, reusing previous: CompiledLayer? = nil) throws(StyleRenderError) {
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
    }

    /// The paint group as its concrete type; `nil` for a group of another layer type.
    public func paint<Group: CompiledPropertyGroup>(as type: Group.Type) -> Group? { paint as? Group }

    /// The layout group as its concrete type; `nil` for a group of another layer type.
    public func layout<Group: CompiledPropertyGroup>(as type: Group.Type) -> Group? { layout as? Group }
}
