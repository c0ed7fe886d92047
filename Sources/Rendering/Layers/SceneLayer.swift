/// One layer of a ``RenderScene``: features with their evaluated paint, which knows how to draw
/// itself and which of its features lie under a query.
///
/// Each layer type keeps its scene layer, painter, hit test and builder in its own folder under
/// `Rendering/Layers/` (`Circle/`, `Line/`, …): adding a layer type is adding a folder and one
/// line in ``LayerBuilders``.
package protocol SceneLayer: Sendable {
    /// How many features the layer draws (hits are indices below this).
    var featureCount: Int { get }
    /// Checks per-feature paint arrays against the feature count.
    func validate(layerIndex: Int) throws(RenderError)
    /// Draws the layer onto the context's canvas.
    func paint(in context: inout PaintContext)
    /// The features under `rect` (screen points), topmost first.
    func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int]
    /// How far (screen points) a feature's drawing reaches past its geometry, for queries (GL JS's `queryRadius`:
    /// a circle's radius and stroke, half a line's width with its gap and offset, the translation): a query this
    /// far from a tile still asks that tile's features.
    var queryReach: Double { get }
}

extension SceneLayer {
    package var queryReach: Double { 0 }

    /// Throws when a per-feature value array is shorter than the feature list.
    func check<T>(_ value: FeatureValue<T>?, _ property: String, layerIndex: Int) throws(RenderError) {
        if case .perFeature(let values)? = value, values.count < featureCount {
            throw .paintArrayTooShort(layer: layerIndex, property: property, count: values.count, features: featureCount)
        }
    }
}
