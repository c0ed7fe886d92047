/// A problem found while opening a bundle that did not stop it from opening.
///
/// A partial export opens with one diagnostic per missing or malformed part; what is there stays usable.
public struct VenueDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much the problem matters.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Worth knowing, nothing is lost (an unrecognised file, a recovered flattened file).
        case info
        /// Something expected is missing or was replaced by a default.
        case warning
        /// A part of the bundle is unusable.
        case error

        private var rank: Int {
            switch self {
            case .info: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        /// Orders severities from `info` to `error`.
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// How much the problem matters.
    public var severity: Severity
    /// The bundle-relative file the problem is about, when there is one.
    public var file: String?
    /// What is wrong and what was done about it.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, file: String?, _ message: String) {
        self.severity = severity
        self.file = file
        self.message = message
    }

    public var description: String {
        if let file { return "\(severity.rawValue): \(file): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}
