package import Expressions
package import GeoJSON

/// One paint or layout property of one layer type: its names, type, default, range and what
/// kinds of expression it accepts. Generated from the style specification (see
/// `scripts/generate_style_properties.py`).
package struct LayerPropertySpecification: Sendable, Hashable {
    /// The style specification name (`"circle-pitch-scale"`).
    package let name: String
    /// The SDK's Swift name (`"circleScaleAlignment"`): camelCase, with seed 003's renames.
    package let swiftName: String
    /// The layer type the property belongs to.
    package let layerType: LayerType
    /// Whether it lives in the layer's `layout` or `paint` member.
    package let kind: PropertyKind
    /// What the property accepts: type, default, expression support (the model the expression parser reads).
    package let specification: PropertySpecification
    /// The smallest allowed number, if bounded.
    package let minimum: Double?
    /// The largest allowed number, if bounded.
    package let maximum: Double?
    /// The unit of the value (`"pixels"`, `"degrees"`, …), if any.
    package let units: String?
    /// Whether changes animate (a `<name>-transition` member is allowed).
    package let hasTransition: Bool

    /// The value type.
    package var valueType: PropertyValueType { specification.valueType ?? .value }
    /// The default value, when the specification gives one.
    package var defaultValue: JSONValue? { specification.defaultValue }
    /// The allowed strings for enumerations (and arrays of enumerations), in specification order.
    package var enumValues: [String] { specification.enumValues }
    /// The required array length, for fixed-length arrays (`fill-translate`: 2).
    package var length: Int? { specification.length }
    /// How the value may vary (the specification's `property-type`).
    package var propertyType: PropertyType { specification.propertyType }
    /// Whether zoom-dependent expressions are allowed.
    package var supportsZoom: Bool { specification.parameters?.contains(.zoom) ?? false }
    /// Whether the expression may read feature data.
    package var supportsFeature: Bool { specification.parameters?.contains(.feature) ?? false }
    /// Whether the expression may read feature state.
    package var supportsFeatureState: Bool { specification.parameters?.contains(.featureState) ?? false }
    /// Whether the value can be interpolated between stops.
    package var isInterpolated: Bool { specification.isInterpolated }
    /// Whether `{token}` strings are replaced by feature properties.
    package var supportsTokens: Bool { specification.supportsTokens }

    /// Whether the value may depend on feature data (`data-driven` or `cross-faded-data-driven`).
    package var isDataDriven: Bool { specification.propertyType.isDataDriven }
}

extension LayerPropertySpecification {
    /// The properties of `layerType` (layout first, then paint), in specification order.
    package static func properties(of layerType: LayerType) -> [LayerPropertySpecification] {
        generatedTable[layerType] ?? []
    }

    /// The property of `layerType` named `name`, where `name` is the specification name
    /// (`"line-dasharray"`) or the Swift name (`"lineDashPattern"`).
    package static func lookup(_ name: String, in layerType: LayerType) -> LayerPropertySpecification? {
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
    package var specification: LayerPropertySpecification? {
        LayerPropertySpecification.lookup(rawValue, in: Self.layerType)
    }
}
