public import GeoJSON

/// The value type of a style property, as the style specification declares it.
public indirect enum PropertyValueType: Sendable, Hashable {
    case number
    case boolean
    case string
    case color
    /// One of a fixed set of strings (``PropertySpecification/enumValues``).
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
    /// Any value: an array element type the specification leaves open.
    case value

    /// The type for a specification `type` name (and `value` for arrays); `nil` for names it does not know.
    public init?(specificationName name: String?, element: String? = nil) {
        switch name {
        case "number": self = .number
        case "boolean": self = .boolean
        case "string": self = .string
        case "color": self = .color
        case "enum": self = .enumeration
        case "formatted": self = .formatted
        case "resolvedImage": self = .resolvedImage
        case "padding": self = .padding
        case "numberArray": self = .numberArray
        case "colorArray": self = .colorArray
        case "variableAnchorOffsetCollection": self = .variableAnchorOffsetCollection
        case "projectionDefinition": self = .projectionDefinition
        case "array": self = .array(PropertyValueType(specificationName: element) ?? .value)
        default: return nil
        }
    }

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
        case .value: return "*"
        }
    }

    /// The expression type a value of this type has.
    func expressionType(length: Int?) -> ExpressionType {
        switch self {
        case .color: return .color
        case .string, .enumeration: return .string
        case .number: return .number
        case .boolean: return .boolean
        case .formatted: return .formatted
        case .padding: return .padding
        case .numberArray: return .numberArray
        case .colorArray: return .colorArray
        case .projectionDefinition: return .projectionDefinition
        case .resolvedImage: return .resolvedImage
        case .variableAnchorOffsetCollection: return .variableAnchorOffsetCollection
        case .array(let element): return .array(element.expressionType(length: nil), length: length)
        case .value: return .value
        }
    }
}

/// How a property's value may vary: the specification's `property-type`.
public enum PropertyType: String, Sendable, Hashable, CaseIterable {
    /// Zoom- and feature-dependent expressions are allowed.
    case dataDriven = "data-driven"
    /// Zoom-dependent expressions only.
    case dataConstant = "data-constant"
    /// Constants only.
    case constant
    /// An expression over `line-progress` or `heatmap-density`.
    case colorRamp = "color-ramp"
    /// Cross-faded between integer zooms (patterns, dash arrays).
    case crossFaded = "cross-faded"
    /// Cross-faded and feature-dependent.
    case crossFadedDataDriven = "cross-faded-data-driven"

    /// Whether expressions may read feature data.
    public var isDataDriven: Bool { self == .dataDriven || self == .crossFadedDataDriven }
}

/// The inputs an expression of a property may read: the specification's `expression.parameters`.
public struct ExpressionParameters: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let zoom = ExpressionParameters(rawValue: 1 << 0)
    public static let feature = ExpressionParameters(rawValue: 1 << 1)
    public static let featureState = ExpressionParameters(rawValue: 1 << 2)
    public static let heatmapDensity = ExpressionParameters(rawValue: 1 << 3)
    public static let lineProgress = ExpressionParameters(rawValue: 1 << 4)
    public static let elevation = ExpressionParameters(rawValue: 1 << 5)

    /// The parameters for specification names (`"zoom"`, `"feature-state"`, …); unknown names are ignored.
    public init(names: [String]) {
        var p = ExpressionParameters()
        for name in names {
            switch name {
            case "zoom": p.insert(.zoom)
            case "feature": p.insert(.feature)
            case "feature-state": p.insert(.featureState)
            case "heatmap-density": p.insert(.heatmapDensity)
            case "line-progress": p.insert(.lineProgress)
            case "elevation": p.insert(.elevation)
            default: continue
            }
        }
        self = p
    }
}

/// What a style property accepts: its type, default, whether it may vary by zoom and feature, and
/// how it interpolates. One model for the whole package: the expression parser reads it, the
/// generated layer property tables (`MapStyle`) are built of it.
public struct PropertySpecification: Sendable, Hashable {
    /// The value type; `nil` for a specification that names no type (filters parse untyped).
    public var valueType: PropertyValueType?
    /// Fixed length of an array value (`fill-translate`: 2).
    public var length: Int?
    /// How the value may vary.
    public var propertyType: PropertyType
    /// What expressions may read; `nil` when the property takes no expressions.
    public var parameters: ExpressionParameters?
    /// Whether `interpolate` may produce the value.
    public var isInterpolated: Bool
    /// The default value, when the specification gives one.
    public var defaultValue: JSONValue?
    /// Allowed strings of an enumeration (or an array of enumerations), in specification order.
    public var enumValues: [String]
    /// Whether legacy `{token}` strings are replaced by feature properties.
    public var supportsTokens: Bool

    /// Creates a specification; the defaults describe a data-driven, interpolatable zoom+feature property.
    public init(_ valueType: PropertyValueType?, length: Int? = nil, propertyType: PropertyType = .dataDriven,
                parameters: ExpressionParameters? = [.zoom, .feature], isInterpolated: Bool = true,
                defaultValue: JSONValue? = nil, enumValues: [String] = [], supportsTokens: Bool = false) {
        self.valueType = valueType
        self.length = length
        self.propertyType = propertyType
        self.parameters = parameters
        self.isInterpolated = isInterpolated
        self.defaultValue = defaultValue
        self.enumValues = enumValues
        self.supportsTokens = supportsTokens
    }

    /// Reads a `v8.json` property entry (or a conformance test's `propertySpec`), completed as the
    /// style-spec test harness does: without an `expression` member, data-driven, interpolated, zoom+feature.
    public init(json: JSONValue?) {
        let o = json?.object ?? JSONObject()
        valueType = PropertyValueType(specificationName: o["type"]?.string, element: o["value"]?.string)
        length = o["length"]?.number.flatMap(safeInt)
        propertyType = o["property-type"]?.string.flatMap(PropertyType.init(rawValue:)) ?? .dataDriven
        if let e = o["expression"]?.object {
            parameters = ExpressionParameters(names: e["parameters"]?.array?.compactMap(\.string) ?? [])
            isInterpolated = e["interpolated"]?.bool ?? false
        } else {
            parameters = [.zoom, .feature]
            isInterpolated = true
        }
        defaultValue = o["default"]
        supportsTokens = o["tokens"]?.bool ?? false
        if case .object(let vals)? = o["values"] {
            enumValues = vals.keys
        } else if case .array(let a)? = o["values"] {
            enumValues = a.compactMap(\.string)
        } else {
            enumValues = []
        }
    }

    /// The expression type a value of this property must have.
    public var expectedType: ExpressionType? { valueType?.expressionType(length: length) }

    var supportsDataExpression: Bool { propertyType.isDataDriven }
    var supportsZoomExpression: Bool { parameters?.contains(.zoom) ?? false }
    var supportsInterpolation: Bool { parameters != nil && isInterpolated }
}
