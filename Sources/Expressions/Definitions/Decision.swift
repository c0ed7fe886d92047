import GeoJSON

/// `["case", cond, out, ..., fallback]`.
final class CaseExpr: Expr, @unchecked Sendable {
    let branches: [(Expr, Expr)]
    let otherwise: Expr
    init(type: ExpressionType, branches: [(Expr, Expr)], otherwise: Expr) {
        self.branches = branches; self.otherwise = otherwise
        super.init(type: type)
    }
    override var children: [Expr] { branches.flatMap { [$0.0, $0.1] } + [otherwise] }
    override var outputDefined: Bool { branches.allSatisfy { $0.1.outputDefined } && otherwise.outputDefined }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        for (test, out) in branches { if try test.bool(ctx) { return try out.evaluate(ctx) } }
        return try otherwise.evaluate(ctx)
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 4 else { return context.error("Expected at least 3 arguments, but found only \(args.count - 1).") }
        guard args.count % 2 == 0 else { return context.error("Expected an odd number of arguments.") }
        var outputType: ExpressionType?
        if let e = context.expectedType, e != .value { outputType = e }
        var branches: [(Expr, Expr)] = []
        var i = 1
        while i < args.count - 1 {
            guard let test = context.parse(args[i], i, .boolean) else { return nil }
            guard let result = context.parse(args[i + 1], i + 1, outputType) else { return nil }
            branches.append((test, result))
            outputType = outputType ?? result.type
            i += 2
        }
        guard let otherwise = context.parse(args[args.count - 1], args.count - 1, outputType) else { return nil }
        return CaseExpr(type: outputType ?? otherwise.type, branches: branches, otherwise: otherwise)
    }
}

/// `["match", input, labels, out, ..., fallback]`.
final class MatchExpr: Expr, @unchecked Sendable {
    let inputType: ExpressionType
    let input: Expr
    let numberCases: [Double: Int]
    let stringCases: [String: Int]
    let outputs: [Expr]
    let otherwise: Expr
    init(inputType: ExpressionType, type: ExpressionType, input: Expr, numberCases: [Double: Int], stringCases: [String: Int], outputs: [Expr], otherwise: Expr) {
        self.inputType = inputType; self.input = input; self.numberCases = numberCases; self.stringCases = stringCases
        self.outputs = outputs; self.otherwise = otherwise
        super.init(type: type)
    }
    override var children: [Expr] { [input] + outputs + [otherwise] }
    override var outputDefined: Bool { outputs.allSatisfy(\.outputDefined) && otherwise.outputDefined }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let v = try input.evaluate(ctx)
        switch v {
        case .number(let n) where inputType == .number:
            if let i = numberCases[n] { return try outputs[i].evaluate(ctx) }
        case .string(let s) where inputType == .string:
            if let i = stringCases[s] { return try outputs[i].evaluate(ctx) }
        default: break
        }
        return try otherwise.evaluate(ctx)
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 5 else { return context.error("Expected at least 4 arguments, but found only \(args.count - 1).") }
        guard args.count % 2 == 1 else { return context.error("Expected an even number of arguments.") }
        var inputType: ExpressionType?
        var outputType: ExpressionType?
        if let e = context.expectedType, e != .value { outputType = e }
        var numberCases: [Double: Int] = [:], stringCases: [String: Int] = [:]
        var seenKeys = Set<String>()
        var outputs: [Expr] = []
        var i = 2
        while i < args.count - 1 {
            let labels: [JSONValue]
            if case .array(let a) = args[i] { labels = a } else { labels = [args[i]] }
            let labelContext = context.concat(i)
            if labels.isEmpty { return labelContext.error("Expected at least one branch label.") }
            for label in labels {
                let labelValue: ExpressionValue
                switch label {
                case .string(let s): labelValue = .string(s)
                case .int, .uint, .double:
                    let n = label.number!
                    if abs(n) > 9007199254740991 { return labelContext.error("Branch labels must be integers no larger than 9007199254740991.") }
                    if n.rounded(.down) != n { return labelContext.error("Numeric branch labels must be integer values.") }
                    labelValue = .number(n)
                default: return labelContext.error("Branch labels must be numbers or strings.")
                }
                if inputType == nil { inputType = labelValue.type } else if labelContext.checkSubtype(inputType!, labelValue.type) != nil { return nil }
                // JS keys cases by String(label): 1 and "1" collide.
                let key = labelValue.stringValue
                if !seenKeys.insert(key).inserted {
                    return labelContext.error("Branch labels must be unique.")
                }
                switch labelValue {
                case .number(let n): numberCases[n] = outputs.count
                case .string(let s): stringCases[s] = outputs.count
                default: break
                }
            }
            guard let result = context.parse(args[i + 1], i + 1, outputType) else { return nil }
            outputType = outputType ?? result.type
            outputs.append(result)
            i += 2
        }
        guard let input = context.parse(args[1], 1, .value) else { return nil }
        guard let otherwise = context.parse(args[args.count - 1], args.count - 1, outputType) else { return nil }
        if input.type != .value, let it = inputType, context.concat(1).checkSubtype(it, input.type) != nil { return nil }
        return MatchExpr(inputType: inputType ?? .value, type: outputType ?? otherwise.type, input: input, numberCases: numberCases,
                         stringCases: stringCases, outputs: outputs, otherwise: otherwise)
    }
}

