import GeoJSON

/// An error raised while evaluating an expression (the spec's `RuntimeError`), carried as a value.
public struct ExpressionEvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, as the reference implementation words it.
    public var message: String
    /// Creates an error with a message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// Shorthand used by node implementations.
typealias EvalError = ExpressionEvaluationError

/// A node of a compiled expression tree. Subclasses are immutable after parsing.
class Expr: @unchecked Sendable {
    /// The node's static type.
    let type: ExpressionType

    init(type: ExpressionType) { self.type = type }

    /// Evaluates the node.
    func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue { .null }

    /// The direct children, in the spec's `eachChild` order.
    var children: [Expr] { [] }

    /// Whether the output is always defined (spec's `outputDefined`); used only by tooling.
    var outputDefined: Bool { false }
}

extension Expr {
    @inline(__always) final func number(_ ctx: EvaluationContext) throws(EvalError) -> Double {
        let v = try evaluate(ctx)
        if case .number(let n) = v { return n }
        return .nan
    }
    @inline(__always) final func string(_ ctx: EvaluationContext) throws(EvalError) -> String {
        let v = try evaluate(ctx)
        if case .string(let s) = v { return s }
        return v.stringValue
    }
    @inline(__always) final func bool(_ ctx: EvaluationContext) throws(EvalError) -> Bool {
        let v = try evaluate(ctx)
        if case .boolean(let b) = v { return b }
        return v.truthy
    }
}

/// `["literal", value]`, and every constant-folded subexpression.
final class LiteralExpr: Expr, @unchecked Sendable {
    let value: ExpressionValue
    init(type: ExpressionType, value: ExpressionValue) {
        self.value = value
        super.init(type: type)
    }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue { value }
    override var outputDefined: Bool { true }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            return context.error("'literal' expression requires exactly one argument, but found \(args.count - 1) instead.")
        }
        guard isValue(args[1], depth: 0) else { return context.error("invalid value") }
        let value = ExpressionValue(json: args[1])
        var type = value.type
        if case .array(_, let n) = type, n == 0, let expected = context.expectedType,
           case .array(_, let en) = expected, en == nil || en == 0 {
            type = expected
        }
        return LiteralExpr(type: type, value: value)
    }

    /// Every JSON value is a value; depth is capped so hostile nesting errors out instead of overflowing.
    static func isValue(_ v: JSONValue, depth: Int) -> Bool {
        if depth > ParsingContext.maxDepth { return false }
        switch v {
        case .array(let a): return a.allSatisfy { isValue($0, depth: depth + 1) }
        case .object(let o): return o.allSatisfy { isValue($0.value, depth: depth + 1) }
        default: return true
        }
    }
}

/// Lexical scope of `let` bindings.
final class Scope: @unchecked Sendable {
    let parent: Scope?
    let bindings: [String: Expr]
    init(parent: Scope? = nil, bindings: [(String, Expr)] = []) {
        self.parent = parent
        var b: [String: Expr] = [:]
        for (k, v) in bindings { b[k] = v }
        self.bindings = b
    }
    func concat(_ b: [(String, Expr)]) -> Scope { Scope(parent: self, bindings: b) }
    func get(_ name: String) -> Expr? { bindings[name] ?? parent?.get(name) }
    func has(_ name: String) -> Bool { bindings[name] != nil || (parent?.has(name) ?? false) }
}
