public import Foundation

/// Why a request gave no answer; the message names the URL (and the status when there was one).
public struct HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// No connection, a reset, or another transport failure.
        case transport(String)
        /// The host cannot be resolved or refuses connections: not retried (that is for busy servers),
        /// and the host is not asked again for a few seconds.
        case unreachable(String)
        /// The attempt ran past the client's timeout.
        case timedOut(TimeInterval)
        /// The body was over the byte limit (the transfer was cancelled).
        case tooLarge(limit: Int)
        /// The connection closed before the declared `Content-Length` arrived.
        case truncated(received: Int, declared: Int)
        /// A `Content-Encoding: gzip` body that does not inflate.
        case badEncoding(String)
    }

    /// The requested URL.
    public var url: String
    public var kind: Kind
    /// Attempts made.
    public var attempts: Int

    public init(url: String, _ kind: Kind, attempts: Int = 1) {
        self.url = url
        self.kind = kind
        self.attempts = attempts
    }

    public var description: String {
        let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
        switch kind {
        case .transport(let reason): return "GET \(url) failed: \(reason)\(tries)"
        case .unreachable(let reason): return "GET \(url) failed: \(reason) (the host cannot be reached; not retried)"
        case .timedOut(let seconds): return "GET \(url) timed out after \(seconds) s\(tries)"
        case .tooLarge(let limit): return "GET \(url): the body is over the \(limit)-byte limit"
        case .truncated(let received, let declared):
            return "GET \(url): the body was cut off after \(received) of \(declared) bytes\(tries)"
        case .badEncoding(let reason): return "GET \(url): \(reason)"
        }
    }
}
