/// A format string together with the arguments its `%@`/`%K` placeholders stand for.
public struct FormatString: Sendable, Hashable, CustomStringConvertible {
    /// The format text, e.g. `mgl_step:from:stops:($zoomLevel, 11, %@)`.
    public var format: String
    /// One argument per placeholder, in order.
    public var arguments: [FormatArgument]

    /// Creates a format string with its arguments.
    public init(_ format: String, arguments: [FormatArgument] = []) {
        self.format = format
        self.arguments = arguments
    }

    /// The format text.
    public var description: String { format }
}
