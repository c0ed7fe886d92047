import GeoJSON

/// Why an expression did not parse: every issue found, each with the spec's key path (`[1][2]`)
/// of the offending subexpression.
public struct ExpressionParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Every error found, in the order the spec reports them.
    public var errors: [ExpressionParseError.Issue]
    /// Wraps a list of errors.
    public init(_ errors: [ExpressionParseError.Issue]) { self.errors = errors }
    /// The errors joined as `key: message, …` (the spec's thrown message).
    public var description: String { errors.map(\.description).joined(separator: ", ") }

    /// One problem found while parsing: where (a key path like `[1][2]`) and what.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        /// Key path like `[1][2]`; empty for the whole expression.
        public var key: String
        /// The message, worded as the style specification words it.
        public var message: String
        /// Creates an issue at a key path.
        public init(key: String, message: String) { self.key = key; self.message = message }
        /// `key: message`, or just the message for the root.
        public var description: String { key.isEmpty ? message : "\(key): \(message)" }
    }
}

/// How an inferred type annotation is inserted when a value-typed expression meets an expected type.
enum TypeAnnotation { case assert, coerce, omit }

/// Errors collected while parsing, plus a work budget shared by every context of one parse.
final class ErrorSink {
    var errors: [ExpressionParseError.Issue] = []
    /// Remaining subexpression parses; overload retries can otherwise grow exponentially on hostile input.
    var budget: Int = ParsingContext.maxParses
    var budgetExhausted = false
}

/// Parsing state at one point of an expression tree (the spec's `ParsingContext`).
final class ParsingContext {
    /// Nesting deeper than this is rejected (hostile input must not overflow the stack).
    static let maxDepth = 200
    /// Upper bound on subexpression parses for one expression (overload retries included).
    static let maxParses = 100_000

    let path: [Int]
    /// The spec's key path, e.g. `[1][2]` (built only when an error is reported).
    var key: String { path.map { "[\($0)]" }.joined() }
    let scope: Scope
    let sink: ErrorSink
    let expectedType: ExpressionType?
    /// The sink whose budget a detached sink draws from.
    let parentSink: ErrorSink?
    /// Global state bound while parsing (a style's `state`): `global-state` reads it then, not at evaluation.
    let globalState: GlobalStateBinding?

    init(path: [Int] = [], expectedType: ExpressionType? = nil, scope: Scope = Scope(), sink: ErrorSink = ErrorSink(), parent: ErrorSink? = nil,
         globalState: GlobalStateBinding? = nil) {
        self.parentSink = parent
        self.path = path
        self.scope = scope
        self.sink = sink
        self.expectedType = expectedType
        self.globalState = globalState
    }

    var errors: [ExpressionParseError.Issue] { sink.errors }

    /// Parses `expr`, as child `index` (nil or 0: in this context) with the given expected type.
    func parse(_ expr: JSONValue, _ index: Int? = nil, _ expectedType: ExpressionType? = nil,
               bindings: [(String, Expr)]? = nil, typeAnnotation: TypeAnnotation? = nil) -> Expr? {
        if let index, index != 0 {
            return concat(index, expectedType, bindings)._parse(expr, typeAnnotation)
        }
        return _parse(expr, typeAnnotation)
    }

    func concat(_ index: Int?, _ expectedType: ExpressionType? = nil, _ bindings: [(String, Expr)]? = nil) -> ParsingContext {
        let p = index.map { path + [$0] } ?? path
        let s = bindings.map { scope.concat($0) } ?? scope
        return ParsingContext(path: p, expectedType: expectedType, scope: s, sink: sink, parent: parentSink, globalState: globalState)
    }

    /// A fresh context with its own error list (compound-expression overload attempts).
    func detached() -> ParsingContext {
        ParsingContext(path: path, expectedType: nil, scope: scope, sink: ErrorSink(), parent: parentSink ?? sink, globalState: globalState)
    }

    @discardableResult
    func error(_ message: String, _ keys: Int...) -> Expr? {
        sink.errors.append(ExpressionParseError.Issue(key: key + keys.map { "[\($0)]" }.joined(), message: message))
        return nil
    }

