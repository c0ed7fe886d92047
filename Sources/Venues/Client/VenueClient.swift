public import Foundation
import MercatorHTTP
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GeoJSON

/// The hosted flow of seed 004: API key and secret -> access token -> bundle URL -> zip.
///
/// ```swift
/// let client = VenueClient(credentials: VenueCredentials(key: key, secret: secret))
/// let zip = try await client.fetchBundle(venueID: "660c0c3aae0596d87766f2da")
/// let venue = try Venue.open(zipData: zip)
/// ```
/// Errors are ``VenueClientError``s; neither the secret nor the token ever appears in an error,
/// a description or a log line.
public struct VenueClient: Sendable {
    /// The API root, `https://app.mappedin.com` by default.
    public var baseURL: URL
    /// The key and secret.
    public var credentials: VenueCredentials
    /// The largest bundle accepted, in bytes (the download stops beyond it).
    public var maxBundleBytes: Int
    /// The largest JSON response accepted, in bytes.
    public var maxJSONBytes: Int
    /// Seconds before a request times out.
    public var timeout: TimeInterval
    /// Receives one line per request and response (method, URL without query, status, size); never secrets.
    public var log: (@Sendable (String) -> Void)?

    /// Creates a client.
    public init(
        baseURL: URL = URL(string: "https://app.mappedin.com")!, credentials: VenueCredentials,
        maxBundleBytes: Int = 256 << 20, maxJSONBytes: Int = 1 << 20, timeout: TimeInterval = 30,
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.maxBundleBytes = maxBundleBytes
        self.maxJSONBytes = maxJSONBytes
        self.timeout = timeout
        self.log = log
    }

    // MARK: The three requests

    /// `POST {base}/api/v1/api-key/token` with `{"key", "secret"}` -> the access token.
    public func accessToken() async throws(VenueClientError) -> VenueAccessToken {
        let url = try endpointURL("api/v1/api-key/token")
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let body: JSONValue = ["key": .string(credentials.key), "secret": .string(credentials.secret)]
        request.httpBody = Data(body.serialized().utf8)
        let json = try await fetchJSON(request, endpoint: .token, token: nil)
        guard let token = json["access_token"]?.string, !token.isEmpty else {
            throw .invalidResponse(.token, reason: "no 'access_token' string")
        }
        let expires = json["expires_in"]?.number.map { Int($0) }
        return VenueAccessToken(value: token, expiresIn: expires)
    }

