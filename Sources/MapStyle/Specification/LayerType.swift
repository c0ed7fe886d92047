/// The type of a style layer, as the style specification's `type` member spells it.
///
/// The SDK's class for each is `<Name>StyleLayer` (`fill` -> `FillStyleLayer`).
public enum LayerType: String, Sendable, Hashable, CaseIterable {
    case fill
    case line
    case symbol
    case circle
    case heatmap
    case fillExtrusion = "fill-extrusion"
    case raster
    case hillshade
    case colorRelief = "color-relief"
    case background

    /// The SDK class name for this layer type without the `MLN` prefix (`"FillStyleLayer"`).
    public var sdkClassName: String {
        let camel = rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return camel + "StyleLayer"
    }

    /// Whether layers of this type draw data from a content source (every type but `background`).
    public var usesSource: Bool { self != .background }
}

/// Which group of a layer a property belongs to.
public enum PropertyKind: String, Sendable, Hashable {
    /// Properties that change how data is laid out (`layout` member); applied at tile load.
    case layout
    /// Properties that change how laid-out data is drawn (`paint` member); transitionable.
    case paint
}
