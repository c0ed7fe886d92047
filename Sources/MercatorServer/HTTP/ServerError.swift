public import Hummingbird

/// A request that cannot be answered: the HTTP status and a message for the client.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// The status sent.
    public var status: HTTPResponse.Status
    /// One sentence saying what was wrong.
    public var message: String
    /// Extra headers (`Retry-After` for 503).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status.code) \(message)" }

    static func badRequest(_ message: String) -> ServerError { ServerError(.badRequest, message) }
    static func notFound(_ message: String) -> ServerError { ServerError(.notFound, message) }
}

/// A configuration or data file that cannot be served; the message names the file.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
