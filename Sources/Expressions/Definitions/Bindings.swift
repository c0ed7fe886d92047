import GeoJSON

/// `["let", name, value, ..., body]`.
final class LetExpr: Expr, @unchecked Sendable {
    let bindings: [(String, Expr)]
    let result: Expr
    init(bindings: [(String, Expr)], result: Expr) {
        self.bindings = bindings
        self.result = result
        super.init(type: result.type)
    }
    override var children: [Expr] { bindings.map(\.1) + [result] }
    override var outputDefined: Bool { result.outputDefined }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue { try result.evaluate(ctx) }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 4 else { return context.error("Expected at least 3 arguments, but found \(args.count - 1) instead.") }
        var bindings: [(String, Expr)] = []
        var i = 1
        while i < args.count - 1 {
            guard case .string(let name) = args[i] else {
                return context.error("Expected string, but found \(jsTypeof(args[i])) instead.", i)
            }
            if name.unicodeScalars.contains(where: { !(($0.value >= 48 && $0.value <= 57) || ($0.value >= 65 && $0.value <= 90) || ($0.value >= 97 && $0.value <= 122) || $0 == "_") }) {
                return context.error("Variable names must contain only alphanumeric characters or '_'.", i)
            }
            guard let value = context.parse(args[i + 1], i + 1) else { return nil }
            bindings.append((name, value))
            i += 2
        }
        guard let result = context.parse(args[args.count - 1], args.count - 1, context.expectedType, bindings: bindings) else { return nil }
        return LetExpr(bindings: bindings, result: result)
    }
}

/// `["var", name]`.
final class VarExpr: Expr, @unchecked Sendable {
    let name: String
    let bound: Expr
    init(name: String, bound: Expr) {
        self.name = name
        self.bound = bound
        super.init(type: bound.type)
    }
    override var outputDefined: Bool { false }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue { try bound.evaluate(ctx) }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2, case .string(let name) = args[1] else {
            return context.error("'var' expression requires exactly one string literal argument.")
        }
        guard let bound = context.scope.get(name) else {
            return context.error("Unknown variable \"\(name)\". Make sure \"\(name)\" has been bound in an enclosing \"let\" expression before using it.", 1)
        }
        return VarExpr(name: name, bound: bound)
    }
}

/// `["global-state", key]`: the value the evaluation context carries, or the value bound when the
/// expression was compiled for a style (``GlobalStateBinding``), which makes it a constant.
final class GlobalStateExpr: Expr, @unchecked Sendable {
    let key: String
    /// The value bound at parse time (`.null` for a key the state does not have); nil when unbound.
    let bound: JSONValue?
    init(key: String, bound: JSONValue? = nil) { self.key = key; self.bound = bound; super.init(type: .value) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        if let gs = ctx.globalState, !gs.isEmpty, let v = gs[key] { return ExpressionValue(json: v) }
        if let bound { return ExpressionValue(json: bound) }
        return .null
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else { return context.error("Expected 1 argument, but found \(args.count - 1) instead.") }
        if args[1].isNull { return context.error("Global state property must be defined.") }
        guard case .string(let key) = args[1] else {
            return context.error("Global state property must be string, but found \(jsTypeof(args[1])) instead.")
        }
        if let binding = context.globalState {
            binding.readKeys.insert(key)
            return GlobalStateExpr(key: key, bound: binding.values[key] ?? .null)
        }
        return GlobalStateExpr(key: key)
    }
}

/// `["semiliteral", value]`: an array whose items may be expressions.
final class SemiliteralExpr: Expr, @unchecked Sendable {
    let items: [Expr]
    init(items: [Expr]) {
        var element: ExpressionType?
        for e in items {
            if element == nil { element = e.type } else if element == e.type && !e.type.isArray { continue } else { element = .value; break }
        }
        self.items = items
        super.init(type: .array(element ?? .value, length: items.count))
    }
    override var children: [Expr] { items }
    override var outputDefined: Bool { items.allSatisfy(\.outputDefined) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        var out: [ExpressionValue] = []
        out.reserveCapacity(items.count)
        for e in items { out.append(try e.evaluate(ctx)) }
        return .array(out)
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            return context.error("'semiliteral' expression requires exactly one argument, but found \(args.count - 1) instead.")
        }
        guard LiteralExpr.isValue(args[1], depth: 0) else { return context.error("invalid value of type \"\(jsTypeof(args[1]))\"") }
        // Items are expressions of their own (expected type `value`), at key paths `[1][i]`.
        let base = context.concat(1)
        switch args[1] {
        case .array(let a):
            var parsed: [Expr] = []
            for (i, item) in a.enumerated() {
                guard let p = base.concat(i, .value).parse(item) else { return nil }
                parsed.append(p)
            }
            return SemiliteralExpr(items: parsed)
        case .object(let o):
            var members: [(String, Expr)] = []
            for (key, value) in o {
                guard let p = base.concat(nil, .value).parse(value) else { return nil }
                members.append((key, p))
            }
            return SemiliteralObjectExpr(members: members)
        default:
            let v = ExpressionValue(json: args[1])
            return LiteralExpr(type: v.type, value: v)
        }
    }
}

/// `["semiliteral", {key: expression, ...}]`: an object whose member values may be expressions.
final class SemiliteralObjectExpr: Expr, @unchecked Sendable {
    let members: [(String, Expr)]
    init(members: [(String, Expr)]) { self.members = members; super.init(type: .object) }
    override var children: [Expr] { members.map(\.1) }
    override var outputDefined: Bool { members.allSatisfy { $0.1.outputDefined } }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        var o = JSONObject(minimumCapacity: members.count)
        for (k, e) in members { o[k] = OutputJSON.encode(try e.evaluate(ctx)) }
        return .object(o)
    }
}
