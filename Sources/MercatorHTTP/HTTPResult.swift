public import Foundation

/// An HTTP answer: status, headers (lower-cased names) and the whole body (gzip content-encoding removed).
public struct HTTPResult: Sendable {
    /// The requested URL.
    public var url: String
    /// The status; a 304 revalidation of a cached body is reported as the cached status (200 or 206).
    public var status: Int
    /// Header fields by lower-cased name.
    public var headers: [String: String]
    public var body: Data
    /// Whether the body came from the client's response cache (fresh, or revalidated with a 304).
    public var fromCache: Bool
    /// Attempts made (1 without retries).
    public var attempts: Int

    public init(url: String, status: Int, headers: [String: String], body: Data, fromCache: Bool = false, attempts: Int = 1) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.fromCache = fromCache
        self.attempts = attempts
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
