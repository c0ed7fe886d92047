import Foundation
import GeoJSON

/// `string`, `number`, `boolean`, `object`, `array`: runtime type assertions (also inserted implicitly).
final class AssertionExpr: Expr, @unchecked Sendable {
    let args: [Expr]
    init(type: ExpressionType, args: [Expr]) {
        self.args = args
        super.init(type: type)
    }
    override var children: [Expr] { args }
    override var outputDefined: Bool { args.allSatisfy(\.outputDefined) }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        if args.count == 1, let g = args[0] as? GetPropertyExpr {
            // Fast path: assert a feature property without the general dispatch.
            switch (type, g.json(ctx)) {
            case (.number, .double(let d)?): return .number(d)
            case (.number, .int(let i)?): return .number(Double(i))
            case (.string, .string(let s)?): return .string(s)
            case (.boolean, .bool(let b)?): return .boolean(b)
            default: break
            }
        }
        for i in args.indices {
            let value = try args[i].evaluate(ctx)
            if Self.matches(type, value) { return value }
            if i == args.count - 1 {
                throw EvalError("Expected value to be of type \(type), but found \(value.type) instead.")
            }
        }
        throw EvalError("")
    }

    /// Fast path of `checkSubtype(type, typeOf(value)) == nil`.
    @inline(__always) static func matches(_ type: ExpressionType, _ value: ExpressionValue) -> Bool {
        switch (type, value) {
        case (.number, .number), (.string, .string), (.boolean, .boolean), (.object, .object): return true
        case (.number, _), (.string, _), (.boolean, _), (.object, _): return false
        default: return ExpressionType.checkSubtype(type, value.type) == nil
        }
    }

    static let names: [String: ExpressionType] = ["string": .string, "number": .number, "boolean": .boolean, "object": .object]

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 2 else { return context.error("Expected at least one argument.") }
        var i = 1
        let type: ExpressionType
        let name = args[0].string ?? ""
        if name == "array" {
            var itemType = ExpressionType.value
            if args.count > 2 {
                guard case .string(let t) = args[1], let it = names[t], t != "object" else {
                    return context.error("The item type argument of \"array\" must be one of string, number, boolean", 1)
                }
                itemType = it
                i += 1
            }
            var n: Int?
            if args.count > 3 {
                if !args[2].isNull {
                    guard let d = args[2].number, d >= 0, d == d.rounded(.down), d < 1e15 else {
                        return context.error("The length argument to \"array\" must be a positive integer literal", 2)
                    }
                    n = Int(d)
                }
                i += 1
            }
            type = .array(itemType, length: n)
        } else {
            type = names[name] ?? .value
        }
        var parsed: [Expr] = []
        while i < args.count {
            guard let input = context.parse(args[i], i, .value) else { return nil }
            parsed.append(input)
            i += 1
        }
        return AssertionExpr(type: type, args: parsed)
    }
}

/// `to-boolean`, `to-color`, `to-number`, `to-string`, and implicit coercions to colour, formatted, padding, ….
final class CoercionExpr: Expr, @unchecked Sendable {
    let args: [Expr]
    init(type: ExpressionType, args: [Expr]) {
        self.args = args
        super.init(type: type)
    }
    override var children: [Expr] { args }
    override var outputDefined: Bool { args.allSatisfy(\.outputDefined) }

