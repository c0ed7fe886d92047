public import GeoJSON

/// A parsed, type-checked expression ready to evaluate many times. Immutable and `Sendable`.
public struct Expression: Sendable {
    /// How the value varies: `constant`, `source` (feature), `camera` (zoom) or `composite` (both).
    public enum Kind: String, Sendable { case constant, source, camera, composite }

    let root: Expr
    /// The result type.
    public let type: ExpressionType
    /// True when the value does not depend on the feature.
    public let isFeatureConstant: Bool
    /// True when the value does not depend on zoom.
    public let isZoomConstant: Bool
    /// True when the value does not read feature state.
    public let isStateConstant: Bool
    /// True when the value depends on nothing at all: no zoom, feature, feature state, global
    /// state, `line-progress` or `heatmap-density`. Such a value can be evaluated once.
    public let isConstant: Bool
    /// Stop inputs of the top-level zoom `step`/`interpolate`, if any.
    public let zoomStops: [Double]
    /// Interpolation of the top-level zoom `interpolate`, if any.
    public let zoomInterpolation: InterpolationType?
    let defaultValue: ExpressionValue
    let enumValues: Set<String>?

    /// The evaluation kind.
    public var kind: Kind {
        switch (isFeatureConstant, isZoomConstant) {
        case (true, true): return .constant
        case (false, true): return .source
        case (true, false): return .camera
        case (false, false): return .composite
        }
    }

    /// The compiled tree's identity: two values with the same identity evaluate alike (caches of
    /// evaluated values key by it and keep the expression alive).
    package var identity: ObjectIdentifier { ObjectIdentifier(root) }

    /// Whether evaluation reads the feature geometry or its type (`within`, `distance`, `geometry-type`,
    /// legacy `$type` filters); when false a `FeatureView` can be built without geometry.
    public var needsGeometry: Bool { Classification.readsGeometry(root) }

    /// Keys read by `global-state` (including those bound when the expression was compiled for a style).
    public var globalStateReferences: Set<String> {
        var s = boundGlobalStateKeys
        Classification.globalStateRefs(root, into: &s)
        return s
    }

    /// Keys whose values were bound at compile time (``GlobalStateBinding``).
    package let boundGlobalStateKeys: Set<String>

    /// Parses an expression with an optional expected result type (no property rules applied).
    public static func parse(_ json: JSONValue, expecting: ExpressionType? = nil) throws(ExpressionParseError) -> Expression {
        let ctx = ParsingContext(expectedType: expecting)
        guard let root = ctx.parse(json) else { throw ExpressionParseError(ctx.errors) }
        return Expression(root: root, spec: nil)
    }

    /// Parses with a property's expected type only (the spec's `createExpression`): no data/zoom placement rules,
    /// so `["zoom"]` may appear anywhere. Filters compile this way.
    public static func parseStyleExpression(_ json: JSONValue, for spec: PropertySpecification) throws(ExpressionParseError) -> Expression {
        try parseStyleExpression(json, for: spec, binding: nil)
    }

    package static func parseStyleExpression(_ json: JSONValue, for spec: PropertySpecification,
                                             binding: GlobalStateBinding?) throws(ExpressionParseError) -> Expression {
        let ctx = ParsingContext(expectedType: spec.expectedType, globalState: binding)
        guard let root = ctx.parse(json, typeAnnotation: spec.valueType == .string ? .coerce : nil) else {
            throw ExpressionParseError(ctx.errors)
        }
        return Expression(root: root, spec: spec, boundKeys: binding?.readKeys ?? [])
    }

    /// Parses an expression for a style property: the spec's `createPropertyExpression` (type, data and zoom rules).
    public static func parse(_ json: JSONValue, for spec: PropertySpecification) throws(ExpressionParseError) -> Expression {
        try parse(json, for: spec, binding: nil)
    }

    static func parse(_ json: JSONValue, for spec: PropertySpecification, binding: GlobalStateBinding?) throws(ExpressionParseError) -> Expression {
        let ctx = ParsingContext(expectedType: spec.expectedType, globalState: binding)
        guard let root = ctx.parse(json, typeAnnotation: spec.valueType == .string ? .coerce : nil) else {
            throw ExpressionParseError(ctx.errors)
        }
        let featureConstant = Classification.isFeatureConstant(root)
        if !featureConstant && !spec.supportsDataExpression {
            throw ExpressionParseError([ExpressionParseError.Issue(key: "", message: "data expressions not supported")])
        }
        let zoomConstant = Classification.isGlobalPropertyConstant(root, ["zoom"])
        if !zoomConstant && !spec.supportsZoomExpression {
            throw ExpressionParseError([ExpressionParseError.Issue(key: "", message: "zoom expressions not supported")])
        }
        let curve = findZoomCurve(root)
        switch curve {
        case .error(let e): throw ExpressionParseError([e])
        case .none where !zoomConstant:
            throw ExpressionParseError([ExpressionParseError.Issue(key: "", message: zoomMisuse)])
        case .curve(let c) where c is InterpolateExpr && !spec.supportsInterpolation:
            throw ExpressionParseError([ExpressionParseError.Issue(key: "", message: "\"interpolate\" expressions cannot be used with this property")])
        default: break
        }
        return Expression(root: root, spec: spec, boundKeys: binding?.readKeys ?? [])
    }

