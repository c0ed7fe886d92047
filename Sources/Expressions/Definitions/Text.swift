import Foundation
package import GeoJSON

/// `["collator", {case-sensitive, diacritic-sensitive, locale}]`.
final class CollatorExpr: Expr, @unchecked Sendable {
    let caseSensitive: Expr, diacriticSensitive: Expr, locale: Expr?
    init(caseSensitive: Expr, diacriticSensitive: Expr, locale: Expr?) {
        self.caseSensitive = caseSensitive; self.diacriticSensitive = diacriticSensitive; self.locale = locale
        super.init(type: .collator)
    }
    override var children: [Expr] { [caseSensitive, diacriticSensitive] + (locale.map { [$0] } ?? []) }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let loc = try locale.map { e throws(EvalError) in try e.string(ctx) }
        return .collator(Collator(caseSensitive: try caseSensitive.bool(ctx), diacriticSensitive: try diacriticSensitive.bool(ctx), locale: loc))
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else { return context.error("Expected one argument.") }
        guard case .object(let options) = args[1] else { return context.error("Collator options argument must be an object.") }
        guard let cs = context.parse(options["case-sensitive"] ?? .bool(false), 1, .boolean) else { return nil }
        guard let ds = context.parse(options["diacritic-sensitive"] ?? .bool(false), 1, .boolean) else { return nil }
        var locale: Expr?
        if let l = options["locale"], jsTruthy(l) {
            guard let p = context.parse(l, 1, .string) else { return nil }
            locale = p
        }
        return CollatorExpr(caseSensitive: cs, diacriticSensitive: ds, locale: locale)
    }
}

/// JavaScript truthiness of a JSON value (`null`, `false`, `0`, `NaN` and `""` are false), as the
/// style-spec reference implementation tests options and stop values.
package func jsTruthy(_ v: JSONValue) -> Bool {
    switch v {
    case .null: return false
    case .bool(let b): return b
    case .int(let i): return i != 0
    case .uint(let u): return u != 0
    case .double(let d): return d != 0 && !d.isNaN
    case .string(let s): return !s.isEmpty
    default: return true
    }
}

/// `["number-format", number, {locale, currency, unit, min-fraction-digits, max-fraction-digits}]`.
final class NumberFormatExpr: Expr, @unchecked Sendable {
    let number: Expr, locale: Expr?, currency: Expr?, unit: Expr?, minFraction: Expr?, maxFraction: Expr?
    init(number: Expr, locale: Expr?, currency: Expr?, unit: Expr?, minFraction: Expr?, maxFraction: Expr?) {
        self.number = number; self.locale = locale; self.currency = currency; self.unit = unit
        self.minFraction = minFraction; self.maxFraction = maxFraction
        super.init(type: .string)
    }
    override var children: [Expr] { [number] + [locale, currency, unit, minFraction, maxFraction].compactMap { $0 } }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let n = try number.number(ctx)
        _ = try locale.map { e throws(EvalError) in try e.string(ctx) }
        let cur = try currency.map { e throws(EvalError) in try e.string(ctx) }
        let un = try unit.map { e throws(EvalError) in try e.string(ctx) }
        let minF = try minFraction.map { e throws(EvalError) in try e.number(ctx) }
        let maxF = try maxFraction.map { e throws(EvalError) in try e.number(ctx) }
        return .string(NumberFormatting.format(n, currency: cur, unit: un, minFraction: minF, maxFraction: maxF))
    }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 3 else { return context.error("Expected two arguments.") }
        guard let number = context.parse(args[1], 1, .number) else { return nil }
        guard case .object(let options) = args[2] else { return context.error("NumberFormat options argument must be an object.") }
        func opt(_ key: String, _ type: ExpressionType) -> (Bool, Expr?) {
            guard let v = options[key], jsTruthy(v) else { return (true, nil) }
            guard let p = context.parse(v, 1, type) else { return (false, nil) }
            return (true, p)
        }
        let (ok1, locale) = opt("locale", .string); if !ok1 { return nil }
        let (ok2, currency) = opt("currency", .string); if !ok2 { return nil }
        let (ok3, unit) = opt("unit", .string); if !ok3 { return nil }
        if currency != nil && unit != nil { return context.error("NumberFormat options `currency` and `unit` are mutually exclusive") }
        let (ok4, minF) = opt("min-fraction-digits", .number); if !ok4 { return nil }
        let (ok5, maxF) = opt("max-fraction-digits", .number); if !ok5 { return nil }
        return NumberFormatExpr(number: number, locale: locale, currency: currency, unit: unit, minFraction: minF, maxFraction: maxF)
    }
}

