import GeoJSON

/// `["at", index, array]`.
final class AtExpr: Expr, @unchecked Sendable {
    let index: Expr, input: Expr
    init(type: ExpressionType, index: Expr, input: Expr) { self.index = index; self.input = input; super.init(type: type) }
    override var children: [Expr] { [index, input] }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let i = try index.number(ctx)
        guard case .array(let a) = try input.evaluate(ctx) else { return .null }
        if i < 0 { throw EvalError("Array index out of bounds: \(formatJSNumber(i)) < 0.") }
        if i >= Double(a.count) { throw EvalError("Array index out of bounds: \(formatJSNumber(i)) > \(a.count - 1).") }
        if i != i.rounded(.down) { throw EvalError("Array index must be an integer, but found \(formatJSNumber(i)) instead.") }
        return a[Int(i)]
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 3 else { return context.error("Expected 2 arguments, but found \(args.count - 1) instead.") }
        let index = context.parse(args[1], 1, .number)
        let input = context.parse(args[2], 2, .array(context.expectedType ?? .value, length: nil))
        guard let index, let input, case .array(let item, _) = input.type else { return nil }
        return AtExpr(type: item, index: index, input: input)
    }
}

private let needleKinds: Set<String> = ["boolean", "string", "number", "null", "value"]

private func isNeedle(_ v: ExpressionValue) -> Bool {
    switch v { case .boolean, .string, .number, .null: return true; default: return false }
}

/// JS `String(value)` for needle values.
private func jsString(_ v: ExpressionValue) -> String {
    if case .null = v { return "null" }
    return v.stringValue
}

/// `["in", needle, haystack]`.
final class InExpr: Expr, @unchecked Sendable {
    let needle: Expr, haystack: Expr
    init(needle: Expr, haystack: Expr) { self.needle = needle; self.haystack = haystack; super.init(type: .boolean) }
    override var children: [Expr] { [needle, haystack] }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let n = try needle.evaluate(ctx)
        let h = try haystack.evaluate(ctx)
        if !h.truthy { return .boolean(false) }
        guard isNeedle(n) else {
            throw EvalError("Expected first argument to be of type boolean, string, number or null, but found \(n.type) instead.")
        }
        switch h {
        case .string(let s): return .boolean(s.contains(jsString(n)) || jsString(n).isEmpty)
        case .array(let a): return .boolean(a.contains { $0.strictEquals(n) })
        default: throw EvalError("Expected second argument to be of type array or string, but found \(h.type) instead.")
        }
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 3 else { return context.error("Expected 2 arguments, but found \(args.count - 1) instead.") }
        let needle = context.parse(args[1], 1, .value)
        let haystack = context.parse(args[2], 2, .value)
        guard let needle, let haystack else { return nil }
        if !needleKinds.contains(needle.type.kind) {
            return context.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
        }
        return InExpr(needle: needle, haystack: haystack)
    }
}

/// `["index-of", needle, haystack, fromIndex?]`.
final class IndexOfExpr: Expr, @unchecked Sendable {
    let needle: Expr, haystack: Expr, fromIndex: Expr?
    init(needle: Expr, haystack: Expr, fromIndex: Expr?) {
        self.needle = needle; self.haystack = haystack; self.fromIndex = fromIndex
        super.init(type: .number)
    }
    override var children: [Expr] { [needle, haystack] + (fromIndex.map { [$0] } ?? []) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let n = try needle.evaluate(ctx)
        let h = try haystack.evaluate(ctx)
        guard isNeedle(n) else {
            throw EvalError("Expected first argument to be of type boolean, string, number or null, but found \(n.type) instead.")
        }
        let from = try fromIndex.map { e throws(EvalError) in try e.number(ctx) }
        switch h {
        case .string(let s):
            let units = Array(s.utf16), nu = Array(jsString(n).utf16)
            // String#indexOf clamps the start to 0...length (negative means 0, unlike Array#indexOf).
            var start = 0
            if let f = from, !f.isNaN { start = f <= 0 ? 0 : Int(min(f.rounded(.towardZero), Double(units.count))) }
            if nu.isEmpty { start = min(start, units.count) }
            var found = -1
            if nu.count <= units.count {
                var i = start
                while i + nu.count <= units.count {
                    if Array(units[i..<i + nu.count]) == nu { found = i; break }
                    i += 1
                }
            }
            if found < 0 { return .number(-1) }
            return .number(Double(String(decoding: units[0..<found], as: UTF16.self).unicodeScalars.count))
        case .array(let a):
            var i = jsIndex(from, a.count)
            while i < a.count { if a[i].strictEquals(n) { return .number(Double(i)) }; i += 1 }
            return .number(-1)
        default:
            throw EvalError("Expected second argument to be of type array or string, but found \(h.type) instead.")
        }
    }
    /// JS relative start index (`fromIndex` of `indexOf`).
    private func jsIndex(_ from: Double?, _ count: Int) -> Int {
        guard let f = from, !f.isNaN else { return 0 }
        let t = f < 0 ? max(0, Double(count) + f.rounded(.towardZero)) : f.rounded(.towardZero)
        return Int(min(t, Double(count)))
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count > 2 && args.count < 5 else { return context.error("Expected 2 or 3 arguments, but found \(args.count - 1) instead.") }
        let needle = context.parse(args[1], 1, .value)
        let haystack = context.parse(args[2], 2, .value)
        guard let needle, let haystack else { return nil }
        if !needleKinds.contains(needle.type.kind) {
            return context.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
        }
        if args.count == 4 {
            guard let from = context.parse(args[3], 3, .number) else { return nil }
            return IndexOfExpr(needle: needle, haystack: haystack, fromIndex: from)
        }
        return IndexOfExpr(needle: needle, haystack: haystack, fromIndex: nil)
    }
}

