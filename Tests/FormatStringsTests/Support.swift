@testable import FormatStrings
import GeoJSON
import Testing

/// Style JSON of an expression format string.
func expressionJSON(_ format: String, _ args: [FormatArgument] = []) throws -> JSONValue {
    try FormatExpression(format: format, arguments: args).jsonValue()
}

/// Style JSON of a predicate format string.
func predicateJSON(_ format: String, _ args: [FormatArgument] = []) throws -> JSONValue {
    try FormatPredicate(format: format, arguments: args).jsonValue()
}

/// Parses JSON text (test literals); a malformed literal is recorded as an issue.
func json(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONValue {
    do {
        return try JSONValue(parsing: text)
    } catch {
        Issue.record("bad JSON literal \(text): \(error)", sourceLocation: sourceLocation)
        return .null
    }
}

/// The error thrown by `body`, if it is a FormatStringError.
func formatError(_ body: () throws -> Void) -> FormatStringError? {
    do {
        try body()
        return nil
    } catch let error as FormatStringError {
        return error
    } catch {
        return nil
    }
}
