/// An API key and secret for the hosted venue API. The secret never appears in descriptions or dumps.
public struct VenueCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The API key (`mik_…`); not secret.
    public let key: String
    /// The API secret (`mis_…`).
    let secret: String

    /// Creates credentials.
    public init(key: String, secret: String) {
        self.key = key
        self.secret = secret
    }

    public var description: String { "VenueCredentials(key: \(key), secret: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["key": key, "secret": "<redacted>"]) }
}

/// A bearer token from the token endpoint. Its value never appears in descriptions or dumps.
public struct VenueAccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token text, sent as `Authorization: Bearer …`.
    let value: String
    /// Seconds until the token expires, when the server said.
    public let expiresIn: Int?

    /// Creates a token (tests; normally from ``VenueClient/accessToken()``).
    public init(value: String, expiresIn: Int? = nil) {
        self.value = value
        self.expiresIn = expiresIn
    }

    public var description: String { "VenueAccessToken(<redacted>, expiresIn: \(expiresIn.map(String.init) ?? "unknown"))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["value": "<redacted>", "expiresIn": expiresIn as Any]) }
}

/// Where a venue's bundle can be downloaded (the `mvf` endpoint's answer).
public struct VenueBundleLocation: Sendable, Hashable, CustomStringConvertible {
    /// The bundle URL (often pre-signed: its query is a credential and is never printed).
    public let url: String
    /// When the venue was last updated, as the server wrote it.
    public let updatedAt: String?

    /// Creates a location.
    public init(url: String, updatedAt: String?) {
        self.url = url
        self.updatedAt = updatedAt
    }

    public var description: String { "VenueBundleLocation(\(VenueClient.redactedURL(url)), updatedAt: \(updatedAt ?? "unknown"))" }
}
