public import GeoJSON

/// What the validator asks an expression parser about one expression-valued member.
public struct ExpressionValidationRequest: Sendable {
    /// Where the expression is used; the style-spec validator's `expressionContext`.
    public enum Context: String, Sendable, Hashable {
        /// A layer's paint or layout property (`createPropertyExpression`).
        case property
        /// A layer's `filter` (expected type: boolean).
        case filter
        /// A cluster property's map expression.
        case clusterMap = "cluster-map"
        /// A cluster property's reduce expression.
        case clusterReduce = "cluster-reduce"
        /// A cluster property's initial value.
        case clusterInitial = "cluster-initial"
        /// Anywhere else (an image or formatted value outside a property).
        case other
    }

    /// The expression, as plain JSON.
    public let expression: JSONValue
    /// Where it is used.
    public let context: Context
    /// The value's specification from the reference (`type`, `value`, `length`, `expression`,
    /// `property-type`…); `{"value": "boolean"}` for filters; `nil` for cluster expressions.
    public let specification: JSONValue?
    /// The property name (`"text-font"`), for property expressions.
    public let propertyKey: String?

    /// Creates a request.
    public init(expression: JSONValue, context: Context, specification: JSONValue?, propertyKey: String?) {
        self.expression = expression
        self.context = context
        self.specification = specification
        self.propertyKey = propertyKey
    }
}

/// A parse or type error inside an expression: `key` locates it below the expression
/// (`""`, `"[1]"`, `"[2][0]"`), `message` is the parser's text.
public struct ExpressionIssue: Sendable, Hashable {
    /// Where below the expression (`""`, `"[1]"`, `"[2][0]"`).
    public let key: String
    /// The parser's message.
    public let message: String

    /// Creates an issue.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }
}

/// How a successfully parsed expression depends on its inputs; the validator turns these into
/// the style-spec's context checks ("data expressions not supported", "feature-state … filters").
public struct ExpressionTraits: Sendable, Hashable {
    /// Where `zoom` appears relative to the top-level curve (`findZoomCurve`).
    public enum ZoomCurve: Sendable, Hashable {
        /// No top-level `step`/`interpolate` on `zoom`.
        case absent
        /// A top-level `step` on `zoom`.
        case step
        /// A top-level `interpolate` on `zoom`.
        case interpolate
        /// `zoom` used somewhere it may not be (the parser's error).
        case misplaced(ExpressionIssue)
    }

    /// No feature data read (`get`, `has`, `id`, `geometry-type`, `properties`, `feature-state`…).
    public var isFeatureConstant: Bool
    /// No `zoom` (nor `pitch`, `distance-from-center`) read.
    public var isZoomConstant: Bool
    /// No `feature-state` read.
    public var isStateConstant: Bool
    /// Neither `zoom` nor `feature-state` read (cluster expressions).
    public var isZoomAndStateConstant: Bool
    /// Every possible output is a literal (`outputDefined()`), for `text-font`.
    public var isOutputDefined: Bool
    /// The zoom curve found.
    public var zoomCurve: ZoomCurve

    /// Creates traits.
    public init(isFeatureConstant: Bool, isZoomConstant: Bool, isStateConstant: Bool,
                isZoomAndStateConstant: Bool, isOutputDefined: Bool, zoomCurve: ZoomCurve) {
        self.isFeatureConstant = isFeatureConstant
        self.isZoomConstant = isZoomConstant
        self.isStateConstant = isStateConstant
        self.isZoomAndStateConstant = isZoomAndStateConstant
        self.isOutputDefined = isOutputDefined
        self.zoomCurve = zoomCurve
    }
}

/// The answer of an `ExpressionValidating` parser.
public enum ExpressionValidationResult: Sendable, Hashable {
    /// The expression does not parse or type-check.
    case errors([ExpressionIssue])
    /// It parses; these are its dependencies.
    case valid(ExpressionTraits)
    /// No parser is available: the validator reports nothing for this expression.
    case unavailable
}

/// The hook through which an expression parser (the `Expressions` module) reports parse and
/// type errors to `StyleValidator`. The validator itself knows the structure of styles,
/// legacy functions and legacy filters; whatever is an expression goes through this hook.
public protocol ExpressionValidating: Sendable {
    /// Parses and type-checks `request.expression` as the style-spec's `createExpression`
    /// (or, for `.property`, the parsing part of `createPropertyExpression`) would.
    func validate(_ request: ExpressionValidationRequest) -> ExpressionValidationResult
}

/// The hook used when no expression parser is plugged in: every expression is `.unavailable`.
package struct UnavailableExpressionValidator: ExpressionValidating {
    /// Creates the placeholder hook.
    package init() {}

    package func validate(_ request: ExpressionValidationRequest) -> ExpressionValidationResult { .unavailable }
}
