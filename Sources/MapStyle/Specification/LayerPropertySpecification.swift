import GeoJSON

/// The value type of a layer property, as the style specification declares it.
public indirect enum PropertyValueType: Sendable, Hashable {
    case number
    case boolean
    case string
    case color
    /// One of a fixed set of strings (`LayerPropertySpecification.enumValues`).
    case enumeration
    /// A string or a `format` expression (`text-field`).
    case formatted
    /// An image name or an `image` expression (`icon-image`).
    case resolvedImage
    /// One to four numbers (`icon-padding`).
    case padding
    /// A number or a non-empty array of numbers.
    case numberArray
    /// A color or a non-empty array of colors.
    case colorArray
    /// Alternating anchors and offsets (`text-variable-anchor-offset`).
    case variableAnchorOffsetCollection
    /// A projection name or a projection transition.
    case projectionDefinition
    /// An array of the given element type (`line-dasharray`, `text-font`).
    case array(PropertyValueType)

    /// The name the style specification uses for this type (`"number"`, `"array"`, …).
    public var specificationName: String {
        switch self {
        case .number: return "number"
        case .boolean: return "boolean"
        case .string: return "string"
        case .color: return "color"
        case .enumeration: return "enum"
        case .formatted: return "formatted"
        case .resolvedImage: return "resolvedImage"
        case .padding: return "padding"
        case .numberArray: return "numberArray"
        case .colorArray: return "colorArray"
        case .variableAnchorOffsetCollection: return "variableAnchorOffsetCollection"
        case .projectionDefinition: return "projectionDefinition"
        case .array: return "array"
        }
    }
}

/// One paint or layout property of one layer type: its names, type, default, range and what
/// kinds of expression it accepts. Generated from the style specification (see
/// `scripts/generate_style_properties.py`).
public struct LayerPropertySpecification: Sendable, Hashable {
    /// The style specification name (`"circle-pitch-scale"`).
    public let name: String
    /// The SDK's Swift name (`"circleScaleAlignment"`): camelCase, with seed 003's renames.
    public let swiftName: String
    /// The layer type the property belongs to.
    public let layerType: LayerType
    /// Whether it lives in the layer's `layout` or `paint` member.
    public let kind: PropertyKind
    /// The value type.
    public let valueType: PropertyValueType
    /// The default value, when the specification gives one.
    public let defaultValue: JSONValue?
    /// The allowed strings for enumerations (and arrays of enumerations), in specification order.
    public let enumValues: [String]
    /// The smallest allowed number, if bounded.
    public let minimum: Double?
    /// The largest allowed number, if bounded.
    public let maximum: Double?
    /// The required array length, for fixed-length arrays (`fill-translate`: 2).
    public let length: Int?
    /// The unit of the value (`"pixels"`, `"degrees"`, …), if any.
    public let units: String?
    /// The specification's `property-type`: `data-driven`, `data-constant`, `constant`,
    /// `color-ramp`, `cross-faded` or `cross-faded-data-driven`.
    public let propertyType: String
    /// Whether zoom-dependent expressions are allowed.
    public let supportsZoom: Bool
    /// Whether the expression may read feature data.
    public let supportsFeature: Bool
    /// Whether the expression may read feature state.
    public let supportsFeatureState: Bool
    /// Whether the value can be interpolated between stops.
    public let isInterpolated: Bool
    /// Whether changes animate (a `<name>-transition` member is allowed).
    public let hasTransition: Bool
    /// Whether `{token}` strings are replaced by feature properties.
    public let supportsTokens: Bool

    /// Whether the value may depend on feature data (`data-driven` or `cross-faded-data-driven`).
    public var isDataDriven: Bool {
        propertyType == "data-driven" || propertyType == "cross-faded-data-driven"
    }
}

extension LayerPropertySpecification {
    /// The properties of `layerType` (layout first, then paint), in specification order.
    public static func properties(of layerType: LayerType) -> [LayerPropertySpecification] {
        generatedTable[layerType] ?? []
    }

    /// The property of `layerType` named `name`, where `name` is the specification name
    /// (`"line-dasharray"`) or the Swift name (`"lineDashPattern"`).
    public static func lookup(_ name: String, in layerType: LayerType) -> LayerPropertySpecification? {
        let table = index[layerType]
        return table?.bySpecName[name] ?? table?.bySwiftName[name]
    }

    private struct Index: Sendable {
        var bySpecName: [String: LayerPropertySpecification] = [:]
        var bySwiftName: [String: LayerPropertySpecification] = [:]
    }

    private static let index: [LayerType: Index] = {
        var result: [LayerType: Index] = [:]
        for (type, properties) in generatedTable {
            var idx = Index()
            for p in properties {
                idx.bySpecName[p.name] = p
                idx.bySwiftName[p.swiftName] = p
            }
            result[type] = idx
        }
        return result
    }()
}

/// Names the SDK uses for style-specification concepts.
public enum StyleNames {}

/// A typed property key of one layer type (`FillLayerProperty.fillColor`); its raw value is the
/// style specification name.
public protocol LayerPropertyKey: RawRepresentable, Sendable, Hashable where RawValue == String {
    /// The layer type the key belongs to.
    static var layerType: LayerType { get }
}

extension LayerPropertyKey {
    /// The property's specification.
    public var specification: LayerPropertySpecification? {
        LayerPropertySpecification.lookup(rawValue, in: Self.layerType)
    }
}