/// `["coalesce", a, b, ...]`.
final class CoalesceExpr: Expr, @unchecked Sendable {
    let args: [Expr]
    init(type: ExpressionType, args: [Expr]) { self.args = args; super.init(type: type) }
    override var children: [Expr] { args }
    override var outputDefined: Bool { args.allSatisfy(\.outputDefined) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        var result = ExpressionValue.null
        var requestedImageName: String?
        for (n, arg) in args.enumerated() {
            result = try arg.evaluate(ctx)
            if case .resolvedImage(let img) = result, !img.available {
                if requestedImageName == nil { requestedImageName = img.name }
                result = .null
                if n == args.count - 1, let name = requestedImageName { result = .string(name) }
            }
            if !result.isNull { break }
        }
        return result
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 2 else { return context.error("Expectected at least one argument.") }
        var outputType: ExpressionType?
        let expectedType = context.expectedType
        if let e = expectedType, e != .value { outputType = e }
        var parsedArgs: [Expr] = []
        for arg in args.dropFirst() {
            guard let parsed = context.parse(arg, 1 + parsedArgs.count, outputType, typeAnnotation: .omit) else { return nil }
            outputType = outputType ?? parsed.type
            parsedArgs.append(parsed)
        }
        let needsAnnotation = expectedType.map { e in parsedArgs.contains { ExpressionType.checkSubtype(e, $0.type) != nil } } ?? false
        return CoalesceExpr(type: needsAnnotation ? .value : (outputType ?? .value), args: parsedArgs)
    }
}

/// `==`, `!=`, `<`, `>`, `<=`, `>=` with optional collator.
final class ComparisonExpr: Expr, @unchecked Sendable {
    enum Op: String { case eq = "==", neq = "!=", lt = "<", gt = ">", lteq = "<=", gteq = ">=" }
    let op: Op
    let lhs: Expr, rhs: Expr, collator: Expr?
    let hasUntypedArgument: Bool
    var isOrder: Bool { op != .eq && op != .neq }

    /// Fast path: a feature property (optionally asserted to a primitive type) against a literal.
    let fastGet: GetPropertyExpr?
    let fastLiteral: ExpressionValue?
    /// Whether the fast-path property is wrapped in a type assertion (a missing property must then raise).
    let fastAsserted: Bool

    init(op: Op, lhs: Expr, rhs: Expr, collator: Expr?) {
        self.op = op; self.lhs = lhs; self.rhs = rhs; self.collator = collator
        hasUntypedArgument = lhs.type == .value || rhs.type == .value
        var get: GetPropertyExpr?
        if let g = lhs as? GetPropertyExpr { get = g } else if let a = lhs as? AssertionExpr, a.args.count == 1, let g = a.args[0] as? GetPropertyExpr,
            a.type == .number || a.type == .string || a.type == .boolean { get = g }
        var lit: ExpressionValue?
        if collator == nil, get != nil, let l = rhs as? LiteralExpr {
            switch l.value { case .string, .number, .boolean: lit = l.value; default: break }
        }
        fastGet = lit == nil ? nil : get
        fastLiteral = lit
        fastAsserted = lhs is AssertionExpr
        super.init(type: .boolean)
    }

    /// Compares a raw JSON property with the literal; nil when the general path must decide (e.g. to raise
    /// the assertion error).
    @inline(__always) private func fast(_ v: JSONValue?, _ lit: ExpressionValue) -> Bool? {
        guard let v else {
            if fastAsserted { return nil }
            return op == .eq ? false : op == .neq ? true : nil
        }
        switch (v, lit) {
        case (.string(let a), .string(let b)):
            if op == .eq { return a == b }
            if op == .neq { return a != b }
            let c = compareUTF16(a, b)
            return order(c < 0, c > 0, c == 0)
        case (.double(let a), .number(let b)): return order(a < b, a > b, a == b)
        case (.int(let i), .number(let b)): let a = Double(i); return order(a < b, a > b, a == b)
        case (.bool(let a), .boolean(let b)) where op == .eq || op == .neq: return op == .eq ? a == b : a != b
        default: return nil
        }
    }
    override var children: [Expr] { [lhs, rhs] + (collator.map { [$0] } ?? []) }
    override var outputDefined: Bool { true }