    /// `GET {base}/api/venue/{id}/mvf` with the bearer token -> where the bundle is.
    public func bundleLocation(venueID: String, token: VenueAccessToken) async throws(VenueClientError) -> VenueBundleLocation {
        guard !venueID.isEmpty, venueID.count <= 128,
              venueID.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else { throw .invalidVenueID(venueID) }
        var request = URLRequest(url: try endpointURL("api/venue/\(venueID)/mvf"), timeoutInterval: timeout)
        request.setValue("Bearer \(token.value)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let json = try await fetchJSON(request, endpoint: .venue, token: token)
        guard let url = json["url"]?.string, let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else {
            throw .invalidResponse(.venue, reason: "no 'url' string holding an http(s) URL")
        }
        return VenueBundleLocation(url: url, updatedAt: json["updated_at"]?.string)
    }

    /// `GET {url}` -> the zip, checked to be a complete archive. The token is not sent to this URL.
    public func downloadBundle(_ location: VenueBundleLocation) async throws(VenueClientError) -> Data {
        guard let url = URL(string: location.url) else { throw .invalidResponse(.venue, reason: "bundle URL is not a URL") }
        let request = URLRequest(url: url, timeoutInterval: timeout)
        let data = try await perform(request, endpoint: .bundle, limit: maxBundleBytes, token: nil)
        try Self.checkArchive(data)
        return data
    }

    /// All three requests: the zip data of venue `venueID`.
    public func fetchBundle(venueID: String) async throws(VenueClientError) -> Data {
        let token = try await accessToken()
        let location = try await bundleLocation(venueID: venueID, token: token)
        return try await downloadBundle(location)
    }

    // MARK: Helpers

    private func endpointURL(_ path: String) throws(VenueClientError) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + "/" + path), url.scheme != nil else { throw .invalidBaseURL(Self.redactedURL(base)) }
        return url
    }

    /// A URL for messages: scheme, host, port and path; never the query or user info.
    static func redactedURL(_ text: String) -> String {
        guard let components = URLComponents(string: text), let host = components.host else { return "<url>" }
        let port = components.port.map { ":\($0)" } ?? ""
        return "\(components.scheme ?? "http")://\(host)\(port)\(components.path)"
    }

    /// Removes the secret and the token from a text that may have echoed them.
    private func scrub(_ text: String, token: VenueAccessToken?) -> String {
        var out = text
        if !credentials.secret.isEmpty { out = out.replacingOccurrences(of: credentials.secret, with: "<redacted>") }
        if let t = token?.value, !t.isEmpty { out = out.replacingOccurrences(of: t, with: "<redacted>") }
        return out
    }

    private func fetchJSON(_ request: URLRequest, endpoint: VenueClientError.Endpoint, token: VenueAccessToken?) async throws(VenueClientError) -> JSONValue {
        let data = try await perform(request, endpoint: endpoint, limit: maxJSONBytes, token: token)
        do {
            let value = try JSONValue(parsing: data)
            guard value.object != nil else { throw VenueClientError.invalidResponse(endpoint, reason: "expected a JSON object") }
            return value
        } catch let error as VenueClientError {
            throw error
        } catch {
            throw .invalidResponse(endpoint, reason: "not JSON (\(data.count) bytes)")
        }
    }

    private func perform(_ request: URLRequest, endpoint: VenueClientError.Endpoint, limit: Int, token: VenueAccessToken?) async throws(VenueClientError) -> Data {
        let shown = Self.redactedURL(request.url?.absoluteString ?? "")
        log?("\(request.httpMethod ?? "GET") \(shown)")
        let outcome = await BoundedDownload.run(request, limit: limit)
        switch outcome {
        case .tooLarge:
            log?("\(endpoint.rawValue): response exceeded \(limit) bytes; cancelled")
            throw .responseTooLarge(endpoint, limit: limit)
        case .failed(let reason), .unreachable(let reason):
            let clean = scrub(reason, token: token)
            log?("\(endpoint.rawValue): failed: \(clean)")
            throw .transport(endpoint, reason: clean)
        case .completed(let response, let data):
            log?("\(endpoint.rawValue): HTTP \(response.statusCode), \(data.count) bytes")
            switch response.statusCode {
            case 200..<300: return data
            case 401: throw .unauthorized(endpoint)
            case 403: throw .forbidden(endpoint)
            case 404: throw .notFound(endpoint)
            case 429: throw .rateLimited(endpoint, retryAfter: Self.retryAfter(response.value(forHTTPHeaderField: "Retry-After")))
            case 500..<600: throw .serverError(endpoint, status: response.statusCode)
            default: throw .unexpectedStatus(endpoint, status: response.statusCode)
            }
        }
    }

    /// `Retry-After` as seconds: either delay-seconds or an HTTP date.
    static func retryAfter(_ header: String?, now: Date = Date()) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Checks that the data is a complete, safe zip: a central directory, and JSON entries that inflate
    /// (CRC-checked) within ``VenueLoadLimits/default``.
    static func checkArchive(_ data: Data) throws(VenueClientError) {
        guard data.count >= 22, data.prefix(2) == Data("PK".utf8) else {
            throw .invalidBundle(reason: "\(data.count) bytes that do not start like a zip archive")
        }
        do {
            _ = try BundleFiles.zip(data: data, limits: .default)
        } catch {
            throw .invalidBundle(reason: error.description)
        }
    }
}
