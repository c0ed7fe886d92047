import Foundation
import GeoJSON

typealias Evaluator = @Sendable (EvaluationContext, [Expr]) throws(EvalError) -> ExpressionValue

/// Parameter list of one overload of a compound expression.
enum Signature: Sendable {
    case fixed([ExpressionType])
    case varargs(ExpressionType)

    var description: String {
        switch self {
        case .fixed(let ts): return "(\(ts.map(\.description).joined(separator: ", ")))"
        case .varargs(let t): return "(\(t.description)...)"
        }
    }
}

struct CompoundDefinition: Sendable {
    let type: ExpressionType
    let overloads: [(Signature, Evaluator)]
}

/// An operator with fixed signatures (math, string, colour, feature data, …): the spec's `CompoundExpression`.
class CompoundExpr: Expr, @unchecked Sendable {
    let name: String
    let args: [Expr]
    let evaluator: Evaluator

    init(name: String, type: ExpressionType, evaluator: @escaping Evaluator, args: [Expr]) {
        self.name = name
        self.args = args
        self.evaluator = evaluator
        super.init(type: type)
    }
    override var children: [Expr] { args }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue { try evaluator(ctx, args) }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        let op = args[0].string ?? ""
        guard let definition = CompoundDefinitions.all[op] else {
            return context.error("Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", 0)
        }
        let overloads = definition.overloads.filter { sig, _ in
            if case .fixed(let ps) = sig { return ps.count == args.count - 1 }
            return true
        }
        var signatureContext: ParsingContext?
        for (params, evaluate) in overloads {
            let sc = context.detached()
            signatureContext = sc
            var parsedArgs: [Expr] = []
            var failed = false
            for i in 1..<max(args.count, 1) {
                let expected: ExpressionType
                switch params {
                case .fixed(let ps): expected = ps[i - 1]
                case .varargs(let t): expected = t
                }
                guard let parsed = sc.parse(args[i], 1 + parsedArgs.count, expected) else { failed = true; break }
                parsedArgs.append(parsed)
            }
            if failed { continue }
            if case .fixed(let ps) = params, ps.count != parsedArgs.count {
                sc.error("Expected \(ps.count) arguments, but found \(parsedArgs.count) instead.")
                continue
            }
            for (i, arg) in parsedArgs.enumerated() {
                let expected: ExpressionType
                switch params {
                case .fixed(let ps): expected = ps[i]
                case .varargs(let t): expected = t
                }
                sc.concat(i + 1).checkSubtype(expected, arg.type)
            }
            if sc.errors.isEmpty {
                return specialize(op, definition.type, evaluate, parsedArgs)
            }
        }
        if overloads.count == 1, let sc = signatureContext {
            context.sink.errors.append(contentsOf: sc.errors)
        } else {
            let expected = overloads.isEmpty ? definition.overloads : overloads
            let signatures = expected.map { $0.0.description }.joined(separator: " | ")
            var actualTypes: [String] = []
            for i in 1..<max(args.count, 1) {
                guard let parsed = context.parse(args[i], 1 + actualTypes.count) else { return nil }
                actualTypes.append(parsed.type.description)
            }
            context.error("Expected arguments of type \(signatures), but found (\(actualTypes.joined(separator: ", "))) instead.")
        }
        return nil
    }

    /// Picks a specialised node for hot operators (same semantics, fewer indirections).
    static func specialize(_ op: String, _ type: ExpressionType, _ evaluate: @escaping Evaluator, _ args: [Expr]) -> Expr {
        if op == "get", args.count == 1, let lit = args[0] as? LiteralExpr, case .string(let key) = lit.value {
            return GetPropertyExpr(key: key, args: args, evaluator: evaluate)
        }
        if (op == "all" || op == "any") && args.allSatisfy({ $0.type == .boolean }) {
            return LogicalExpr(name: op, evaluator: evaluate, args: args)
        }
        return CompoundExpr(name: op, type: type, evaluator: evaluate, args: args)
    }
}