/// JS `Array#slice` bounds.
func jsSliceRange(_ begin: Double, _ end: Double?, _ count: Int) -> Range<Int> {
    func clampIndex(_ v: Double) -> Int {
        if v.isNaN { return 0 }
        let t = v.rounded(.towardZero)
        if t < 0 { return Int(max(0, Double(count) + t)) }
        return Int(min(t, Double(count)))
    }
    let b = clampIndex(begin)
    let e = end.map(clampIndex) ?? count
    return b < e ? b..<e : b..<b
}

/// `["slice", input, begin, end?]`.
final class SliceExpr: Expr, @unchecked Sendable {
    let input: Expr, begin: Expr, end: Expr?
    init(type: ExpressionType, input: Expr, begin: Expr, end: Expr?) {
        self.input = input; self.begin = begin; self.end = end
        super.init(type: type)
    }
    override var children: [Expr] { [input, begin] + (end.map { [$0] } ?? []) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let v = try input.evaluate(ctx)
        let b = try begin.number(ctx)
        let e = try end.map { x throws(EvalError) in try x.number(ctx) }
        switch v {
        case .string(let s):
            let scalars = Array(s.unicodeScalars)
            var out = String.UnicodeScalarView()
            out.append(contentsOf: scalars[jsSliceRange(b, e, scalars.count)])
            return .string(String(out))
        case .array(let a):
            return .array(Array(a[jsSliceRange(b, e, a.count)]))
        default:
            throw EvalError("Expected first argument to be of type array or string, but found \(v.type) instead.")
        }
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count > 2 && args.count < 5 else { return context.error("Expected 2 or 3 arguments, but found \(args.count - 1) instead.") }
        let input = context.parse(args[1], 1, .value)
        let begin = context.parse(args[2], 2, .number)
        guard let input, let begin else { return nil }
        if !["array", "string", "value"].contains(input.type.kind) {
            return context.error("Expected first argument to be of type array or string, but found \(input.type) instead")
        }
        if args.count == 4 {
            guard let end = context.parse(args[3], 3, .number) else { return nil }
            return SliceExpr(type: input.type, input: input, begin: begin, end: end)
        }
        return SliceExpr(type: input.type, input: input, begin: begin, end: nil)
    }
}

/// `["length", stringOrArray]`.
final class LengthExpr: Expr, @unchecked Sendable {
    let input: Expr
    init(input: Expr) { self.input = input; super.init(type: .number) }
    override var children: [Expr] { [input] }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let v = try input.evaluate(ctx)
        switch v {
        case .string(let s): return .number(Double(s.unicodeScalars.count))
        case .array(let a): return .number(Double(a.count))
        default: throw EvalError("Expected value to be of type string or array, but found \(v.type) instead.")
        }
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else { return context.error("Expected 1 argument, but found \(args.count - 1) instead.") }
        guard let input = context.parse(args[1], 1) else { return nil }
        if !["array", "string", "value"].contains(input.type.kind) {
            return context.error("Expected argument of type string or array, but found \(input.type) instead.")
        }
        return LengthExpr(input: input)
    }
}
