import Expressions
import GeoJSON

/// Plugs the `Expressions` module's parser into `StyleValidator`: expression-valued members
/// are parsed and type-checked, and their parse errors are reported as the style-spec does.
public struct ExpressionsModuleValidator: ExpressionValidating {
    /// Creates the bridge.
    public init() {}

    public func validate(_ request: ExpressionValidationRequest) -> ExpressionValidationResult {
        let expression: Expression
        do {
            switch request.context {
            case .property:
                expression = try Expression.parse(request.expression, for: PropertySpecification(json: request.specification))
            case .filter, .clusterMap, .clusterReduce, .clusterInitial, .other:
                // `createExpression(value, spec)`: a filter's `{"value": "boolean"}` names no
                // type, so the reference parses filters without an expected type too.
                let spec = request.specification.map { PropertySpecification(json: $0) }
                expression = try Expression.parse(request.expression, expecting: spec?.expectedType)
            }
        } catch {
            return .errors(error.errors.map { ExpressionIssue(key: $0.key, message: $0.message) })
        }
        return .valid(ExpressionTraits(
            isFeatureConstant: expression.isFeatureConstant,
            isZoomConstant: expression.isZoomConstant,
            isStateConstant: expression.isStateConstant,
            isZoomAndStateConstant: expression.isZoomConstant && expression.isStateConstant,
            isOutputDefined: Self.isOutputDefined(request.expression),
            // `Expression.parse(_:for:)` already applied the zoom-curve rules.
            zoomCurve: expression.isZoomConstant ? .absent : .step))
    }

    /// The style-spec's `outputDefined()`, read from the JSON of an expression that parsed:
    /// whether every value it can produce is written as a literal.
    static func isOutputDefined(_ value: JSONValue) -> Bool {
        guard let a = value.array, let op = a.first?.string else { return true }
        func all(_ indices: some Sequence<Int>) -> Bool {
            indices.allSatisfy { $0 < a.count && isOutputDefined(a[$0]) }
        }
        switch op {
        case "literal":
            return true
        case "step":
            return all(stride(from: 2, to: a.count, by: 2))
        case "interpolate", "interpolate-hcl", "interpolate-lab":
            return all(stride(from: 4, to: a.count, by: 2))
        case "match":
            return all(stride(from: 3, to: a.count - 1, by: 2)) && all([a.count - 1])
        case "case":
            return all(stride(from: 2, to: a.count - 1, by: 2)) && all([a.count - 1])
        case "coalesce":
            return all(1..<a.count)
        case "let":
            return all([a.count - 1])
        case "array":
            return a.count >= 2 && all([a.count - 1])
        case "string", "number", "boolean", "object", "to-string", "to-number", "to-boolean", "to-color":
            return all(1..<a.count)
        default:
            return false
        }
    }
}

extension StyleValidator {
    /// A validator that parses expressions with the `Expressions` module.
    public static var withExpressions: StyleValidator { StyleValidator(expressions: ExpressionsModuleValidator()) }
}
