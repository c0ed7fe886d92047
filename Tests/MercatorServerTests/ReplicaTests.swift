import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Logging
import Mercator
import ServiceLifecycle
import Testing
@testable import MercatorServer
import NIOFoundationCompat

/// Stateless replicas: two servers give the same bytes and `ETag` for the same request, and a
/// draining server answers `/health` with 503 while it still serves requests.
@Suite struct ReplicaTests {
    @Test func twoReplicasGiveTheSameBytesAndETag() async throws {
        var answers: [(Data, String)] = []
        for _ in 0..<2 {
            let server = TestServer.server()
            let answer = try await server.application(logger: TestServer.quiet).test(.router) { client in
                let response = try await client.execute(uri: "/styles/cities/2/1/1.png", method: .get)
                #expect(response.status == .ok)
                return (Data(buffer: response.body), response.headers[.eTag] ?? "")
            }
            answers.append(answer)
        }
        #expect(answers[0].0 == answers[1].0)
        #expect(!answers[0].1.isEmpty && answers[0].1 == answers[1].1)
    }

    @Test func healthAnswers503WhileDrainingAndRequestsAreStillServed() async throws {
        let server = TestServer.server { $0.drainSeconds = 3 }
        let port = PortBox()
        let group = server.serviceGroup(logger: TestServer.quiet) { port.set($0) }
        let running = Task { try await group.run() }
        let bound = await port.wait()
        func get(_ path: String) async throws -> (Int, String) {
            let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(bound)\(path)")!)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        #expect(try await get("/health").0 == 200)
        await group.triggerGracefulShutdown()
        var health = (0, "")
        for _ in 0..<200 {  // the flag is set at once; allow the signal to reach the service
            health = try await get("/health")
            if health.0 == 503 { break }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(health.0 == 503)
        #expect(health.1.contains("draining"))
        #expect(try await get("/styles.json").0 == 200)  // still serving during the drain
        try await running.value
        await #expect(throws: (any Error).self) { _ = try await get("/health") }
    }
}
