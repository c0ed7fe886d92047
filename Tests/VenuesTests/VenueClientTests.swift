import Foundation
import Testing
import MercatorTestSupport
@testable import Venues

/// Collects log lines from the client.
final class LogBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

@Suite struct VenueClientTests {
    static let key = "mik_testkey123"
    static let secret = "mis_SUPER_SECRET_value_42"
    static let token = "tok_ACCESS_TOKEN_value_99"

    enum Failure: Sendable {
        case none
        case status(endpoint: String, code: Int, headers: [String: String])
        case badTokenJSON
        case missingURL
        case truncatedZip
        case shortBody
        case echoSecret
    }

    /// A fake Mappedin API: token, venue and bundle endpoints, with an optional failure.
    static func server(_ failure: Failure) throws -> LoopbackHTTPServer {
        let zip = try TestBundles.zip(TestBundles.tinyBundle())
        return try LoopbackHTTPServer { request, base in
            let endpoint: String
            if request.method == "POST" && request.path == "/api/v1/api-key/token" {
                endpoint = "token"
            } else if request.method == "GET" && request.path == "/api/venue/venue_42/mvf" {
                endpoint = "venue"
            } else if request.method == "GET" && request.path.hasPrefix("/bundles/venue_42.zip") {
                endpoint = "bundle"
            } else {
                return .json(#"{"error":"not found"}"#, status: 404)
            }
            if case .status(let failing, let code, let headers) = failure, failing == endpoint {
                var r = LoopbackHTTPServer.Response.json(#"{"error":"nope"}"#, status: code)
                r.headers.merge(headers) { $1 }
                return r
            }
            switch endpoint {
            case "token":
                let body = (try? JSONValueBox.parse(request.body)) ?? [:]
                guard body["key"] == key, body["secret"] == secret else { return .json("{}", status: 401) }
                if case .badTokenJSON = failure { return .json("<html>oops</html>") }
                if case .echoSecret = failure { return .json("{\"error\":\"bad secret \(secret)\"}", status: 400) }
                return .json("{\"access_token\":\"\(token)\",\"expires_in\":3600}")
            case "venue":
                guard request.headers["authorization"] == "Bearer \(token)" else { return .json("{}", status: 401) }
                if case .missingURL = failure { return .json(#"{"updated_at":"2026-01-01"}"#) }
                return .json("{\"url\":\"\(base)/bundles/venue_42.zip?signature=xyz\",\"updated_at\":\"2026-01-01T00:00:00Z\"}")
            default:
                if request.headers["authorization"] != nil { return .json("{}", status: 400) }  // the token must not travel here
                if case .shortBody = failure {  // the connection closes before Content-Length bytes arrive
                    return LoopbackHTTPServer.Response(status: 200, headers: ["Content-Length": String(zip.count)], body: zip.prefix(zip.count / 2))
                }
                if case .truncatedZip = failure {
                    return LoopbackHTTPServer.Response(status: 200, headers: ["Content-Type": "application/zip"], body: zip.prefix(zip.count * 2 / 3))
                }
                return LoopbackHTTPServer.Response(status: 200, headers: ["Content-Type": "application/zip"], body: zip)
            }
        }
    }

    static func client(_ server: LoopbackHTTPServer, log: LogBox) throws -> VenueClient {
        VenueClient(
            baseURL: try #require(URL(string: server.baseURL)), credentials: VenueCredentials(key: key, secret: secret),
            timeout: 120, log: { log.append($0) })
    }

    static func expectNoSecrets(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!text.contains(secret), "secret leaked: \(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(token), "token leaked: \(text)", sourceLocation: sourceLocation)
    }

    @Test func fetchesABundleWithTheSeedsThreeRequests() async throws {
        let server = try Self.server(.none)
        defer { server.stop() }
        let log = LogBox()
        let client = try Self.client(server, log: log)
        let data = try await client.fetchBundle(venueID: "venue_42")
        let venue = try Venue.open(zipData: data)
        #expect(venue.name == "Tiny")
        let requests = server.requests
        #expect(requests.map(\.method) == ["POST", "GET", "GET"])
        #expect(requests.first?.headers["content-type"] == "application/json")
        #expect(requests[1].headers["authorization"] == "Bearer \(Self.token)")
        #expect(requests[2].headers["authorization"] == nil)
        #expect(log.all.count == 6)
        for line in log.all { Self.expectNoSecrets(line) }
        #expect(!log.all.joined().contains("signature=xyz"))
    }

    @Test func exposesEachStepAndRedactsDescriptions() async throws {
        let server = try Self.server(.none)
        defer { server.stop() }
        let client = try Self.client(server, log: LogBox())
        let token = try await client.accessToken()
        #expect(token.expiresIn == 3600)
        let location = try await client.bundleLocation(venueID: "venue_42", token: token)
        #expect(location.updatedAt == "2026-01-01T00:00:00Z")
        for text in [String(describing: token), String(reflecting: token), String(describing: client.credentials),
                     String(reflecting: client.credentials), String(describing: location)] {
            Self.expectNoSecrets(text)
            #expect(!text.contains("signature"))
        }
        var dumped = ""
        dump(client.credentials, to: &dumped)
        dump(token, to: &dumped)
        Self.expectNoSecrets(dumped)
    }

    @Test(arguments: [
        ("token", 401, VenueClientError.unauthorized(.token)),
        ("token", 403, .forbidden(.token)),
        ("venue", 401, .unauthorized(.venue)),
        ("venue", 403, .forbidden(.venue)),
        ("venue", 404, .notFound(.venue)),
        ("venue", 500, .serverError(.venue, status: 500)),
        ("token", 503, .serverError(.token, status: 503)),
        ("bundle", 404, .notFound(.bundle)),
        ("bundle", 418, .unexpectedStatus(.bundle, status: 418)),
    ])
    func mapsHTTPStatuses(endpoint: String, code: Int, expected: VenueClientError) async throws {
        let server = try Self.server(.status(endpoint: endpoint, code: code, headers: [:]))
        defer { server.stop() }
        let log = LogBox()
        let client = try Self.client(server, log: log)
        await #expect(throws: expected) { try await client.fetchBundle(venueID: "venue_42") }
        for line in log.all { Self.expectNoSecrets(line) }
    }

    @Test func rateLimitCarriesRetryAfter() async throws {
        let server = try Self.server(.status(endpoint: "venue", code: 429, headers: ["Retry-After": "7"]))
        defer { server.stop() }
        let client = try Self.client(server, log: LogBox())
        await #expect(throws: VenueClientError.rateLimited(.venue, retryAfter: 7)) {
            try await client.fetchBundle(venueID: "venue_42")
        }
        #expect(VenueClient.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_470)) == 10)
        #expect(VenueClient.retryAfter("soon") == nil)
    }

    @Test func badJSONMissingMembersAndTruncatedZips() async throws {
        for (failure, check) in [
            (Failure.badTokenJSON, { (e: VenueClientError) in if case .invalidResponse(.token, _) = e { true } else { false } }),
            (.missingURL, { e in if case .invalidResponse(.venue, _) = e { true } else { false } }),
            (.truncatedZip, { e in if case .invalidBundle = e { true } else { false } }),
            (.shortBody, { e in
                switch e {
                case .transport(.bundle, _), .invalidBundle: true
                default: false
                }
            }),
            (.echoSecret, { e in if case .unexpectedStatus(.token, 400) = e { true } else { false } }),
        ] as [(Failure, (VenueClientError) -> Bool)] {
            let server = try Self.server(failure)
            defer { server.stop() }
            let log = LogBox()
            let client = try Self.client(server, log: log)
            do {
                _ = try await client.fetchBundle(venueID: "venue_42")
                Issue.record("expected a failure for \(failure)")
            } catch {
                #expect(check(error), "\(failure): \(error)")
                Self.expectNoSecrets(String(describing: error))
                Self.expectNoSecrets(String(reflecting: error))
            }
            for line in log.all { Self.expectNoSecrets(line) }
        }
    }

    @Test func refusesBadVenueIDsAndUnreachableServers() async throws {
        let server = try Self.server(.none)
        let client = try Self.client(server, log: LogBox())
        let token = VenueAccessToken(value: Self.token)
        await #expect(throws: VenueClientError.invalidVenueID("../admin")) {
            try await client.bundleLocation(venueID: "../admin", token: token)
        }
        server.stop()
        do {
            _ = try await client.accessToken()
            Issue.record("expected a transport error")
        } catch {
            if case .transport(.token, let reason) = error { Self.expectNoSecrets(reason) } else { Issue.record("got \(error)") }
        }
    }

    @Test func neverForwardsTheTokenToAnotherHost() async throws {
        let other = try LoopbackHTTPServer { request, _ in
            request.headers["authorization"] == nil ? .json("{}", status: 401) : .json(#"{"url":"http://127.0.0.1:1/x.zip"}"#)
        }
        defer { other.stop() }
        let otherBase = other.baseURL
        let main = try LoopbackHTTPServer { request, _ in
            if request.method == "POST" { return .json("{\"access_token\":\"\(Self.token)\"}") }
            return LoopbackHTTPServer.Response(status: 302, headers: ["Location": otherBase + request.path])
        }
        defer { main.stop() }
        let client = try Self.client(main, log: LogBox())
        await #expect(throws: VenueClientError.unauthorized(.venue)) { try await client.fetchBundle(venueID: "venue_42") }
        #expect(other.requests.count == 1)
        #expect(other.requests.first?.headers["authorization"] == nil)
    }

    @Test func capsResponseSizes() async throws {
        let server = try Self.server(.none)
        defer { server.stop() }
        var client = try Self.client(server, log: LogBox())
        client.maxBundleBytes = 100
        await #expect(throws: VenueClientError.responseTooLarge(.bundle, limit: 100)) {
            try await client.fetchBundle(venueID: "venue_42")
        }
    }
}

/// Parses a request body with the GeoJSON module's JSON parser.
enum JSONValueBox {
    static func parse(_ data: Data) throws -> [String: String] {
        let value = try GeoJSONJSON.parse(data)
        var out: [String: String] = [:]
        for (k, v) in value.object ?? [:] { out[k] = v.string }
        return out
    }
}

import GeoJSON

enum GeoJSONJSON {
    static func parse(_ data: Data) throws -> JSONValue { try JSONValue(parsing: data) }
}
