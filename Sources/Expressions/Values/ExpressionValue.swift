public import GeoJSON

/// A value produced by evaluating an expression.
public enum ExpressionValue: Sendable, Hashable {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case color(Color)
    case array([ExpressionValue])
    /// A JSON object (from feature properties, `literal`, or `properties`).
    case object(JSONObject)
    case collator(Collator)
    case formatted(Formatted)
    case resolvedImage(ResolvedImage)
    case padding(Padding)
    case numberArray([Double])
    case colorArray([Color])
    case variableAnchorOffsetCollection(VariableAnchorOffsetCollection)
    case projectionDefinition(ProjectionDefinition)

    /// Converts JSON into a value (numbers become doubles, objects stay JSON objects).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .boolean(b)
        case .int(let i): self = .number(Double(i))
        case .uint(let u): self = .number(Double(u))
        case .double(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(ExpressionValue.init(json:)))
        case .object(let o): self = .object(o)
        }
    }

    /// The number, if this is a number.
    @inlinable public var number: Double? { if case .number(let n) = self { return n }; return nil }
    /// The string, if this is a string.
    @inlinable public var string: String? { if case .string(let s) = self { return s }; return nil }
    /// The boolean, if this is a boolean.
    @inlinable public var boolean: Bool? { if case .boolean(let b) = self { return b }; return nil }
    /// The colour, if this is a colour.
    @inlinable public var color: Color? { if case .color(let c) = self { return c }; return nil }
    /// Whether this is `null`.
    @inlinable public var isNull: Bool { if case .null = self { return true }; return false }

    /// The spec's `typeOf` (runtime type) of the value.
    public var type: ExpressionType {
        switch self {
        case .null: return .null
        case .boolean: return .boolean
        case .number: return .number
        case .string: return .string
        case .color: return .color
        case .object: return .object
        case .collator: return .collator
        case .formatted: return .formatted
        case .resolvedImage: return .resolvedImage
        case .padding: return .padding
        case .numberArray: return .numberArray
        case .colorArray: return .colorArray
        case .variableAnchorOffsetCollection: return .variableAnchorOffsetCollection
        case .projectionDefinition: return .projectionDefinition
        case .array(let items):
            var item: ExpressionType?
            for v in items {
                let t = v.type
                if item == nil { item = t } else if item == t && !t.isArray { continue } else { item = .value; break }
            }
            return .array(item ?? .value, length: items.count)
        }
    }

    /// JS truthiness (`Boolean(value)`).
    var truthy: Bool {
        switch self {
        case .null: return false
        case .boolean(let b): return b
        case .number(let n): return n != 0 && !n.isNaN
        case .string(let s): return !s.isEmpty
        default: return true
        }
    }

    /// JS strict equality (`===`): primitives by value; composite values are never equal.
    func strictEquals(_ other: ExpressionValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default: return false
        }
    }

    /// The spec's `toString` of a value (`to-string`, `concat`).
    public var stringValue: String {
        switch self {
        case .null: return ""
        case .boolean(let b): return b ? "true" : "false"
        case .number(let n): return formatJSNumber(n)
        case .string(let s): return s
        case .color(let c): return c.description
        case .formatted(let f): return f.description
        case .resolvedImage(let r): return r.name
        case .padding(let p): return JSStringify.stringify(.array(p.values.map { .number($0) }))
        case .projectionDefinition: return "[object Object]"
        case .collator: return JSStringify.stringify(self)
        default: return JSStringify.stringify(self)
        }
    }
}