    /// Records and returns the subtype error, or nil when `t` is a subtype of `expected`.
    @discardableResult
    func checkSubtype(_ expected: ExpressionType, _ t: ExpressionType) -> String? {
        let e = ExpressionType.checkSubtype(expected, t)
        if let e { error(e) }
        return e
    }

    /// Spends one unit of the shared parse budget; false once it is exhausted.
    private func spend() -> Bool {
        let root = parentSink ?? sink
        if root.budget <= 0 {
            root.budgetExhausted = true
            return false
        }
        root.budget -= 1
        return true
    }

    private func _parse(_ input: JSONValue, _ typeAnnotation: TypeAnnotation?) -> Expr? {
        if !spend() {
            return error("Expression is too large or too deeply nested to parse.")
        }
        if path.count > Self.maxDepth {
            return error("Expression nesting is too deep (more than \(Self.maxDepth) levels).")
        }
        let expr: [JSONValue]
        switch input {
        case .null, .string, .bool, .int, .uint, .double: expr = ["literal", input]
        case .array(let a): expr = a
        case .object: return error("Bare objects invalid. Use [\"literal\", {...}] instead.")
        }
        guard !expr.isEmpty else {
            return error("Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []].")
        }
        guard case .string(let op) = expr[0] else {
            return error("Expression name must be a string, but found \(jsTypeof(expr[0])) instead. If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        guard let parser = Registry.parsers[op] else {
            return error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        guard var parsed = parser(expr, self) else { return nil }

        if let expected = expectedType {
            let actual = parsed.type
            let ek = expected.kind, ak = actual.kind
            if ["string", "number", "boolean", "object", "array"].contains(ek) && ak == "value" {
                parsed = annotate(parsed, expected, typeAnnotation ?? .assert)
            } else if ek == "projectionDefinition" && (ak == "string" || ak == "array" || ak == "value") {
                parsed = annotate(parsed, expected, typeAnnotation ?? .coerce)
            } else if ["color", "formatted", "resolvedImage"].contains(ek) && (ak == "value" || ak == "string") {
                parsed = annotate(parsed, expected, typeAnnotation ?? .coerce)
            } else if ek == "padding" && (ak == "value" || ak == "number" || ak == "array") {
                parsed = annotate(parsed, expected, typeAnnotation ?? .coerce)
            } else if ek == "numberArray" && (ak == "value" || ak == "number" || ak == "array") {
                parsed = annotate(parsed, expected, typeAnnotation ?? .coerce)
            } else if ek == "colorArray" && (ak == "value" || ak == "string" || ak == "array") {
                parsed = annotate(parsed, expected, typeAnnotation ?? .coerce)
            } else if ek == "variableAnchorOffsetCollection" && (ak == "value" || ak == "array") {
                parsed = annotate(parsed, expected, typeAnnotation ?? .coerce)
            } else if checkSubtype(expected, actual) != nil {
                return nil
            }
        }

        if !(parsed is LiteralExpr) && parsed.type != .resolvedImage && Classification.isConstant(parsed) {
            do {
                let value = try parsed.evaluate(EvaluationContext())
                parsed = LiteralExpr(type: parsed.type, value: value)
            } catch {
                // A value read from the global state is data: it fails when evaluated (and the property's
                // default applies), as in GL JS, where global state is never folded at parse time.
                if globalState != nil && Classification.readsGlobalState(parsed) { return parsed }
                return self.error(error.message)
            }
        }
        return parsed
    }

    private func annotate(_ parsed: Expr, _ type: ExpressionType, _ annotation: TypeAnnotation) -> Expr {
        switch annotation {
        case .assert: return AssertionExpr(type: type, args: [parsed])
        case .coerce: return CoercionExpr(type: type, args: [parsed])
        case .omit: return parsed
        }
    }
}

/// JS `typeof` of a JSON value.
func jsTypeof(_ v: JSONValue) -> String {
    switch v {
    case .null, .array, .object: return "object"
    case .bool: return "boolean"
    case .int, .uint, .double: return "number"
    case .string: return "string"
    }
}
