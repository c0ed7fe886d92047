/// Where in a format string something happened: a zero-based offset in Unicode scalars and the
/// one-based line and column.
public struct FormatSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// Zero-based offset, counted in Unicode scalars.
    public var offset: Int
    /// One-based line.
    public var line: Int
    /// One-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A readable position: `offset N` on one line, `line L, column C` otherwise (errors: the full message).
    public var description: String {
        line > 1 ? "line \(line), column \(column)" : "offset \(offset)"
    }
}

/// An error parsing or converting a predicate or expression format string, or converting style JSON.
///
/// The message says what is wrong, `location` where (for format strings), and `suggestion` what the
/// SDK accepts instead.
public struct FormatStringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable, Hashable {
        /// The text is not valid format-string syntax.
        case syntax
        /// Valid syntax that the SDK does not support (BEGINSWITH, `median:`, `ALL x = y`, …).
        case unsupported
        /// A `%@`/`%K` argument is missing or of the wrong type.
        case argument
        /// The construct cannot be converted (to or from style JSON).
        case conversion
        /// Nesting deeper than the parser allows.
        case tooDeep
    }

    /// The broad category.
    public var kind: Kind
    /// What is wrong.
    public var message: String
    /// What is allowed instead, when there is a useful alternative.
    public var suggestion: String?
    /// The position in the format string, when the error comes from one.
    public var location: FormatSourceLocation?
    /// Which argument of a function call the error is about, so the parser can point at it.
    var argumentIndex: Int?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, suggestion: String? = nil, location: FormatSourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.suggestion = suggestion
        self.location = location
    }

    /// A readable position: `offset N` on one line, `line L, column C` otherwise (errors: the full message).
    public var description: String {
        var text = ""
        if let location { text += "\(location): " }
        text += message
        if let suggestion { text += " " + suggestion }
        return text
    }
}
