public import GeoJSON

// The FormatStrings module reads the NSPredicate/NSExpression format strings of the MapLibre Apple SDK on every
// platform and converts them to and from style JSON:
//
//   format string + FormatArgument values --FormatParser--> FormatPredicate / FormatExpression (AST)
//   AST --jsonValue()--> style JSON          (FormatJSONEncoder, operator by operator like the SDK)
//   style JSON --init(json:)--> AST          (FormatJSONDecoder, including legacy filters)
//   AST --formatString()--> canonical text   (FormatPrinter; %@ arguments for colours, shapes, stops, …)
//
// FormatCatalog lists what the SDK supports and holds the checks shared by the parser (which reports positions)
// and the converters. FormatStringConformance runs the shared conformance files.

extension FormatExpression {
    /// Parses an NSExpression format string such as `mgl_step:from:stops:($zoomLevel, 11, %@)`.
    ///
    /// - Parameters:
    ///   - format: The format string. Keywords are case-insensitive; `%@` takes the next argument, `%K`
    ///     the next argument as a key.
    ///   - arguments: One argument per placeholder, in order (extra arguments are ignored, as in Foundation).
    /// - Throws: ``FormatStringError`` with the position of the problem; never crashes on bad input.
    public init(format: String, arguments: [FormatArgument] = []) throws(FormatStringError) {
        var parser = try FormatParser(format, arguments: arguments)
        self = try parser.parseExpression()
    }
}

extension FormatPredicate {
    /// Parses an NSPredicate format string such as `class = 'food_and_drink' AND SELF IN %@`.
    ///
    /// - Parameters:
    ///   - format: The format string.
    ///   - arguments: One argument per `%@`/`%K`, in order.
    /// - Throws: ``FormatStringError`` with the position of the problem; never crashes on bad input.
    public init(format: String, arguments: [FormatArgument] = []) throws(FormatStringError) {
        var parser = try FormatParser(format, arguments: arguments)
        self = try parser.parsePredicate()
    }
}

/// One-call conversions between format strings and style JSON.
public enum FormatStrings {
    /// Style JSON for an expression format string.
    public static func expressionJSON(
        _ format: String, arguments: [FormatArgument] = [], options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatStringError) -> JSONValue {
        try FormatExpression(format: format, arguments: arguments).jsonValue(options: options)
    }

    /// Style JSON (a filter) for a predicate format string.
    public static func predicateJSON(
        _ format: String, arguments: [FormatArgument] = [], options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatStringError) -> JSONValue {
        try FormatPredicate(format: format, arguments: arguments).jsonValue(options: options)
    }

    /// The canonical expression format string (and its arguments) for a style-JSON expression.
    public static func expressionFormat(
        _ json: JSONValue, options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatStringError) -> FormatString {
        try FormatExpression(json: json, options: options).formatString()
    }

    /// The canonical predicate format string (and its arguments) for a style-JSON filter.
    public static func predicateFormat(
        _ json: JSONValue, options: FormatJSONOptions = FormatJSONOptions()
    ) throws(FormatStringError) -> FormatString {
        try FormatPredicate(json: json, options: options).formatString()
    }
}