/// `["get", "literal-key"]`: reads the feature property directly.
final class GetPropertyExpr: CompoundExpr, @unchecked Sendable {
    let key: String
    init(key: String, args: [Expr], evaluator: @escaping Evaluator) {
        self.key = key
        super.init(name: "get", type: .value, evaluator: evaluator, args: args)
    }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        guard let v = ctx.feature?.properties[key] else { return .null }
        switch v {
        case .string(let s): return .string(s)
        case .double(let d): return .number(d)
        case .int(let i): return .number(Double(i))
        default: return ExpressionValue(json: v)
        }
    }

    /// The raw JSON property (nil when absent), for fast paths that avoid building a value.
    @inline(__always) final func json(_ ctx: EvaluationContext) -> JSONValue? { ctx.feature?.properties[key] }
}

/// `["all", ...]` / `["any", ...]` over boolean operands, short-circuiting.
final class LogicalExpr: CompoundExpr, @unchecked Sendable {
    let isAll: Bool
    init(name: String, evaluator: @escaping Evaluator, args: [Expr]) {
        isAll = name == "all"
        super.init(name: name, type: .boolean, evaluator: evaluator, args: args)
    }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        if isAll {
            for a in args { if !(try a.bool(ctx)) { return .boolean(false) } }
            return .boolean(true)
        }
        for a in args { if try a.bool(ctx) { return .boolean(true) } }
        return .boolean(false)
    }
}

/// The table of compound operators.
enum CompoundDefinitions {
    static func num(_ e: Expr, _ ctx: EvaluationContext) throws(EvalError) -> Double { try e.number(ctx) }

    static func unary(_ f: @escaping @Sendable (Double) -> Double) -> CompoundDefinition {
        CompoundDefinition(type: .number, overloads: [(.fixed([.number]), { (ctx, a) throws(EvalError) in .number(f(try a[0].number(ctx))) })])
    }
    static func constant(_ v: Double) -> CompoundDefinition {
        CompoundDefinition(type: .number, overloads: [(.fixed([]), { (_, _) throws(EvalError) in .number(v) })])
    }
    static func single(_ type: ExpressionType, _ params: [ExpressionType], _ e: @escaping Evaluator) -> CompoundDefinition {
        CompoundDefinition(type: type, overloads: [(.fixed(params), e)])
    }

    static func rgba(_ ctx: EvaluationContext, _ a: [Expr]) throws(EvalError) -> ExpressionValue {
        let r = try a[0].evaluate(ctx), g = try a[1].evaluate(ctx), b = try a[2].evaluate(ctx)
        let alpha = a.count > 3 ? try a[3].evaluate(ctx) : nil
        if let err = validateRGBA(r, g, b, alpha) { throw EvalError(err) }
        return .color(Color(red: r.number! / 255, green: g.number! / 255, blue: b.number! / 255, alpha: alpha?.number ?? 1))
    }

    static func lookup(_ key: String, _ obj: JSONObject?) -> ExpressionValue {
        guard let v = obj?[key] else { return .null }
        return ExpressionValue(json: v)
    }

    static func objectOf(_ v: ExpressionValue) -> JSONObject? {
        if case .object(let o) = v { return o }
        return nil
    }

