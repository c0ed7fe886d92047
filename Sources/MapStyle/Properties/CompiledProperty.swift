package import Expressions
package import GeoJSON

/// One layer property compiled for evaluation: its value as written (or the default), parsed once
/// into an ``Expression``, with constants evaluated up front.
///
/// A style compiles its layers' properties once per revision (``Style/compiledLayers()``); a
/// runtime change recompiles only the properties whose value changed.
package struct CompiledProperty<Value: StyleValueRepresentable>: Sendable {
    /// The value as set in the style; `nil` when unset (the specification's default applies).
    package let source: JSONValue?
    /// The compiled expression (constants and legacy functions become expressions too).
    package let expression: Expression
    /// The value, when it depends on neither zoom nor feature.
    package let constant: Value?
    /// The global state it was compiled with: the value of each key its `global-state` reads
    /// (`.null` for a key the state lacks). A change of one of these values compiles it again.
    package let boundState: [String: JSONValue]

    /// Whether the value is the same for every feature.
    package var isFeatureConstant: Bool { expression.isFeatureConstant }
    /// Whether the value is the same at every zoom.
    package var isZoomConstant: Bool { expression.isZoomConstant }

    init(source: JSONValue?, expression: Expression, boundState: [String: JSONValue] = [:]) {
        self.source = source
        self.expression = expression
        self.boundState = boundState
        if expression.isConstant {
            constant = Value(expressionValue: expression.evaluateWithDefault(EvaluationContext(zoom: 0)))
        } else {
            constant = nil
        }
    }

    /// The value for `context`: errors, `null` and values of the wrong type fall back to the
    /// default, as a style does.
    @inlinable
    package func evaluate(_ context: EvaluationContext) -> Value {
        if let constant { return constant }
        return Value(expressionValue: expression.evaluateWithDefault(context)) ?? .fallback
    }

    /// The value at `zoom` for a property that does not depend on the feature.
    package func evaluate(zoom: Double) -> Value { evaluate(EvaluationContext(zoom: zoom)) }

    /// Compiles property `name` of `layer` from its `value` (or the default when `nil`), reusing
    /// `previous` when it was compiled from the same value.
    package static func compile(_ value: JSONValue?, _ name: String, of layer: StyleLayer, state: JSONObject = [:],
                               reusing previous: CompiledProperty?) throws(StyleRenderError) -> CompiledProperty {
        if let previous, previous.source == value, GlobalStateValues.unchanged(previous.boundState, in: state) { return previous }
        guard let spec = LayerPropertySpecification.lookup(name, in: layer.type) else {
            throw StyleRenderError.unknownProperty(layer: layer.identifier, name: name)
        }
        let json = value ?? spec.defaultValue ?? .null
        CompilationCounter.current?.increment()
        let key = CompiledPropertyMemo.Key(layerType: layer.type, name: name, source: value, valueType: ObjectIdentifier(Value.self))
        if let compiled = CompiledPropertyMemo.shared.property(key, as: CompiledProperty.self) { return compiled }
        do {
            let binding = GlobalStateBinding(state)
            let expression = try Expression.property(json, for: spec.specification, binding: binding)
            let compiled = CompiledProperty(source: value, expression: expression,
                                            boundState: GlobalStateValues.read(binding.readKeys, from: state))
            // what reads global state depends on the state too: compiled afresh each time
            if binding.readKeys.isEmpty { CompiledPropertyMemo.shared.insert(compiled, for: key) }
            return compiled
        } catch {
            throw StyleRenderError.invalidProperty(layer: layer.identifier, name: name, message: "\(error)")
        }
    }

    /// Compiles a property without a default: `nil` when it is unset.
    package static func compileIfSet(_ value: JSONValue?, _ name: String, of layer: StyleLayer, state: JSONObject = [:],
                                    reusing previous: CompiledProperty?) throws(StyleRenderError) -> CompiledProperty? {
        guard let value else { return nil }
        return try compile(value, name, of: layer, state: state, reusing: previous)
    }
}

/// The paint or layout properties of one layer type, compiled (generated: `CirclePaintProperties`, …).
package protocol CompiledPropertyGroup: Sendable {
    /// The layer type the group belongs to.
    static var layerType: LayerType { get }
}

/// Why a style layer could not be compiled for drawing.
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
