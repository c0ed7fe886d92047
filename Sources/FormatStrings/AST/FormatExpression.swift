/// An expression of the NSExpression format-string language, as the MapLibre SDK understands it.
///
/// The cases mirror `NSExpression`'s expression types, so that the mapping to and from style JSON
/// follows the SDK operator by operator. Build one with ``FormatExpression/init(format:arguments:)``,
/// convert it with ``jsonValue(options:)`` and print it back with ``formatString()``.
public indirect enum FormatExpression: Sendable, Hashable {
    /// A constant value: number, string, Boolean, `nil`, colour, shape, dictionary, …
    case constant(FormatConstant)
    /// A feature attribute key path such as `highway` or `lineStyle.color` (one element per component).
    case keyPath([String])
    /// A variable such as `$zoomLevel` or a variable bound by `MLN_LET` (name without the `$`).
    case variable(String)
    /// `SELF`, the evaluated feature (only meaningful in `mgl_does:have:` and `SELF IN shape`).
    case evaluatedObject
    /// An aggregate `{a, b, …}`; a `%@` array argument becomes one as well.
    case aggregate([FormatExpression])
    /// A built-in or MapLibre function with its canonical name (`add:to:`, `uppercase:`, `MLN_LET`, …).
    case function(String, [FormatExpression])
    /// `FUNCTION(target, 'selector', arguments…)`; `object.key` is `valueForKeyPath:` on `object`.
    case customFunction(target: FormatExpression, selector: String, arguments: [FormatExpression])
    /// `TERNARY(predicate, whenTrue, whenFalse)`.
    case conditional(FormatPredicate, FormatExpression, FormatExpression)
}

extension FormatExpression {
    /// A constant `nil`.
    public static var null: FormatExpression { .constant(.null) }

    /// A constant string.
    public static func string(_ value: String) -> FormatExpression { .constant(.string(value)) }

    /// A constant integer.
    public static func integer(_ value: Int64) -> FormatExpression { .constant(.integer(value)) }

    /// A constant floating-point number.
    public static func double(_ value: Double) -> FormatExpression { .constant(.double(value)) }

    /// A constant Boolean.
    public static func bool(_ value: Bool) -> FormatExpression { .constant(.bool(value)) }

    /// The constant string value, when this is a constant string.
    var constantString: String? {
        if case .constant(.string(let s)) = self { return s }
        return nil
    }

    /// Whether this is a constant (of any type).
    var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }

    /// The elements when this is an aggregate.
    var aggregateElements: [FormatExpression]? {
        if case .aggregate(let elements) = self { return elements }
        return nil
    }
}

extension FormatExpression: CustomStringConvertible {
    /// The canonical format string (placeholders stand for ``formatString()``'s arguments).
    public var description: String { formatString().format }
}
