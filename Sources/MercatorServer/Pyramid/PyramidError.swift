/// A pyramid failure a user can act on.
public struct PyramidError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file.
    public var description: String
    /// An error with its message.
    public init(_ message: String) { description = message }
}
