public import Foundation

/// How an ``HTTPClient`` retries, waits and limits its requests.
public struct HTTPClientPolicy: Sendable, Hashable {
    /// Attempts per request, the first included (retries happen on 5xx, 429 and connection errors).
    public var maximumAttempts: Int = 3
    /// The wait before the first retry; each further retry waits twice as long.
    public var initialBackoff: TimeInterval = 0.25
    /// The longest wait between two attempts, whatever the backoff or `Retry-After` say.
    public var maximumBackoff: TimeInterval = 8
    /// Seconds one attempt may take from request to last body byte; a stalled server is cut off.
    public var timeout: TimeInterval = 30
    /// Requests in flight at once; more wait their turn.
    public var maximumConcurrentRequests: Int = 8
    /// Bytes the response cache keeps (bodies); 0 turns the cache off.
    public var cacheBytes: Int = 32 << 20

    public init(maximumAttempts: Int = 3, initialBackoff: TimeInterval = 0.25, maximumBackoff: TimeInterval = 8,
                timeout: TimeInterval = 30, maximumConcurrentRequests: Int = 8, cacheBytes: Int = 32 << 20) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialBackoff = max(0, initialBackoff)
        self.maximumBackoff = max(0, maximumBackoff)
        self.timeout = timeout
        self.maximumConcurrentRequests = max(1, maximumConcurrentRequests)
        self.cacheBytes = max(0, cacheBytes)
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1): `Retry-After` when the server
    /// sent one, exponential backoff otherwise; capped at `maximumBackoff`.
    public func delay(afterAttempt attempt: Int, retryAfter: TimeInterval?) -> TimeInterval {
        if let retryAfter { return min(max(0, retryAfter), maximumBackoff) }
        let exponent = Double(min(max(attempt - 1, 0), 30))
        return min(initialBackoff * pow(2, exponent), maximumBackoff)
    }
}

/// Header values the client reads: `Retry-After` and `Cache-Control`.
public enum HTTPHeaderValues {
    /// `Retry-After` in seconds from `now`: delay-seconds or an HTTP-date (RFC 9110); nil when absent or unreadable.
    public static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        guard let date = httpDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An HTTP-date in the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850 and asctime forms.
    public static func httpDate(_ value: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return date }
        }
        return nil
    }

    /// The directives of a `Cache-Control` header that the response cache obeys.
    public struct CacheControl: Sendable, Hashable {
        public var maxAge: TimeInterval?
        public var noCache = false
        public var noStore = false

        /// Parses `value` (directives are case-insensitive; unknown ones are ignored).
        public init(_ value: String?) {
            for part in (value ?? "").split(separator: ",") {
                let directive = part.trimmingCharacters(in: .whitespaces).lowercased()
                if directive == "no-cache" || directive.hasPrefix("no-cache=") { noCache = true }
                else if directive == "no-store" { noStore = true }
                else if directive.hasPrefix("max-age=") {
                    let number = directive.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                    if let seconds = Int(number) { maxAge = TimeInterval(max(0, seconds)) }
                }
            }
        }
    }
}