/// A small `Intl.NumberFormat` (en-US conventions) sufficient for labels.
enum NumberFormatting {
    static let currencies: [String: (String, Int)] = [
        "USD": ("$", 2), "EUR": ("€", 2), "JPY": ("¥", 0), "GBP": ("£", 2), "CNY": ("CN¥", 2), "INR": ("₹", 2),
        "KRW": ("₩", 0), "CAD": ("CA$", 2), "AUD": ("A$", 2), "CHF": ("CHF ", 2), "RUB": ("RUB ", 2),
    ]
    static let units: [String: (String, Bool)] = [
        "meter": ("m", true), "kilometer": ("km", true), "centimeter": ("cm", true), "millimeter": ("mm", true),
        "mile": ("mi", true), "foot": ("ft", true), "inch": ("in", true), "yard": ("yd", true),
        "celsius": ("°C", false), "fahrenheit": ("°F", false), "degree": ("deg", true), "percent": ("%", false),
        "kilobyte": ("kB", true), "megabyte": ("MB", true), "gigabyte": ("GB", true), "byte": ("byte", true),
        "kilogram": ("kg", true), "gram": ("g", true), "second": ("sec", true), "minute": ("min", true), "hour": ("hr", true),
        "liter": ("L", true), "kilometer-per-hour": ("km/h", true), "mile-per-hour": ("mph", true),
    ]

    static func format(_ n: Double, currency: String?, unit: String?, minFraction: Double?, maxFraction: Double?) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-∞" : "∞" }
        var defMin = 0, defMax = 3
        var prefix = "", suffix = ""
        if let currency {
            let info = currencies[currency.uppercased()] ?? ("\(currency.uppercased()) ", 2)
            prefix = info.0; defMin = info.1; defMax = info.1
        } else if let unit {
            let info = units[unit] ?? (unit, true)
            suffix = (info.1 ? " " : "") + info.0
        }
        var minD = minFraction.map { safeInt($0) ?? 0 } ?? defMin
        var maxD = maxFraction.map { safeInt($0) ?? 0 } ?? max(defMax, minD)
        minD = max(0, min(minD, 100)); maxD = max(minD, min(maxD, 100))
        // Round half away from zero at maxD digits using decimal arithmetic.
        var dec = Decimal(string: formatJSNumber(abs(n))) ?? Decimal(abs(n))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &dec, maxD, .plain)
        var s = NSDecimalNumber(decimal: rounded).stringValue
        if s.contains("e") || s.contains("E") { s = String(format: "%.\(maxD)f", abs(n)) }
        var intPart = s, frac = ""
        if let dot = s.firstIndex(of: ".") { intPart = String(s[..<dot]); frac = String(s[s.index(after: dot)...]) }
        while frac.count > minD && frac.hasSuffix("0") { frac.removeLast() }
        while frac.count < minD { frac += "0" }
        var grouped = ""
        for (i, c) in intPart.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        let body = String(grouped.reversed()) + (frac.isEmpty ? "" : "." + frac)
        return (n < 0 && (body.contains { $0 != "0" && $0 != "." && $0 != "," }) ? "-" : "") + prefix + body + suffix
    }
}

