import Expressions
import GeoJSON
import MapStyle

/// A layer's paint or layout property compiled once into an ``Expression`` for evaluation.
///
/// Constants, legacy functions (`{"stops": …}`) and expressions all become expressions; an unset
/// property evaluates to the specification's default.
struct CompiledProperty: Sendable {
    let name: String
    let expression: Expression

    /// Compiles property `name` of `layer` (its value, or the default when unset); `nil` when the
    /// property is unset and has no default (`circle-sort-key`, `line-dasharray`).
    static func optional(_ name: String, of layer: StyleLayer) throws(StyleRenderError) -> CompiledProperty? {
        guard let spec = LayerPropertySpecification.lookup(name, in: layer.type) else {
            throw StyleRenderError.unknownProperty(layer: layer.identifier, name: name)
        }
        if (spec.kind == .paint ? layer.paint : layer.layout)[spec.name] == nil && spec.defaultValue == nil { return nil }
        return try CompiledProperty(name, of: layer)
    }

    /// Compiles property `name` of `layer` (its value, or the default when unset).
    init(_ name: String, of layer: StyleLayer) throws(StyleRenderError) {
        guard let spec = LayerPropertySpecification.lookup(name, in: layer.type) else {
            throw StyleRenderError.unknownProperty(layer: layer.identifier, name: name)
        }
        let section = "\(spec.kind == .paint ? "paint" : "layout")_\(layer.type.rawValue)"
        let specification = PropertySpecification(json: StyleSpecReference.section(section)?[spec.name])
        let raw = (spec.kind == .paint ? layer.paint : layer.layout)[spec.name] ?? spec.defaultValue ?? .null
        let json: JSONValue
        if Self.isExpression(raw) {
            json = raw
        } else if case .object = raw {
            json = LegacyFunction.convertFunction(raw, spec: specification)
        } else if case .array = raw {
            json = ["literal", raw]
        } else {
            json = raw
        }
        do {
            expression = try Expression.parse(json, for: specification)
        } catch {
            throw StyleRenderError.invalidProperty(layer: layer.identifier, name: spec.name, message: "\(error)")
        }
        self.name = spec.name
    }

    /// Whether `value` is an expression (an array whose first element is an operator name).
    static func isExpression(_ value: JSONValue) -> Bool {
        guard case .array(let a) = value, case .string(let op)? = a.first else { return false }
        return StyleSpecReference.expressionNames.contains(op)
    }

    var isFeatureConstant: Bool { expression.isFeatureConstant }

    /// The value for `context`, falling back to the default on errors, as a style does.
    func value(_ context: EvaluationContext) -> ExpressionValue { expression.evaluateWithDefault(context) }

    func number(_ context: EvaluationContext) -> Double { value(context).number ?? 0 }

    func color(_ context: EvaluationContext) -> RenderColor { RenderColor(value(context).color) }

    func string(_ context: EvaluationContext) -> String? { value(context).string }

    func numbers(_ context: EvaluationContext) -> [Double] {
        switch value(context) {
        case .array(let a): return a.compactMap(\.number)
        case .numberArray(let a): return a
        default: return []
        }
    }
}

/// Why a style could not be turned into a scene.
public enum StyleRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownProperty(layer: String, name: String)
    case invalidProperty(layer: String, name: String, message: String)
    case invalidFilter(layer: String, message: String)

    public var description: String {
        switch self {
        case let .unknownProperty(layer, name): return "layers.\(layer): unknown property \"\(name)\""
        case let .invalidProperty(layer, name, message): return "layers.\(layer).\(name): \(message)"
        case let .invalidFilter(layer, message): return "layers.\(layer).filter: \(message)"
        }
    }
}

extension RenderColor {
    /// The renderer's colour for an expression colour (transparent for `nil`).
    init(_ color: Color?) {
        guard let c = color?.rgba else {
            self = .transparent
            return
        }
        self.init(red: Float(c.r), green: Float(c.g), blue: Float(c.b), alpha: Float(c.a))
    }
}
