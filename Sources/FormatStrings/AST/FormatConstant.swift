import Foundation
public import GeoJSON

/// A constant value inside an expression.
public indirect enum FormatConstant: Sendable, Hashable {
    /// `nil` / `NULL`.
    case null
    /// `TRUE`/`YES` or `FALSE`/`NO`.
    case bool(Bool)
    /// An integer literal.
    case integer(Int64)
    /// A floating-point literal.
    case double(Double)
    /// A string literal.
    case string(String)
    /// A colour (only through a `%@` argument).
    case color(FormatColor)
    /// A shape or feature, as its GeoJSON object (only through a `%@` argument).
    case shape(JSONValue)
    /// A dictionary whose values are expressions, e.g. `%@.population` or an `mgl_expressionWithContext:` context.
    case dictionary([FormatDictionaryEntry])
    /// A stop dictionary with numeric keys, for `mgl_interpolate…`/`mgl_step…`.
    case stops([FormatStop])
    /// A predicate wrapped in a constant, as `MLN_IF` conditions are.
    case predicate(FormatPredicate)
    /// An attributed expression for `mgl_attributed:`.
    case attributed(FormatAttributedExpression)
    /// An offset (CGVector), `dx`/`dy` in points.
    case offset(dx: Double, dy: Double)
    /// Edge insets (padding).
    case edgeInsets(top: Double, left: Double, bottom: Double, right: Double)
    /// A colour class (`CAST('UIColor', 'Class')`), the target of `colorWithRed:green:blue:alpha:`.
    case colorClass(String)

    /// The value as a Double when this is a number.
    var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

/// A colour: red, green and blue in 0…255, alpha in 0…1.
///
/// Not Expressions' `Color`: a format string's colour literal (`%@` bound to a `UIColor`,
/// `colorWithRed:green:blue:alpha:`) is kept exactly as written, in its own 0…255 scale and unclamped, so that
/// a format string converted to style JSON and back prints the same numbers.
public struct FormatColor: Sendable, Hashable {
    /// Red, 0…255.
    public var red: Double
    /// Green, 0…255.
    public var green: Double
    /// Blue, 0…255.
    public var blue: Double
    /// Alpha, 0…1.
    public var alpha: Double

    /// Creates a colour from 0…255 components and a 0…1 alpha.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses a CSS-style `rgb(r,g,b)`, `rgba(r,g,b,a)` (the conformance files' colour spelling) or
    /// `#rgb`/`#rrggbb`/`#rrggbbaa` string.
    public init?(cssString: String) {
        let s = cssString.trimmingCharacters(in: .whitespaces).lowercased()
        if s.hasPrefix("#") {
            self.init(hex: String(s.dropFirst()))
            return
        }
        let isRGBA = s.hasPrefix("rgba(")
        guard isRGBA || s.hasPrefix("rgb("), s.hasSuffix(")") else { return nil }
        let inner = s.dropFirst(isRGBA ? 5 : 4).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == (isRGBA ? 4 : 3), parts.allSatisfy({ $0 != nil }) else { return nil }
        let v = parts.compactMap { $0 }
        self.init(red: v[0], green: v[1], blue: v[2], alpha: isRGBA ? v[3] : 1)
    }

    private init?(hex: String) {
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        var digits = Array(hex)
        if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let v = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            values.append(Double(v))
        }
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] / 255 : 1)
    }

    /// The CSS spelling, `rgba(r,g,b,a)`.
    public var cssString: String {
        "rgba(\(Self.short(red)),\(Self.short(green)),\(Self.short(blue)),\(Self.short(alpha)))"
    }

    static func short(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}

/// One member of a constant dictionary.
public struct FormatDictionaryEntry: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The value.
    public var value: FormatExpression

    /// Creates an entry.
    public init(_ key: String, _ value: FormatExpression) {
        self.key = key
        self.value = value
    }
}

/// One stop of a stop dictionary: a numeric input and its output expression.
public struct FormatStop: Sendable, Hashable {
    /// The stop input (a zoom level or attribute value).
    public var key: Double
    /// The value.
    public var value: FormatExpression

    /// Creates a stop.
    public init(_ key: Double, _ value: FormatExpression) {
        self.key = key
        self.value = value
    }
}

/// An `MLNAttributedExpression`: a text expression and its formatting attributes
/// (`font-scale`, `text-color`, `text-font`).
public struct FormatAttributedExpression: Sendable, Hashable {
    /// The text (or any expression producing it).
    public var expression: FormatExpression
    /// The attributes: `font-scale`, `text-color`, `text-font`.
    public var attributes: [FormatDictionaryEntry]

    /// Creates an attributed expression.
    public init(_ expression: FormatExpression, attributes: [FormatDictionaryEntry] = []) {
        self.expression = expression
        self.attributes = attributes
    }
}