    static let names: [String: ExpressionType] = ["to-boolean": .boolean, "to-color": .color, "to-number": .number, "to-string": .string]

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 2 else { return context.error("Expected at least one argument.") }
        let name = args[0].string ?? ""
        if (name == "to-boolean" || name == "to-string") && args.count != 2 {
            return context.error("Expected one argument.")
        }
        let type = names[name] ?? .string
        var parsed: [Expr] = []
        for i in 1..<args.count {
            guard let input = context.parse(args[i], i, .value) else { return nil }
            parsed.append(input)
        }
        return CoercionExpr(type: type, args: parsed)
    }

    private static func describe(_ v: ExpressionValue) -> String {
        if case .string(let s) = v { return s }
        return JSStringify.stringify(v)
    }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        switch type {
        case .boolean:
            return .boolean(try args[0].evaluate(ctx).truthy)
        case .color:
            var input = ExpressionValue.null
            var error: String?
            for arg in args {
                input = try arg.evaluate(ctx)
                error = nil
                switch input {
                case .color: return input
                case .string(let s):
                    if let c = Color(css: s) { return .color(c) }
                case .array(let a):
                    if a.count < 3 || a.count > 4 {
                        error = "Invalid rgba value \(JSStringify.stringify(input)): expected an array containing either three or four numeric values."
                    } else {
                        error = validateRGBA(a[0], a[1], a[2], a.count > 3 ? a[3] : nil)
                    }
                    if error == nil {
                        let r = a[0].number!, g = a[1].number!, b = a[2].number!
                        let alpha = a.count > 3 ? a[3].number! : 1
                        return .color(Color(premultipliedStyle: r / 255, g / 255, b / 255, alpha))
                    }
                default: break
                }
            }
            throw EvalError(error ?? "Could not parse color from value '\(Self.describe(input))'")
        case .padding:
            var input = ExpressionValue.null
            for arg in args {
                input = try arg.evaluate(ctx)
                if let p = Padding.parse(input) { return .padding(p) }
            }
            throw EvalError("Could not parse padding from value '\(Self.describe(input))'")
        case .numberArray:
            var input = ExpressionValue.null
            for arg in args {
                input = try arg.evaluate(ctx)
                switch input {
                case .numberArray: return input
                case .number(let n): return .numberArray([n])
                case .array(let a):
                    var out: [Double] = []
                    var ok = true
                    for x in a { if case .number(let n) = x { out.append(n) } else { ok = false; break } }
                    if ok { return .numberArray(out) }
                default: break
                }
            }
            throw EvalError("Could not parse numberArray from value '\(Self.describe(input))'")
        case .colorArray:
            var input = ExpressionValue.null
            for arg in args {
                input = try arg.evaluate(ctx)
                switch input {
                case .colorArray: return input
                case .string(let s): if let c = Color(css: s) { return .colorArray([c]) }
                case .array(let a):
                    var out: [Color] = []
                    var ok = true
                    for x in a {
                        if case .string(let s) = x, let c = Color(css: s) { out.append(c) } else { ok = false; break }
                    }
                    if ok { return .colorArray(out) }
                default: break
                }
            }
            throw EvalError("Could not parse colorArray from value '\(Self.describe(input))'")
        case .variableAnchorOffsetCollection:
            var input = ExpressionValue.null
            for arg in args {
                input = try arg.evaluate(ctx)
                if let c = VariableAnchorOffsetCollection.parse(input) { return .variableAnchorOffsetCollection(c) }
            }
            throw EvalError("Could not parse variableAnchorOffsetCollection from value '\(Self.describe(input))'")
        case .number:
            var value = ExpressionValue.null
            for arg in args {
                value = try arg.evaluate(ctx)
                if case .null = value { return .number(0) }
                let num = jsToNumber(value)
                if num.isNaN { continue }
                return .number(num)
            }
            throw EvalError("Could not convert \(JSStringify.stringify(value)) to number.")
        case .formatted:
            let v = try args[0].evaluate(ctx)
            if case .formatted = v { return v }
            return .formatted(Formatted.fromString(v.stringValue))
        case .resolvedImage:
            let v = try args[0].evaluate(ctx)
            if case .resolvedImage = v { return v }
            if let r = ResolvedImage.fromString(v.stringValue) { return .resolvedImage(r) }
            return .null
        case .projectionDefinition:
            var input = ExpressionValue.null
            for arg in args {
                input = try arg.evaluate(ctx)
                switch input {
                case .string, .projectionDefinition: return input
                case .array(let a) where a.count == 3 && a[0].string != nil && a[1].string != nil && a[2].number != nil:
                    return input
                default: break
                }
            }
            throw EvalError("Could not parse projectionDefinition from value '\(Self.describe(input))'")
        default:
            let v = try args[0].evaluate(ctx)
            if case .string = v { return v }
            return .string(v.stringValue)
        }
    }
}

extension Color {
    /// JS `new Color(r, g, b, a)` with the default `premultiplied = true` (how `to-color` builds array colours).
    init(premultipliedStyle r: Double, _ g: Double, _ b: Double, _ a: Double) {
        self.init(premultipliedRed: r, green: g, blue: b, alpha: a)
    }
}

/// The spec's `validateRGBA`.
func validateRGBA(_ r: ExpressionValue, _ g: ExpressionValue, _ b: ExpressionValue, _ a: ExpressionValue?) -> String? {
    func inRange(_ v: ExpressionValue, _ hi: Double) -> Bool {
        if case .number(let n) = v { return n >= 0 && n <= hi }
        return false
    }
    if !(inRange(r, 255) && inRange(g, 255) && inRange(b, 255)) {
        var vals = [r, g, b]
        if let a, case .number = a { vals.append(a) }
        return "Invalid rgba value [\(vals.map(jsJoinString).joined(separator: ", "))]: 'r', 'g', and 'b' must be between 0 and 255."
    }
    if let a, !inRange(a, 1) {
        return "Invalid rgba value [\([r, g, b, a].map(jsJoinString).joined(separator: ", "))]: 'a' must be between 0 and 1."
    }
    return nil
}

/// How `Array#join` renders an element (null → empty, arrays joined with commas).
func jsJoinString(_ v: ExpressionValue) -> String {
    switch v {
    case .null: return ""
    case .array(let a): return a.map(jsJoinString).joined(separator: ",")
    case .object: return "[object Object]"
    default: return v.stringValue
    }
}

/// JS `Number(value)`.
func jsToNumber(_ v: ExpressionValue) -> Double {
    switch v {
    case .null: return 0
    case .boolean(let b): return b ? 1 : 0
    case .number(let n): return n
    case .string(let s): return jsStringToNumber(s)
    case .array(let a):
        if a.isEmpty { return 0 }
        if a.count == 1 { return jsToNumber(.string(jsJoinString(a[0]))) }
        return .nan
    default: return .nan
    }
}

func jsStringToNumber(_ raw: String) -> Double {
    let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if s.isEmpty { return 0 }
    if s == "Infinity" || s == "+Infinity" { return .infinity }
    if s == "-Infinity" { return -.infinity }
    let lower = s.lowercased()
    if lower.hasPrefix("0x") || lower.hasPrefix("0o") || lower.hasPrefix("0b") {
        let radix = lower.hasPrefix("0x") ? 16 : lower.hasPrefix("0o") ? 8 : 2
        if let v = UInt64(s.dropFirst(2), radix: radix) { return Double(v) }
        return .nan
    }
    // JS accepts digits, one dot, optional exponent; no "inf"/"nan" words, no hex floats.
    let allowed = Set("0123456789.eE+-")
    guard s.allSatisfy({ allowed.contains($0) }) else { return .nan }
    return Double(s) ?? .nan
}
