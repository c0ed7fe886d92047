import Foundation
import MercatorTestSupport
import Testing
@testable import MercatorHTTP

/// The HTTP client against a loopback server. Successes get generous timeouts; the one timeout test
/// uses a server that stalls until stopped, so nothing depends on how busy the machine is.
@Suite("HTTP client")
struct HTTPClientTests {
    /// A counter the server's handler can bump from its thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func next() -> Int { lock.withLock { n += 1; return n } }
    }

    /// Delays the client would have slept, recorded instead.
    final class Sleeps: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [TimeInterval] = []
        func record(_ t: TimeInterval) { lock.withLock { stored.append(t) } }
        var values: [TimeInterval] { lock.withLock { stored } }
    }

    static func client(_ policy: HTTPClientPolicy = HTTPClientPolicy(timeout: 60), sleeps: Sleeps = Sleeps()) -> HTTPClient {
        HTTPClient(policy: policy, sleep: { sleeps.record($0) })
    }

    static let gzipped = Data([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x57, 0x28,
                               0xc9, 0xcc, 0x49, 0x2d, 0x56, 0xc8, 0x18, 0x01, 0x6c, 0x00, 0x1b, 0x5b, 0x7c, 0x25, 0xf0, 0x00, 0x00, 0x00])

    @Test("404 is an answer, not an error")
    func notFound() throws {
        let server = try LoopbackHTTPServer { _, _ in .init(status: 404) }
        defer { server.stop() }
        let result = try Self.client().get(server.baseURL + "/tiles/1/0/0.pbf")
        #expect(result.status == 404 && result.attempts == 1)
        #expect(server.requests.count == 1)
    }

    @Test("500 then success: retried after the backoff")
    func retryAfter500() throws {
        let count = Counter()
        let server = try LoopbackHTTPServer { _, _ in
            count.next() == 1 ? .init(status: 500, body: Data("boom".utf8)) : .init(status: 200, body: Data([7, 8, 9]))
        }
        defer { server.stop() }
        let sleeps = Sleeps()
        let result = try Self.client(sleeps: sleeps).get(server.baseURL + "/t")
        #expect(result.status == 200 && result.body == Data([7, 8, 9]) && result.attempts == 2)
        #expect(sleeps.values == [0.25])
    }

    @Test("a server that keeps failing: bounded attempts, exponential backoff, the last status returned")
    func retriesExhausted() throws {
        let server = try LoopbackHTTPServer { _, _ in .init(status: 502) }
        defer { server.stop() }
        let sleeps = Sleeps()
        let result = try Self.client(HTTPClientPolicy(maximumAttempts: 4, initialBackoff: 0.5, timeout: 60), sleeps: sleeps).get(server.baseURL + "/t")
        #expect(result.status == 502 && result.attempts == 4)
        #expect(sleeps.values == [0.5, 1, 2])
        #expect(server.requests.count == 4)
    }

    @Test("Retry-After in seconds and as an HTTP-date, capped at the longest backoff")
    func retryAfterHeader() throws {
        let count = Counter()
        let date = HTTPHeaderValues.httpDate("Sun, 06 Nov 2050 08:49:37 GMT")!
        let server = try LoopbackHTTPServer { _, _ in
            switch count.next() {
            case 1: return .init(status: 503, headers: ["Retry-After": "3"])
            case 2: return .init(status: 429, headers: ["Retry-After": "Sun, 06 Nov 2050 08:49:37 GMT"])
            default: return .init(status: 200, body: Data("ok".utf8))
            }
        }
        defer { server.stop() }
        let sleeps = Sleeps()
        let result = try Self.client(HTTPClientPolicy(maximumAttempts: 3, maximumBackoff: 10, timeout: 60), sleeps: sleeps).get(server.baseURL + "/t")
        #expect(result.status == 200 && result.attempts == 3)
        #expect(sleeps.values == [3, 10])
        let now = HTTPHeaderValues.httpDate("Sun, 06 Nov 2050 08:49:07 GMT")!
        #expect(HTTPHeaderValues.retryAfter("Sun, 06 Nov 2050 08:49:37 GMT", now: now) == 30)
        #expect(HTTPHeaderValues.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: HTTPHeaderValues.httpDate("Sun, 06 Nov 1994 08:49:07 GMT")!) == 30)
        #expect(date.timeIntervalSince(now) == 30)
        #expect(HTTPHeaderValues.retryAfter("soon") == nil)
    }

    @Test("a stalled server is cut off after the timeout, naming the URL")
    func timeout() throws {
        let server = try LoopbackHTTPServer { _, _ in .stall }
        defer { server.stop() }
        let url = server.baseURL + "/slow.pbf"
        do {
            _ = try Self.client(HTTPClientPolicy(timeout: 0.5)).get(url)
            Issue.record("a stalled server answered")
        } catch {
            guard case .timedOut = error.kind else { Issue.record("not a timeout: \(error)"); return }
            #expect(error.description.contains(url), "\(error)")
        }
    }

    @Test("a body cut short of its Content-Length is an error, not a short tile")
    func truncated() throws {
        let server = try LoopbackHTTPServer { _, _ in
            .init(status: 200, headers: ["Content-Length": "1000"], body: Data(repeating: 1, count: 10))
        }
        defer { server.stop() }
        let url = server.baseURL + "/cut.pbf"
        do {
            let result = try Self.client(HTTPClientPolicy(maximumAttempts: 2, timeout: 60)).get(url)
            Issue.record("a cut-off body was read as \(result.body.count) bytes")
        } catch {
            #expect(error.description.contains(url), "\(error)")
            #expect(error.attempts == 2, "\(error)")
        }
    }

    @Test("Content-Encoding: gzip bodies arrive inflated")
    func gzip() throws {
        let server = try LoopbackHTTPServer { _, _ in
            .init(status: 200, headers: ["Content-Encoding": "gzip"], body: Self.gzipped)
        }
        defer { server.stop() }
        let result = try Self.client().get(server.baseURL + "/z")
        #expect(String(decoding: result.body, as: UTF8.self) == String(repeating: "hello tiles ", count: 20))
        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test("ETag: the second request revalidates with If-None-Match and a 304 reuses the cached body")
    func etag() throws {
        let server = try LoopbackHTTPServer { request, _ in
            if request.headers["if-none-match"] == "\"v1\"" { return .init(status: 304, headers: ["ETag": "\"v1\""]) }
            return .init(status: 200, headers: ["ETag": "\"v1\"", "Cache-Control": "no-cache"], body: Data([4, 5, 6]))
        }
        defer { server.stop() }
        let client = Self.client()
        let first = try client.get(server.baseURL + "/e")
        let second = try client.get(server.baseURL + "/e")
        #expect(first.body == Data([4, 5, 6]) && !first.fromCache)
        #expect(second.status == 200 && second.body == Data([4, 5, 6]) && second.fromCache)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
    }

    @Test("Cache-Control: max-age answers from memory, no-store always asks")
    func cacheControl() throws {
        let server = try LoopbackHTTPServer { request, _ in
            request.path == "/fresh" ? .init(status: 200, headers: ["Cache-Control": "public, max-age=3600"], body: Data([1]))
                : .init(status: 200, headers: ["Cache-Control": "no-store", "ETag": "\"x\""], body: Data([2]))
        }
        defer { server.stop() }
        let client = Self.client()
        for _ in 0..<3 { #expect(try client.get(server.baseURL + "/fresh").body == Data([1])) }
        for _ in 0..<2 { #expect(try client.get(server.baseURL + "/nostore").body == Data([2])) }
        #expect(server.requests.filter { $0.path == "/fresh" }.count == 1)
        let asked = server.requests.filter { $0.path == "/nostore" }
        #expect(asked.count == 2 && asked.allSatisfy { $0.headers["if-none-match"] == nil })
    }

    @Test("a closed port fails at once: one attempt, no backoff, reported with the URL (retries are for busy servers)")
    func refused() throws {
        let server = try LoopbackHTTPServer { _, _ in .init(status: 200) }
        let url = server.baseURL + "/gone"
        server.stop()
        let sleeps = Sleeps()
        do {
            _ = try Self.client(HTTPClientPolicy(maximumAttempts: 3, timeout: 60), sleeps: sleeps).get(url)
            Issue.record("a closed port answered")
        } catch {
            #expect(error.description.contains(url) && error.attempts == 1, "\(error)")
            #expect(sleeps.values.isEmpty)
        }
    }

    @Test("concurrent requests all complete under a concurrency limit of 2")
    func concurrency() async throws {
        let server = try LoopbackHTTPServer { request, _ in .init(status: 200, body: Data(request.path.utf8)) }
        defer { server.stop() }
        let client = Self.client(HTTPClientPolicy(timeout: 60, maximumConcurrentRequests: 2))
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<6 { group.addTask { String(decoding: try await client.get(server.baseURL + "/\(i)").body, as: UTF8.self) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(bodies) == Set((0..<6).map { "/\($0)" }))
    }

    @Test("a blocking get completes while every thread of the global dispatch pool is busy (its callbacks have a queue of their own)")
    func starvedGlobalPool() throws {
        let server = try LoopbackHTTPServer { request, _ in .init(status: 200, body: Data(request.path.utf8)) }
        defer { server.stop() }
        let client = Self.client(HTTPClientPolicy(maximumAttempts: 1, timeout: 60))
        // the pool's threads all blocked (on Linux it then grows by about a thread a second): URLSession's
        // callbacks on the pool used to wait behind them until the request timed out
        let hold = DispatchSemaphore(value: 0)
        for _ in 0..<64 { DispatchQueue.global().async { hold.wait() } }
        defer { for _ in 0..<64 { hold.signal() } }
        for i in 0..<3 {
            #expect(try client.get(server.baseURL + "/\(i)").body == Data("/\(i)".utf8))
        }
    }

    @Test("Cache-Control directives")
    func cacheControlParsing() {
        let c = HTTPHeaderValues.CacheControl("Public, MAX-AGE=60, no-cache")
        #expect(c.maxAge == 60 && c.noCache && !c.noStore)
        #expect(HTTPHeaderValues.CacheControl("no-store").noStore)
        #expect(HTTPHeaderValues.CacheControl(nil).maxAge == nil)
    }
}
