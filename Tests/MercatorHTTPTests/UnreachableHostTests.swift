import Foundation
import Testing
@testable import MercatorHTTP

/// A host that refuses connections fails at once: no retries (they are for busy servers), and the
/// host is not asked again for a few seconds. Port 9 (discard) on the loopback address refuses.
@Suite("HTTP client: unreachable hosts")
struct UnreachableHostTests {
    @Test("a refused connection is one attempt, no backoff, and later requests to the host are not tried")
    func refusedIsNotRetried() throws {
        let sleeps = HTTPClientTests.Sleeps()
        let client = HTTPClientTests.client(HTTPClientPolicy(maximumAttempts: 5, initialBackoff: 0.5, timeout: 30), sleeps: sleeps)
        var first: HTTPError?
        do throws(HTTPError) {
            _ = try client.get("http://127.0.0.1:9/1/0/0.png")
        } catch {
            first = error
        }
        let error = try #require(first)
        guard case .unreachable = error.kind else { Issue.record("expected unreachable, got \(error)"); return }
        #expect(error.attempts == 1)
        #expect(sleeps.values.isEmpty)
        #expect(error.description.contains("not retried"))
        // the next tile of the same host: no attempt at all
        var second: HTTPError?
        do throws(HTTPError) {
            _ = try client.get("http://127.0.0.1:9/1/1/0.png")
        } catch {
            second = error
        }
        #expect(second?.attempts == 0)
        #expect(sleeps.values.isEmpty)
        // another port of the same address is another host
        #expect(client.unreachable.reason(URL(string: "http://127.0.0.1:10/x")!) == nil)
    }
}
