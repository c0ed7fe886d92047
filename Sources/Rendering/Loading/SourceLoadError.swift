/// Why a source's data could not be loaded: the source's identifier and what went wrong.
public struct SourceLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The identifier of the source (or `sprite` for the style's sprite).
    public var source: String
    /// What went wrong, in a sentence.
    public var message: String

    /// An error of source `source`.
    public init(source: String, _ message: String) {
        self.source = source
        self.message = message
    }

    /// `sources.<identifier>: <message>`.
    public var description: String { "sources.\(source): \(message)" }
}
