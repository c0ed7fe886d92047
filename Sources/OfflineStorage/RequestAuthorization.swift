public import Foundation
public import TileSources

/// Applies the API key (`MGLApiKey`) to requests for the API server (`MGLMapboxAPIBaseURL`) and
/// `mapbox://` URLs, and keeps it out of every stored URL and message.
public struct RequestAuthorization: Sendable, Hashable {
    public var apiKey: String?
    public var apiBaseURL: String

    public init(apiKey: String?, apiBaseURL: String) {
        self.apiKey = apiKey?.isEmpty == true ? nil : apiKey
        self.apiBaseURL = apiBaseURL.hasSuffix("/") ? String(apiBaseURL.dropLast()) : apiBaseURL
    }

    /// The URL actually requested: `mapbox://x` resolved against the base URL, and
    /// `access_token=KEY` added for the API server's host.
    public func requestURL(_ url: String) -> String {
        let address = MapboxURL.requestURL(url, apiBaseURL: apiBaseURL)
        guard let apiKey, let host = URL(string: address)?.host, host == URL(string: apiBaseURL)?.host,
              !address.contains("access_token=") else { return address }
        let token = apiKey.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? apiKey
        return address + (address.contains("?") ? "&" : "?") + "access_token=" + token
    }

    /// `text` with the key replaced by `<api key>` (for messages and logs).
    public func redact(_ text: String) -> String {
        guard let apiKey else { return text }
        var out = text.replacingOccurrences(of: apiKey, with: "<api key>")
        if let encoded = apiKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != apiKey {
            out = out.replacingOccurrences(of: encoded, with: "<api key>")
        }
        return out
    }
}

/// The network with the API key applied (no offline database): what a map loads through when
/// `MGLApiKey` is set but no database is.
public struct AuthorizingFetcher: ResourceFetching {
    public var authorization: RequestAuthorization

    public init(authorization: RequestAuthorization) {
        self.authorization = authorization
    }

    public func fetch(_ request: ResourceRequest, limit: Int, store: String) throws(TileStoreError) -> Data? {
        do {
            return try HTTPResource.get(authorization.requestURL(request.url), limit: limit, store: store)
        } catch {
            throw TileStoreError(store: authorization.redact(error.store), authorization.redact(error.message))
        }
    }
}
