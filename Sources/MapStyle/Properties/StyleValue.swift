import Expressions
public import FormatStrings
public import GeoJSON

/// A typed property value for runtime styling: a constant of the property's type, or an
/// expression (style JSON, or built from an NSExpression-style format string).
///
/// ```swift
/// var points = CircleStyleLayer(identifier: "points", source: "quakes")
/// points.circleRadius = .constant(4)
/// points.circleColor = try .format("mgl_interpolate:withCurveType:parameters:stops:(mag, 'linear', nil, %@)",
///                                  [.dictionary([0: .color("yellow"), 8: .color("red")])])
/// try style.addLayer(points.layer)
/// ```
public enum StyleValue<Value: StyleValueRepresentable>: Sendable, Hashable {
    /// The same value everywhere.
    case constant(Value)
    /// An expression or legacy function as style JSON (`["get", "size"]`).
    case expression(JSONValue)

    /// A value from an NSExpression-style format string (`"mag * 2"`).
    ///
    /// - Throws: `FormatStringError` with the position of the problem.
    public static func format(_ format: String, _ arguments: [FormatArgument] = []) throws(FormatStringError) -> StyleValue {
        .expression(try FormatStrings.expressionJSON(format, arguments: arguments))
    }

    /// The value as written in style JSON.
    public var jsonValue: JSONValue {
        switch self {
        case .constant(let v): return v.jsonValue
        case .expression(let json): return json
        }
    }

    /// Reads a style JSON value: a constant of the property's type when it is one, an expression otherwise.
    public init(json: JSONValue) {
        if case .array(let items) = json, case .string? = items.first, Self.isOperatorArray(json) {
            self = .expression(json)
        } else if case .object = json {
            self = .expression(json)
        } else if let constant = Value(expressionValue: ExpressionValue(json: json)) {
            self = .constant(constant)
        } else if case .string(let s) = json, let c = Value(expressionValue: Color(css: s).map { .color($0) } ?? .null) {
            self = .constant(c)
        } else {
            self = .expression(json)
        }
    }

    private static func isOperatorArray(_ json: JSONValue) -> Bool { Expression.isExpression(json) }
}

/// A typed view of one layer type's properties (generated: `CircleStyleLayer`, `LineStyleLayer`, …).
public protocol TypedStyleLayer: Sendable {
    /// The layer type the view is for.
    static var layerType: LayerType { get }
    /// The underlying layer.
    var layer: StyleLayer { get set }
    /// Wraps `layer`; `nil` when it has another type.
    init?(_ layer: StyleLayer)
}

extension TypedStyleLayer {
    /// The layer's identifier.
    public var identifier: String { layer.identifier }

    /// Whether the layer is shown.
    public var isVisible: Bool {
        get { layer.isVisible }
        set { layer.isVisible = newValue }
    }

    /// The layer's predicate (`filter`).
    public var predicate: JSONValue? {
        get { layer.predicate }
        set { layer.predicate = newValue }
    }
}

extension StyleLayer {
    /// The typed value of property `name` in the `kind` group (`"paint"`/`"layout"`), or `nil` when unset.
    func styleValue<Value>(_ kind: String, _ name: String) -> StyleValue<Value>? {
        json[kind]?[name].map { StyleValue(json: $0) }
    }

    /// Sets (or removes) property `name` in the `kind` group, unchecked: ``Style/updateLayer(_:identifier:_:)``
    /// validates the layer as a whole.
    mutating func setStyleValue<Value>(_ value: StyleValue<Value>?, _ kind: String, _ name: String) {
        setUnchecked(value?.jsonValue, group: kind, name: name)
    }
}

extension Style {
    /// Changes layer `identifier` through its typed view, then checks every property it sets
    /// (`try style.updateLayer(CircleStyleLayer.self, identifier: "points") { $0.circleRadius = .constant(6) }`).
    ///
    /// - Throws: `layerNotFound`, `invalidValue` (nothing changes), or `layerTypeMismatch`
    ///   when the layer has another type.
    public func updateLayer<Layer: TypedStyleLayer>(_ type: Layer.Type, identifier: String,
                                                    _ body: (inout Layer) -> Void) throws(StyleError) {
        let validator = self.validator
        try updateLayer(withIdentifier: identifier) { (layer: inout StyleLayer) throws(StyleError) in
            guard var typed = Layer(layer) else {
                throw StyleError.layerTypeMismatch(layer: identifier, expected: Layer.layerType, found: layer.type)
            }
            body(&typed)
            try typed.layer.validateProperties(validator: validator)
            layer = typed.layer
        }
    }

    /// The typed view of layer `identifier`, or `nil` when there is no such layer of that type.
    public func layer<Layer: TypedStyleLayer>(_ type: Layer.Type, identifier: String) -> Layer? {
        layer(withIdentifier: identifier).flatMap(Layer.init)
    }
}