/// `["format", content, {options}, ...]`.
final class FormatExpr: Expr, @unchecked Sendable {
    struct Section {
        var content: Expr
        var scale: Expr?
        var font: Expr?
        var textColor: Expr?
        var verticalAlign: Expr?
    }
    let sections: [Section]
    init(sections: [Section]) { self.sections = sections; super.init(type: .formatted) }
    override var children: [Expr] {
        sections.flatMap { s in [s.content] + [s.scale, s.font, s.textColor, s.verticalAlign].compactMap { $0 } }
    }
    override var outputDefined: Bool { false }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        var out: [FormattedSection] = []
        for s in sections {
            let content = try s.content.evaluate(ctx)
            let va = try s.verticalAlign.map { e throws(EvalError) in try e.string(ctx) }
            if case .resolvedImage(let img) = content {
                out.append(FormattedSection(text: "", image: img, verticalAlign: va))
                continue
            }
            let scale = try s.scale.map { e throws(EvalError) in try e.number(ctx) }
            var font: String?
            if let f = s.font, case .array(let items) = try f.evaluate(ctx) { font = items.map(jsJoinString).joined(separator: ",") }
            var color: Color?
            if let c = s.textColor, case .color(let col) = try c.evaluate(ctx) { color = col }
            out.append(FormattedSection(text: content.stringValue, scale: scale, fontStack: font, textColor: color, verticalAlign: va))
        }
        return .formatted(Formatted(sections: out))
    }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count >= 2 else { return context.error("Expected at least one argument.") }
        if case .object = args[1] { return context.error("First argument must be an image or text section.") }
        var sections: [Section] = []
        var nextTokenMayBeObject = false
        for i in 1..<args.count {
            let arg = args[i]
            if nextTokenMayBeObject, case .object(let o) = arg {
                nextTokenMayBeObject = false
                var scale: Expr?, font: Expr?, color: Expr?, va: Expr?
                if let v = o["font-scale"], jsTruthy(v) { guard let p = context.parse(v, 1, .number) else { return nil }; scale = p }
                if let v = o["text-font"], jsTruthy(v) { guard let p = context.parse(v, 1, .array(.string, length: nil)) else { return nil }; font = p }
                if let v = o["text-color"], jsTruthy(v) { guard let p = context.parse(v, 1, .color) else { return nil }; color = p }
                if let v = o["vertical-align"], jsTruthy(v) {
                    if case .string(let s) = v, !["bottom", "center", "top"].contains(s) {
                        return context.error("'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(s)' instead.")
                    }
                    guard let p = context.parse(v, 1, .string) else { return nil }
                    va = p
                }
                sections[sections.count - 1].scale = scale
                sections[sections.count - 1].font = font
                sections[sections.count - 1].textColor = color
                sections[sections.count - 1].verticalAlign = va
            } else {
                guard let content = context.parse(arg, 1, .value) else { return nil }
                let kind = content.type.kind
                if kind != "string" && kind != "value" && kind != "null" && kind != "resolvedImage" {
                    return context.error("Formatted text type must be 'string', 'value', 'image' or 'null'.")
                }
                nextTokenMayBeObject = true
                sections.append(Section(content: content))
            }
        }
        return FormatExpr(sections: sections)
    }
}

/// `["image", name]`.
final class ImageExpr: Expr, @unchecked Sendable {
    let input: Expr
    init(input: Expr) { self.input = input; super.init(type: .resolvedImage) }
    override var children: [Expr] { [input] }
    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        let name = try input.evaluate(ctx)
        guard var img = ResolvedImage.fromString(name.string ?? name.stringValue) else { return .null }
        if let avail = ctx.availableImages { img.available = avail.contains(img.name) }
        return .resolvedImage(img)
    }
    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else { return context.error("Expected two arguments.") }
        guard let name = context.parse(args[1], 1, .string) else { return context.error("No image name provided.") }
        return ImageExpr(input: name)
    }
}
