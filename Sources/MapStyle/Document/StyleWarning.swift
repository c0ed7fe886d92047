/// A problem MapLibre Native logs and carries on from: the part it names is left out and the
/// rest of the style draws (a layer with an unknown `ref` or no valid `type`, a layer naming a
/// missing source, a source that cannot be read).
///
/// `path` names the member as validation messages do (`layers[3].ref`, `sources.water`).
public struct StyleWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is, as a JSON path (`""` for the whole document).
    public let path: String
    /// What was left out and why, in words a style author can act on.
    public let message: String

    /// Creates a warning at `path`.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// A warning from an error that stopped one part of the document from being read.
    public init(_ error: StyleDocumentError) {
        self.init(path: error.path, error.message)
    }

    public var description: String { path.isEmpty ? "warning: \(message)" : "warning: \(path): \(message)" }
}

/// How a style document's layers and sources are read.
public enum StyleReading: Sendable, Hashable {
    /// Any member that cannot be read refuses the whole document (runtime styling, tools).
    case strict
    /// As MapLibre Native's style parser reads: a layer or source that cannot be read is left
    /// out with a ``StyleWarning`` and the rest of the style is kept.
    case tolerant
}