    static let all: [String: CompoundDefinition] = {
        var d: [String: CompoundDefinition] = [:]
        d["error"] = single(.error, [.string]) { (ctx, a) throws(EvalError) in throw EvalError(try a[0].string(ctx)) }
        d["typeof"] = single(.string, [.value]) { (ctx, a) throws(EvalError) in .string(try a[0].evaluate(ctx).type.description) }
        d["to-rgba"] = single(.array(.number, length: 4), [.color]) { (ctx, a) throws(EvalError) in
            guard case .color(let c) = try a[0].evaluate(ctx) else { return .null }
            let v = c.rgba
            return .array([.number(v.r * 255), .number(v.g * 255), .number(v.b * 255), .number(v.a)])
        }
        d["rgb"] = single(.color, [.number, .number, .number]) { (ctx, a) throws(EvalError) in try rgba(ctx, a) }
        d["rgba"] = single(.color, [.number, .number, .number, .number]) { (ctx, a) throws(EvalError) in try rgba(ctx, a) }
        d["has"] = CompoundDefinition(type: .boolean, overloads: [
            (.fixed([.string]), { (ctx, a) throws(EvalError) in
                let k = try a[0].string(ctx)
                return .boolean(ctx.feature?.properties[k] != nil)
            }),
            (.fixed([.string, .object]), { (ctx, a) throws(EvalError) in
                let k = try a[0].string(ctx)
                return .boolean(objectOf(try a[1].evaluate(ctx))?[k] != nil)
            }),
        ])
        d["get"] = CompoundDefinition(type: .value, overloads: [
            (.fixed([.string]), { (ctx, a) throws(EvalError) in lookup(try a[0].string(ctx), ctx.feature?.properties) }),
            (.fixed([.string, .object]), { (ctx, a) throws(EvalError) in
                let k = try a[0].string(ctx)
                return lookup(k, objectOf(try a[1].evaluate(ctx)))
            }),
        ])
        d["feature-state"] = single(.value, [.string]) { (ctx, a) throws(EvalError) in lookup(try a[0].string(ctx), ctx.featureState) }
        d["properties"] = single(.object, []) { (ctx, _) throws(EvalError) in .object(ctx.feature?.properties ?? JSONObject()) }
        d["geometry-type"] = single(.string, []) { (ctx, _) throws(EvalError) in
            if let t = ctx.feature?.geometryType { return .string(t) }
            return .null
        }
        d["id"] = single(.value, []) { (ctx, _) throws(EvalError) in ctx.feature?.id ?? .null }
        d["zoom"] = single(.number, []) { (ctx, _) throws(EvalError) in ctx.zoom.map { .number($0) } ?? .null }
        d["heatmap-density"] = single(.number, []) { (ctx, _) throws(EvalError) in .number(ctx.heatmapDensity ?? 0) }
        d["elevation"] = single(.number, []) { (ctx, _) throws(EvalError) in .number(ctx.elevation ?? 0) }
        d["line-progress"] = single(.number, []) { (ctx, _) throws(EvalError) in .number(ctx.lineProgress ?? 0) }
        d["accumulated"] = single(.value, []) { (ctx, _) throws(EvalError) in ctx.accumulated ?? .null }
        d["+"] = CompoundDefinition(type: .number, overloads: [(.varargs(.number), { (ctx, a) throws(EvalError) in
            var r = 0.0
            for x in a { r += try x.number(ctx) }
            return .number(r)
        })])
        d["*"] = CompoundDefinition(type: .number, overloads: [(.varargs(.number), { (ctx, a) throws(EvalError) in
            var r = 1.0
            for x in a { r *= try x.number(ctx) }
            return .number(r)
        })])
        d["-"] = CompoundDefinition(type: .number, overloads: [
            (.fixed([.number, .number]), { (ctx, a) throws(EvalError) in .number(try a[0].number(ctx) - a[1].number(ctx)) }),
            (.fixed([.number]), { (ctx, a) throws(EvalError) in .number(-(try a[0].number(ctx))) }),
        ])
        d["/"] = single(.number, [.number, .number]) { (ctx, a) throws(EvalError) in .number(try a[0].number(ctx) / a[1].number(ctx)) }
        d["%"] = single(.number, [.number, .number]) { (ctx, a) throws(EvalError) in
            .number(try a[0].number(ctx).truncatingRemainder(dividingBy: try a[1].number(ctx)))
        }
        d["ln2"] = constant(M_LN2)
        d["pi"] = constant(Double.pi)
        d["e"] = constant(M_E)
        d["^"] = single(.number, [.number, .number]) { (ctx, a) throws(EvalError) in .number(jsPow(try a[0].number(ctx), try a[1].number(ctx))) }
        d["sqrt"] = unary { $0.squareRoot() }
        d["log10"] = unary { log($0) / M_LN10 }
        d["ln"] = unary { log($0) }
        d["log2"] = unary { log($0) / M_LN2 }
        d["sin"] = unary { sin($0) }
        d["cos"] = unary { cos($0) }
        d["tan"] = unary { tan($0) }
        d["asin"] = unary { asin($0) }
        d["acos"] = unary { acos($0) }
        d["atan"] = unary { atan($0) }
        d["abs"] = unary { abs($0) }
        d["round"] = unary { v in v < 0 ? -jsRound(-v) : jsRound(v) }
        d["floor"] = unary { floor($0) }
        d["ceil"] = unary { ceil($0) }
        d["min"] = CompoundDefinition(type: .number, overloads: [(.varargs(.number), { (ctx, a) throws(EvalError) in
            var r = Double.infinity
            for x in a { let v = try x.number(ctx); if v.isNaN || r.isNaN { r = .nan } else if v < r { r = v } }
            return .number(r)
        })])
        d["max"] = CompoundDefinition(type: .number, overloads: [(.varargs(.number), { (ctx, a) throws(EvalError) in
            var r = -Double.infinity
            for x in a { let v = try x.number(ctx); if v.isNaN || r.isNaN { r = .nan } else if v > r { r = v } }
            return .number(r)
        })])
        d["!"] = single(.boolean, [.boolean]) { (ctx, a) throws(EvalError) in .boolean(!(try a[0].bool(ctx))) }
        d["is-supported-script"] = single(.boolean, [.string]) { (ctx, a) throws(EvalError) in
            let s = try a[0].string(ctx)
            return .boolean(ctx.isSupportedScript?(s) ?? true)
        }
        d["upcase"] = single(.string, [.string]) { (ctx, a) throws(EvalError) in .string(try a[0].string(ctx).uppercased()) }
        d["downcase"] = single(.string, [.string]) { (ctx, a) throws(EvalError) in .string(try a[0].string(ctx).lowercased()) }
        d["concat"] = CompoundDefinition(type: .string, overloads: [(.varargs(.value), { (ctx, a) throws(EvalError) in
            var s = ""
            for x in a { s += try x.evaluate(ctx).stringValue }
            return .string(s)
        })])
        d["resolved-locale"] = single(.string, [.collator]) { (ctx, a) throws(EvalError) in
            guard case .collator(let c) = try a[0].evaluate(ctx) else { return .null }
            return .string(c.resolvedLocale)
        }
        d["split"] = single(.array(.string, length: nil), [.string, .string]) { (ctx, a) throws(EvalError) in
            let s = try a[0].string(ctx), sep = try a[1].string(ctx)
            return .array(jsSplit(s, sep).map { .string($0) })
        }
        d["join"] = single(.string, [.array(.string, length: nil), .string]) { (ctx, a) throws(EvalError) in
            guard case .array(let items) = try a[0].evaluate(ctx) else { return .null }
            let sep = try a[1].string(ctx)
            return .string(items.map(jsJoinString).joined(separator: sep))
        }
        d["all"] = CompoundDefinition(type: .boolean, overloads: [
            (.fixed([.boolean, .boolean]), { (ctx, a) throws(EvalError) in
                if !(try a[0].bool(ctx)) { return .boolean(false) }
                return .boolean(try a[1].bool(ctx))
            }),
            (.varargs(.boolean), { (ctx, a) throws(EvalError) in
                for x in a { if !(try x.bool(ctx)) { return .boolean(false) } }
                return .boolean(true)
            }),
        ])
        d["any"] = CompoundDefinition(type: .boolean, overloads: [
            (.fixed([.boolean, .boolean]), { (ctx, a) throws(EvalError) in
                if try a[0].bool(ctx) { return .boolean(true) }
                return .boolean(try a[1].bool(ctx))
            }),
            (.varargs(.boolean), { (ctx, a) throws(EvalError) in
                for x in a { if try x.bool(ctx) { return .boolean(true) } }
                return .boolean(false)
            }),
        ])
        LegacyFilterOperators.register(into: &d)
        return d
    }()
}

/// JS `Math.pow` (differs from C `pow` for a base of ±1 with a non-finite exponent).
func jsPow(_ b: Double, _ e: Double) -> Double {
    if e.isNaN { return .nan }
    if abs(b) == 1 && e.isInfinite { return .nan }
    return pow(b, e)
}

/// JS `String#split` with a string separator (empty separator splits into UTF-16 code units).
func jsSplit(_ s: String, _ sep: String) -> [String] {
    if sep.isEmpty {
        return s.utf16.map { String(decoding: [$0], as: UTF16.self) }
    }
    return s.components(separatedBy: sep)
}
