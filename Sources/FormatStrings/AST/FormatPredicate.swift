/// A predicate of the NSPredicate format-string language, as the MapLibre SDK understands it.
///
/// Build one with ``FormatPredicate/init(format:arguments:)``, convert it to a style-JSON filter with
/// ``jsonValue(options:)`` and print it back with ``formatString()``.
public indirect enum FormatPredicate: Sendable, Hashable {
    /// `TRUEPREDICATE` (`true`) or `FALSEPREDICATE` (`false`).
    case constant(Bool)
    /// A comparison such as `key == 1`, `x IN {1, 2}` or `SELF IN %@`.
    case comparison(FormatComparison)
    /// `p AND q AND …` (as many operands as written in one chain).
    case and([FormatPredicate])
    /// `p OR q OR …`.
    case or([FormatPredicate])
    /// `NOT p`.
    case not(FormatPredicate)
}

/// A comparison predicate: two operands, an operator, a modifier and options.
public struct FormatComparison: Sendable, Hashable {
    /// The left operand.
    public var left: FormatExpression
    /// The operator.
    public var op: FormatComparisonOperator
    /// The right operand.
    public var right: FormatExpression
    /// `ANY`/`SOME` or `ALL` (`NONE` is parsed as `NOT ANY`).
    public var modifier: FormatComparisonModifier
    /// The `[c]`, `[d]` or `[cd]` options.
    public var options: FormatComparisonOptions

    /// Creates a comparison.
    public init(
        _ left: FormatExpression, _ op: FormatComparisonOperator, _ right: FormatExpression,
        modifier: FormatComparisonModifier = .direct, options: FormatComparisonOptions = []
    ) {
        self.left = left
        self.op = op
        self.right = right
        self.modifier = modifier
        self.options = options
    }
}

/// The comparison operators the SDK supports.
public enum FormatComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// `=`, `==`.
    case equal = "=="
    /// `!=`, `<>`.
    case notEqual = "!="
    /// `<`.
    case less = "<"
    /// `<=`, `=<`.
    case lessOrEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`, `=>`.
    case greaterOrEqual = ">="
    /// `IN`: membership in a collection, substring, or `SELF IN shape`.
    case `in` = "IN"
    /// `CONTAINS`: `IN` with the operands swapped.
    case contains = "CONTAINS"
    /// `BETWEEN {lower, upper}` (inclusive).
    case between = "BETWEEN"

    /// The style-JSON operator of a plain comparison, when there is one.
    var jsonOperator: String? {
        switch self {
        case .equal: return "=="
        case .notEqual: return "!="
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        case .in: return "in"
        case .contains, .between: return nil
        }
    }

    /// Whether `[c]`/`[d]` options can be applied (they become a collator argument).
    var acceptsOptions: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return true
        case .in, .contains, .between: return false
        }
    }
}

/// The comparison modifier: direct, `ANY`/`SOME` or `ALL`.
public enum FormatComparisonModifier: String, Sendable, Hashable {
    /// No modifier.
    case direct = ""
    /// `ANY` / `SOME` (and `NONE`, as `NOT ANY`).
    case any = "ANY"
    /// `ALL`.
    case all = "ALL"
}

/// The comparison options `[c]` (case-insensitive) and `[d]` (diacritic-insensitive).
public struct FormatComparisonOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int
    /// Creates options from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `[c]`.
    public static let caseInsensitive = FormatComparisonOptions(rawValue: 1)
    /// `[d]`.
    public static let diacriticInsensitive = FormatComparisonOptions(rawValue: 2)

    /// The bracketed spelling, e.g. `[cd]`, or an empty string.
    var spelling: String {
        if isEmpty { return "" }
        return "[" + (contains(.caseInsensitive) ? "c" : "") + (contains(.diacriticInsensitive) ? "d" : "") + "]"
    }
}

extension FormatPredicate: CustomStringConvertible {
    /// The canonical format string (placeholders stand for ``formatString()``'s arguments).
    public var description: String { formatString().format }
}