    /// Whether JSON is an expression (an array whose first element names an operator), as the spec's `isExpression`.
    public static func isExpression(_ json: JSONValue) -> Bool {
        guard case .array(let a) = json, case .string(let op)? = a.first else { return false }
        return Registry.isOperator(op)
    }

    /// Compiles any style property value: an expression, a legacy function (converted first) or a constant.
    public static func property(_ value: JSONValue, for spec: PropertySpecification) throws(ExpressionParseError) -> Expression {
        try property(value, for: spec, binding: nil)
    }

    /// Compiles a style property value with the style's global state bound (`binding`): `global-state`
    /// reads the state now, and `binding.readKeys` collects the keys read.
    package static func property(_ value: JSONValue, for spec: PropertySpecification,
                                 binding: GlobalStateBinding?) throws(ExpressionParseError) -> Expression {
        if LegacyFunction.isFunction(value) {
            return try parse(LegacyFunction.convertFunction(value, spec: spec), for: spec, binding: binding)
        }
        if isExpression(value) { return try parse(value, for: spec, binding: binding) }
        switch value {
        case .array, .object: return try parse(["literal", value], for: spec, binding: binding)
        default: return try parse(value, for: spec, binding: binding)
        }
    }

    init(root: Expr, spec: PropertySpecification?, boundKeys: Set<String> = []) {
        self.root = root
        boundGlobalStateKeys = boundKeys
        type = root.type
        isFeatureConstant = Classification.isFeatureConstant(root)
        isZoomConstant = Classification.isGlobalPropertyConstant(root, ["zoom"])
        isStateConstant = Classification.isStateConstant(root)
        isConstant = isFeatureConstant && isStateConstant && !Classification.readsUnboundGlobalState(root)
            && Classification.isGlobalPropertyConstant(root, Classification.globalProperties)
        if case .curve(let c) = Expression.findZoomCurve(root) {
            if let s = c as? StepExpr { zoomStops = s.labels; zoomInterpolation = nil } else if let i = c as? InterpolateExpr {
                zoomStops = i.labels; zoomInterpolation = i.interpolation
            } else { zoomStops = []; zoomInterpolation = nil }
        } else { zoomStops = []; zoomInterpolation = nil }
        defaultValue = spec.map(Expression.defaultValue(for:)) ?? .null
        enumValues = spec?.valueType == .enumeration ? Set(spec?.enumValues ?? []) : nil
    }

    /// Evaluates the expression; runtime errors come back as values.
    @inlinable public func evaluate(_ context: EvaluationContext) -> Result<ExpressionValue, ExpressionEvaluationError> {
        do { return .success(try evaluateOrThrow(context)) } catch { return .failure(error) }
    }

    /// Evaluates the expression, throwing runtime errors.
    public func evaluateOrThrow(_ context: EvaluationContext) throws(ExpressionEvaluationError) -> ExpressionValue {
        try root.evaluate(context)
    }

    /// Evaluates like a style does: errors, `null` and NaN fall back to the property's default value.
    public func evaluateWithDefault(_ context: EvaluationContext) -> ExpressionValue {
        guard let v = try? root.evaluate(context) else { return defaultValue }
        switch v {
        case .null: return defaultValue
        case .number(let n) where n.isNaN: return defaultValue
        case .string(let s) where enumValues != nil && !enumValues!.contains(s): return defaultValue
        default: return v
        }
    }

    /// The interpolation factor between two zoom stops of a camera/composite expression.
    public func interpolationFactor(_ input: Double, _ lower: Double, _ upper: Double) -> Double {
        zoomInterpolation?.factor(input, lower, upper) ?? 0
    }

    static func defaultValue(for spec: PropertySpecification) -> ExpressionValue {
        guard let d = spec.defaultValue else { return .null }
        switch spec.valueType {
        case .color?:
            if case .string(let s) = d, let c = Color(css: s) { return .color(c) }
            if case .object = d { return .color(.transparent) }
            return .null
        case .padding?: return Padding.parse(ExpressionValue(json: d)).map { .padding($0) } ?? .null
        default: return ExpressionValue(json: d)
        }
    }

    static let zoomMisuse = "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."

    enum ZoomCurve { case none, curve(Expr), error(ExpressionParseError.Issue) }

    /// The spec's `findZoomCurve`.
    static func findZoomCurve(_ e: Expr) -> ZoomCurve {
        var result: ZoomCurve = .none
        if let l = e as? LetExpr {
            result = findZoomCurve(l.result)
        } else if let c = e as? CoalesceExpr {
            for arg in c.args {
                result = findZoomCurve(arg)
                if case .none = result { continue }
                break
            }
        } else if let s = e as? StepExpr, (s.input as? CompoundExpr)?.name == "zoom" {
            result = .curve(e)
        } else if let i = e as? InterpolateExpr, (i.input as? CompoundExpr)?.name == "zoom" {
            result = .curve(e)
        }
        if case .error = result { return result }
        for child in e.children {
            let childResult = findZoomCurve(child)
            switch (childResult, result) {
            case (.error, _): result = childResult
            case (.curve, .none): result = .error(ExpressionParseError.Issue(key: "", message: zoomMisuse))
            case (.curve(let c), .curve(let r)) where c !== r:
                result = .error(ExpressionParseError.Issue(key: "", message: "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression."))
            case (.curve, .error):
                result = .error(ExpressionParseError.Issue(key: "", message: "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression."))
            default: break
            }
        }
        return result
    }
}