/// JSON.stringify for expression values.
enum JSStringify {
    static func stringify(_ v: ExpressionValue) -> String {
        var out = ""
        write(v, into: &out)
        return out
    }
    static func write(_ v: ExpressionValue, into out: inout String) {
        switch v {
        case .null: out += "null"
        case .boolean(let b): out += b ? "true" : "false"
        case .number(let n): out += n.isFinite ? formatJSNumber(n) : "null"
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out += "["
            for (i, x) in a.enumerated() { if i > 0 { out += "," }; write(x, into: &out) }
            out += "]"
        case .object(let o): writeJSON(.object(o), into: &out)
        case .color(let c):
            let p = c.premultiplied
            out += "{\"r\":\(formatJSNumber(p.r)),\"g\":\(formatJSNumber(p.g)),\"b\":\(formatJSNumber(p.b)),\"a\":\(formatJSNumber(p.a))}"
        case .padding(let p): out += "{\"values\":"; write(.array(p.values.map { .number($0) }), into: &out); out += "}"
        case .numberArray(let a): out += "{\"values\":"; write(.array(a.map { .number($0) }), into: &out); out += "}"
        case .colorArray(let a): out += "{\"values\":"; write(.array(a.map { .color($0) }), into: &out); out += "}"
        case .resolvedImage(let r): out += "{\"name\":"; writeString(r.name, into: &out); out += ",\"available\":\(r.available)}"
        case .formatted(let f): writeJSON(OutputJSON.encode(.formatted(f)), into: &out)
        case .projectionDefinition(let p):
            out += "{\"from\":"; writeString(p.from, into: &out); out += ",\"to\":"; writeString(p.to, into: &out)
            out += ",\"transition\":\(formatJSNumber(p.transition))}"
        case .variableAnchorOffsetCollection(let c): writeJSON(OutputJSON.encode(.variableAnchorOffsetCollection(c)), into: &out)
        case .collator: out += "{}"
        }
    }
    static func writeJSON(_ j: JSONValue, into out: inout String) {
        switch j {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .uint(let u): out += String(u)
        case .double(let d): out += d.isFinite ? formatJSNumber(d) : "null"
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out += "["
            for (i, x) in a.enumerated() { if i > 0 { out += "," }; writeJSON(x, into: &out) }
            out += "]"
        case .object(let o):
            out += "{"
            var first = true
            for (k, x) in o { if !first { out += "," }; first = false; writeString(k, into: &out); out += ":"; writeJSON(x, into: &out) }
            out += "}"
        }
    }
    static func writeString(_ s: String, into out: inout String) {
        out += JSONValue.string(s).serialized()
    }
}

/// `Int(d)` for finite values within ±2^53, nil otherwise (never traps on hostile numbers).
package func safeInt(_ d: Double) -> Int? {
    guard d.isFinite, abs(d) <= 9_007_199_254_740_992 else { return nil }
    return Int(d)
}

/// JS `Number.prototype.toString()` for doubles.
package func formatJSNumber(_ n: Double) -> String {
    if n.isNaN { return "NaN" }
    if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
    if n == 0 { return "0" }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    // Shortest round-trip digits from Swift, re-laid out by the JS rules.
    var s = "\(abs(n))"
    var exp = 0
    if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exp = Int(s[s.index(after: e)...]) ?? 0
        s = String(s[..<e])
    }
    var intPart = s, frac = ""
    if let dot = s.firstIndex(of: ".") { intPart = String(s[..<dot]); frac = String(s[s.index(after: dot)...]) }
    var digits = intPart + frac
    var pointPos = intPart.count + exp // position of decimal point within digits
    // strip leading zeros
    while digits.hasPrefix("0") && digits.count > 1 { digits.removeFirst(); pointPos -= 1 }
    while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
    let k = digits.count
    let nExp = pointPos // JS: value = 0.digits * 10^nExp
    var out = n < 0 ? "-" : ""
    if k <= nExp && nExp <= 21 {
        out += digits + String(repeating: "0", count: nExp - k)
    } else if 0 < nExp && nExp <= 21 {
        let idx = digits.index(digits.startIndex, offsetBy: nExp)
        out += digits[..<idx] + "." + digits[idx...]
    } else if -6 < nExp && nExp <= 0 {
        out += "0." + String(repeating: "0", count: -nExp) + digits
    } else {
        let e = nExp - 1
        let sign = e >= 0 ? "+" : "-"
        if k == 1 { out += digits } else { out += String(digits.first!) + "." + digits.dropFirst() }
        out += "e" + sign + String(abs(e))
    }
    return out
}
