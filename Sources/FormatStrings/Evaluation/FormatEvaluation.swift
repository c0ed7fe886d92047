public import Expressions

public import GeoJSON

/// Why a format string could not be evaluated.
public enum FormatEvaluationError: Error, Sendable, CustomStringConvertible {
    /// The format string (or its conversion to style JSON) failed.
    case format(FormatStringError)
    /// The style JSON is not a valid expression for the Expressions module.
    case compile(ExpressionParseError)
    /// Evaluating the expression failed at run time.
    case evaluation(ExpressionEvaluationError)

    public var description: String {
        switch self {
        case .format(let e): return e.description
        case .compile(let e): return "invalid expression: \(e)"
        case .evaluation(let e): return "evaluation failed: \(e)"
        }
    }
}

extension FormatPredicate {
    /// The layer filter this predicate stands for, compiled by the Expressions module.
    public func featureFilter(options: FormatJSONOptions = FormatJSONOptions()) throws(FormatEvaluationError) -> FeatureFilter {
        let json: JSONValue
        do {
            json = try jsonValue(options: options)
        } catch {
            throw .format(error)
        }
        do {
            return try FeatureFilter(json)
        } catch {
            throw .compile(error)
        }
    }

    /// Whether `feature` passes this predicate at `zoom`, as a layer filter would decide (evaluation errors
    /// and non-Boolean results count as `false`).
    public func evaluate(
        _ feature: GeoJSONFeature, zoom: Double = 0, options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatEvaluationError) -> Bool {
        try featureFilter(options: options).evaluate(feature, zoom: zoom)
    }
}

extension FormatExpression {
    /// This expression compiled by the Expressions module; `variables` are bound with `let` around it
    /// (values for `$name` variables that no `MLN_LET` defines).
    public func compiled(
        variables: [(String, JSONValue)] = [], options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatEvaluationError) -> Expression {
        var json: JSONValue
        do {
            json = try jsonValue(options: options)
        } catch {
            throw .format(error)
        }
        if !variables.isEmpty {
            var items: [JSONValue] = ["let"]
            for (name, value) in variables {
                items.append(.string(name))
                items.append(value.array != nil || value.object != nil ? ["literal", value] : value)
            }
            items.append(json)
            json = .array(items)
        }
        do {
            return try Expression.parse(json)
        } catch {
            throw .compile(error)
        }
    }

    /// Evaluates this expression in `context` (zoom, feature, heatmap density, …).
    public func evaluate(
        _ context: EvaluationContext, variables: [(String, JSONValue)] = [], options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatEvaluationError) -> ExpressionValue {
        let expression = try compiled(variables: variables, options: options)
        do {
            return try expression.evaluateOrThrow(context)
        } catch {
            throw .evaluation(error)
        }
    }

    /// Evaluates this expression against a GeoJSON feature at `zoom`.
    public func evaluate(
        _ feature: GeoJSONFeature, zoom: Double? = nil, options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatEvaluationError) -> ExpressionValue {
        try evaluate(EvaluationContext(zoom: zoom, feature: FeatureView(feature)), options: options)
    }
}
