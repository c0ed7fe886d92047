/// A problem that stops a style JSON document from being read as a `StyleDocument`.
///
/// `path` names the offending member the way validation messages do
/// (`sources.places.type`, `layers[2].paint`); `message` says what to change.
public struct StyleDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is (`""` for the whole document).
    public let path: String
    /// What is wrong, in words a style author can act on.
    public let message: String

    /// Creates an error at `path`.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