    private func basic(_ a: ExpressionValue, _ b: ExpressionValue) -> Bool {
        switch op {
        case .eq: return a.strictEquals(b)
        case .neq: return !a.strictEquals(b)
        default:
            switch (a, b) {
            case (.number(let x), .number(let y)): return order(x < y, x > y, x == y)
            case (.string(let x), .string(let y)):
                let c = compareUTF16(x, y)
                return order(c < 0, c > 0, c == 0)
            default:
                // JS relational comparison coerces to numbers.
                let x = jsToNumber(a), y = jsToNumber(b)
                return order(x < y, x > y, x == y)
            }
        }
    }
    @inline(__always) private func order(_ lt: Bool, _ gt: Bool, _ eq: Bool) -> Bool {
        switch op {
        case .lt: return lt
        case .gt: return gt
        case .lteq: return lt || eq
        case .gteq: return gt || eq
        case .eq: return eq
        case .neq: return !eq
        }
    }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        if let g = fastGet, let lit = fastLiteral, let r = fast(g.json(ctx), lit) { return .boolean(r) }
        let a = try lhs.evaluate(ctx)
        let b = try rhs.evaluate(ctx)
        if isOrder && hasUntypedArgument {
            let lk = a.type.kind, rk = b.type.kind
            if lk != rk || !(lk == "string" || lk == "number") {
                throw EvalError("Expected arguments for \"\(op.rawValue)\" to be (string, string) or (number, number), but found (\(lk), \(rk)) instead.")
            }
        }
        if let collator, !isOrder, hasUntypedArgument {
            if a.string == nil || b.string == nil { return .boolean(basic(a, b)) }
            _ = collator
        }
        if let collator {
            guard case .collator(let c) = try collator.evaluate(ctx) else { return .boolean(basic(a, b)) }
            let r = c.compare(a.string ?? a.stringValue, b.string ?? b.stringValue)
            return .boolean(order(r < 0, r > 0, r == 0))
        }
        return .boolean(basic(a, b))
    }

    static func isComparable(_ op: Op, _ t: ExpressionType) -> Bool {
        if op == .eq || op == .neq {
            return t == .boolean || t == .string || t == .number || t == .null || t == .value
        }
        return t == .string || t == .number || t == .value
    }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 3 || args.count == 4 else { return context.error("Expected two or three arguments.") }
        let op = Op(rawValue: args[0].string ?? "") ?? .eq
        guard var lhs = context.parse(args[1], 1, .value) else { return nil }
        if !isComparable(op, lhs.type) {
            return context.concat(1).error("\"\(op.rawValue)\" comparisons are not supported for type '\(lhs.type)'.")
        }
        guard var rhs = context.parse(args[2], 2, .value) else { return nil }
        if !isComparable(op, rhs.type) {
            return context.concat(2).error("\"\(op.rawValue)\" comparisons are not supported for type '\(rhs.type)'.")
        }
        if !lhs.type.sameKind(rhs.type) && lhs.type != .value && rhs.type != .value {
            return context.error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        if op != .eq && op != .neq {
            if lhs.type == .value && rhs.type != .value {
                lhs = AssertionExpr(type: rhs.type, args: [lhs])
            } else if lhs.type != .value && rhs.type == .value {
                rhs = AssertionExpr(type: lhs.type, args: [rhs])
            }
        }
        var collator: Expr?
        if args.count == 4 {
            if lhs.type != .string && rhs.type != .string && lhs.type != .value && rhs.type != .value {
                return context.error("Cannot use collator to compare non-string types.")
            }
            guard let c = context.parse(args[3], 3, .collator) else { return nil }
            collator = c
        }
        return ComparisonExpr(op: op, lhs: lhs, rhs: rhs, collator: collator)
    }
}

/// Compares strings by UTF-16 code units, like JS `<`.
func compareUTF16(_ a: String, _ b: String) -> Int {
    var ia = a.utf16.makeIterator(), ib = b.utf16.makeIterator()
    while true {
        switch (ia.next(), ib.next()) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
        }
    }
}
