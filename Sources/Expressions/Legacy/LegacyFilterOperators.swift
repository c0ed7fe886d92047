import GeoJSON

/// The internal `filter-*` operators that legacy filters compile to (the spec's `convertFilter` in
/// `feature_filter`), with legacy semantics: type mismatches are simply false.
enum LegacyFilterOperators {
    static func prop(_ ctx: EvaluationContext, _ key: ExpressionValue) -> ExpressionValue? {
        guard case .string(let k) = key, let v = ctx.feature?.properties[k] else { return nil }
        return ExpressionValue(json: v)
    }

    /// JS `typeof a === typeof b && a OP b` for the legacy ordering operators.
    static func ordered(_ a: ExpressionValue?, _ b: ExpressionValue, _ op: (Int) -> Bool) -> Bool {
        switch (a, b) {
        case (.number(let x)?, .number(let y)):
            if x.isNaN || y.isNaN { return false }
            return op(x < y ? -1 : x > y ? 1 : 0)
        case (.string(let x)?, .string(let y)): return op(compareUTF16(x, y))
        case (.boolean(let x)?, .boolean(let y)): return op(x == y ? 0 : (!x ? -1 : 1))
        default: return false
        }
    }

    static func register(into d: inout [String: CompoundDefinition]) {
        func def(_ params: [ExpressionType], _ e: @escaping Evaluator) -> CompoundDefinition {
            CompoundDefinition(type: .boolean, overloads: [(.fixed(params), e)])
        }
        let comparisons: [(String, @Sendable (Int) -> Bool)] = [("<", { $0 < 0 }), (">", { $0 > 0 }), ("<=", { $0 <= 0 }), (">=", { $0 >= 0 })]
        d["filter-=="] = def([.string, .value]) { (ctx, a) throws(EvalError) in
            let k = try a[0].evaluate(ctx), v = try a[1].evaluate(ctx)
            guard let p = prop(ctx, k) else { return .boolean(false) }
            return .boolean(p.strictEquals(v))
        }
        d["filter-id-=="] = def([.value]) { (ctx, a) throws(EvalError) in
            .boolean((ctx.feature?.id ?? .null).strictEquals(try a[0].evaluate(ctx)))
        }
        d["filter-type-=="] = def([.string]) { (ctx, a) throws(EvalError) in
            let v = try a[0].evaluate(ctx)
            // The basic type, as Native's legacy filters compare it: "LineString" matches a MultiLineString.
            guard let t = ctx.feature?.basicGeometryType else { return .boolean(false) }
            return .boolean(ExpressionValue.string(t).strictEquals(v))
        }
        for (op, test) in comparisons {
            d["filter-\(op)"] = def([.string, .value]) { (ctx, a) throws(EvalError) in
                let k = try a[0].evaluate(ctx), v = try a[1].evaluate(ctx)
                return .boolean(ordered(prop(ctx, k), v, test))
            }
            d["filter-id-\(op)"] = def([.value]) { (ctx, a) throws(EvalError) in
                .boolean(ordered(ctx.feature?.id, try a[0].evaluate(ctx), test))
            }
        }
        d["filter-has"] = def([.value]) { (ctx, a) throws(EvalError) in
            guard case .string(let k) = try a[0].evaluate(ctx) else { return .boolean(false) }
            return .boolean(ctx.feature?.properties[k] != nil)
        }
        d["filter-has-id"] = def([]) { (ctx, _) throws(EvalError) in
            if let id = ctx.feature?.id, !id.isNull { return .boolean(true) }
            return .boolean(false)
        }
        d["filter-type-in"] = def([.array(.string, length: nil)]) { (ctx, a) throws(EvalError) in
            guard case .array(let vs) = try a[0].evaluate(ctx), let t = ctx.feature?.basicGeometryType else { return .boolean(false) }
            return .boolean(vs.contains { $0.strictEquals(.string(t)) })
        }
        d["filter-id-in"] = def([.array(.value, length: nil)]) { (ctx, a) throws(EvalError) in
            guard case .array(let vs) = try a[0].evaluate(ctx) else { return .boolean(false) }
            let id = ctx.feature?.id ?? .null
            return .boolean(vs.contains { $0.strictEquals(id) })
        }
        let inOp: CompoundDefinition = def([.string, .array(.value, length: nil)]) { (ctx, a) throws(EvalError) in
            let k = try a[0].evaluate(ctx)
            guard case .array(let vs) = try a[1].evaluate(ctx), let p = prop(ctx, k) else { return .boolean(false) }
            return .boolean(vs.contains { $0.strictEquals(p) })
        }
        d["filter-in-small"] = inOp
        d["filter-in-large"] = inOp
    }
}
