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

/// The render queue limit, the time limit, and graceful shutdown.
@Suite struct LimitTests {
    @Test func aFullQueueGets503WithRetryAfter() async throws {
        let server = TestServer.server {
            $0.renderThreads = 1
            $0.queueLimit = 0
        }
        try await server.pool.acquire()  // the only slot is busy
        try await server.application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/styles/cities/static/0,0,1/64x64.png", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(response.text.contains("busy"))
            // Routes that do not render still answer.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            server.pool.release()
            #expect(try await client.execute(uri: "/styles/cities/static/0,0,1/64x64.png", method: .get).status == .ok)
        }
    }

    @Test func aRequestPastItsTimeLimitGets503() async throws {
        let server = TestServer.server {
            $0.renderThreads = 1
            $0.queueLimit = 4
            $0.requestTimeout = 0.3
        }
        try await server.pool.acquire()  // held for the whole request: it waits in the queue until its limit
        try await server.application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/styles/cities/static/0,0,1/64x64.png", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] != nil)
            #expect(response.text.contains("limit"))
            #expect(server.pool.load.waiting == 0)  // the waiter left the queue
            server.pool.release()
            #expect(server.pool.load.running == 0)
        }
    }

    @Test func poolRunsAtMostCapacity() async throws {
        let pool = RenderPool(capacity: 2, queueLimit: 100)
        let peak = Peak()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    _ = try await pool.run {
                        peak.enter()
                        usleep(2000)
                        peak.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(peak.maximum <= 2)
        #expect(pool.load.running == 0 && pool.load.waiting == 0)
    }

    @Test func gracefulShutdownStopsTheServer() async throws {
        let server = TestServer.server()
        let port = PortBox()
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = server.application(logger: logger) { port.set($0) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let running = Task { try await group.run() }
        let bound = await port.wait()
        #expect(bound > 0)
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(bound)/health")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("ok"))
        await group.triggerGracefulShutdown()
        try await running.value  // returns: the server stopped
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(bound)/health")!)
        }
    }
}

/// The largest number of callers inside at once.
final class Peak: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private(set) var maximum = 0
    func enter() { lock.withLock { inside += 1; maximum = max(maximum, inside) } }
    func leave() { lock.withLock { inside -= 1 } }
}

/// The port the server bound, once it did.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?
    func set(_ p: Int) { lock.withLock { port = p } }
    func wait() async -> Int {
        while true {
            if let p = lock.withLock({ port }) { return p }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
