/// Why fetching a venue from the hosted API failed. Never carries the API secret or the access token.
public enum VenueClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which of the three requests failed.
    public enum Endpoint: String, Sendable, Hashable {
        /// `POST {base}/api/v1/api-key/token`.
        case token
        /// `GET {base}/api/venue/{id}/mvf`.
        case venue
        /// `GET {bundle url}` (the zip).
        case bundle
    }

    /// The venue id holds characters that cannot be part of a URL path segment.
    case invalidVenueID(String)
    /// The base URL cannot be combined with the API paths.
    case invalidBaseURL(String)
    /// HTTP 401: the key/secret pair or the token was not accepted.
    case unauthorized(Endpoint)
    /// HTTP 403: the credentials may not access this venue.
    case forbidden(Endpoint)
    /// HTTP 404: no such venue (or bundle).
    case notFound(Endpoint)
    /// HTTP 429: too many requests; retry after the given seconds when the server said.
    case rateLimited(Endpoint, retryAfter: Double?)
    /// HTTP 5xx.
    case serverError(Endpoint, status: Int)
    /// Any other non-2xx status.
    case unexpectedStatus(Endpoint, status: Int)
    /// The response body is not the JSON the endpoint returns (bad JSON or missing members).
    case invalidResponse(Endpoint, reason: String)
    /// A response was larger than allowed.
    case responseTooLarge(Endpoint, limit: Int)
    /// The downloaded bundle is not a complete zip archive (truncated or corrupt).
    case invalidBundle(reason: String)
    /// The request did not complete (connection refused, timed out, reset).
    case transport(Endpoint, reason: String)

    public var description: String {
        switch self {
        case .invalidVenueID(let id): return "invalid venue id '\(id)': use letters, digits, '-' and '_'"
        case .invalidBaseURL(let url): return "invalid base URL '\(url)'"
        case .unauthorized(let e): return "\(e.rawValue) request: HTTP 401 unauthorized (check the API key and secret)"
        case .forbidden(let e): return "\(e.rawValue) request: HTTP 403 forbidden (these credentials may not access this venue)"
        case .notFound(let e): return "\(e.rawValue) request: HTTP 404 not found (check the venue id)"
        case .rateLimited(let e, let after):
            return "\(e.rawValue) request: HTTP 429 rate limited" + (after.map { ", retry after \(Int($0.rounded(.up))) s" } ?? "")
        case .serverError(let e, let status): return "\(e.rawValue) request: HTTP \(status) server error (try again later)"
        case .unexpectedStatus(let e, let status): return "\(e.rawValue) request: unexpected HTTP \(status)"
        case .invalidResponse(let e, let reason): return "\(e.rawValue) request: invalid response: \(reason)"
        case .responseTooLarge(let e, let limit): return "\(e.rawValue) request: response larger than \(limit) bytes"
        case .invalidBundle(let reason): return "the downloaded bundle is not a complete zip archive: \(reason)"
        case .transport(let e, let reason): return "\(e.rawValue) request failed: \(reason)"
        }
    }
}
