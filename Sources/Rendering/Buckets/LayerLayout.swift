import MapStyle

/// What a layer builder lays out once for a source tile and every frame reuses (MapLibre Native's
/// bucket): the features the layer draws, filtered and sorted, their geometry converted, layout
/// properties evaluated at the tile's zoom, labels shaped and anchored.
///
/// A frame turns a layout into a scene layer by evaluating paint at the frame's zoom
/// (``scene(_:features:evaluation:)``); nothing in a layout depends on the camera but the integer
/// zoom it was laid out at.
protocol LayerLayout: Sendable {
    /// The features drawn, in the order the scene layer draws them.
    var features: [SelectedFeature] { get }
    /// Roughly how many bytes the layout holds (what the bucket cache's budget counts).
    var byteCost: Int { get }
    /// The scene layer for one frame: paint evaluated with `evaluation` (the frame's zoom) for
    /// `features` (this layout's features, with the feature states of the frame).
    func scene(_ layer: CompiledLayer, features: [SelectedFeature], evaluation: FeatureEvaluation) -> BuiltLayer
}

/// A scene layer and the features behind its scene features (a label layer may leave out
/// features whose text and icon are sized to nothing at the frame's zoom).
struct BuiltLayer {
    var layer: any SceneLayer
    var features: [SelectedFeature]
}

/// Rough sizes for ``LayerLayout/byteCost``.
enum ByteCost {
    /// A selected feature (its references and state) and the per-feature arrays built for it.
    static let perFeature = 96
    /// One coordinate or point in a layout's geometry.
    static let perPoint = 16
}
