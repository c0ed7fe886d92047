#if canImport(Glibc)
import Foundation
import Glibc
import Testing
@testable import MercatorServer

/// Connection limits against hostile clients, on a live loopback server: idle floods over the
/// connection cap, headers trickled byte by byte, pipelined requests never read.
@Suite struct ConnectionTests {
    @Test func anIdleFloodOverTheCapStillLetsHealthThrough() async throws {
        let server = TestServer.server {
            $0.maxConnections = 8
            $0.idleTimeout = 3
            $0.headerTimeout = 4
        }
        try await withLiveServer(server) { port in
            // 24 connections that never send a byte: about 8 are accepted, the rest wait in the backlog. One read
            // of the listening socket accepts up to NIO's maxMessagesPerRead (4) connections before the cap is
            // looked at again, so the cap can be passed by at most 3; without it all 24 would be open at once.
            let idle = try (0..<24).map { _ in try RawClient(port: port) }
            #expect(await eventually { server.connections.open >= 4 })
            #expect(server.connections.peakOpen <= 8 + 3, "never more than the cap (and one accept batch) at once")
            // /health waits behind them, and is answered once the idle timeout frees slots: three rounds of
            // 3 s here, longer on a busy machine, so the client waits up to a minute rather than the usual 10 s.
            let health = try await RawClient.request(port: port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                                                     timeout: 60)
            #expect(health.status == 200)
            #expect(server.connections.closedBy(.idle) >= 8)
            #expect(server.connections.peakOpen <= 8 + 3)
            // The idle ones were closed by the server.
            let closed = try await offPool { idle.prefix(4).allSatisfy { $0.isClosedByServer() } }
            #expect(closed)
        }
    }

    @Test func aClientTricklingAHeaderIsClosed() async throws {
        let server = TestServer.server {
            $0.idleTimeout = 30
            $0.headerTimeout = 1
        }
        try await withLiveServer(server) { port in
            let client = try RawClient(port: port, timeout: 1)
            client.send("GET /health HTTP/1.1\r\nHost: localhost\r\n")
            // A header line every 100 ms: bytes keep coming, but the head is never complete.
            let closed = try await offPool { () -> Bool in
                for i in 0..<300 {  // at most 30 s
                    if !client.send("X-Slow-\(i): a\r\n") { return true }
                    usleep(100_000)
                }
                return client.isClosedByServer()
            }
            #expect(closed)
            #expect(server.connections.closedBy(.head) >= 1)
            #expect(server.connections.closedBy(.idle) == 0)
            // A normal request still works.
            #expect(try await RawClient.request(port: port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").status == 200)
        }
    }

    @Test func aSlowBodyIsClosed() async throws {
        let server = TestServer.server {
            $0.bodyTimeout = 1
        }
        try await withLiveServer(server) { port in
            let client = try RawClient(port: port, timeout: 1)
            client.send("POST /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n")
            let closed = try await offPool { () -> Bool in
                for _ in 0..<300 {
                    if !client.send("aaaa") { return true }
                    usleep(100_000)
                }
                return client.isClosedByServer()
            }
            #expect(closed)
            #expect(server.connections.closedBy(.body) >= 1)
        }
    }

    @Test func aPipeliningClientThatNeverReadsIsNotBuffered() async throws {
        let server = TestServer.server {
            $0.maxPipelinedRequests = 4
            $0.sendTimeout = 2
            $0.idleTimeout = 60
            $0.headerTimeout = 60
        }
        try await withLiveServer(server) { port in
            let client = try RawClient(port: port, timeout: 0.5)
            // 2,000 requests for a 914 KB file, about 1 KB each, written as fast as the socket takes them.
            let padding = String(repeating: "p", count: 900)
            let one = Array("GET /assets/maplibre-gl.js HTTP/1.1\r\nHost: localhost\r\nX-Pad: \(padding)\r\n\r\n".utf8)
            let sent = try await offPool { () -> Int in
                var sent = 0
                for _ in 0..<2000 {
                    let n = client.sendSome(one)
                    if n <= 0 { break }
                    sent += n
                    if n < one.count { break }
                }
                return sent
            }
            // The server stops reading: it answered a few, and holds at most the cap plus what one read held.
            try await Task.sleep(nanoseconds: 1_000_000_000)
            let received = server.connections.requestsReceived
            #expect(received < 200, "the server took \(received) of the \(sent / one.count) requests sent")
            #expect(server.connections.bytesReceived < 2000 * one.count)
            // Then the send timeout closes the connection.
            #expect(await eventually { server.connections.closedBy(.send) >= 1 })
            #expect(await eventually { server.connections.open == 0 })
        }
    }

    @Test func aPipelineCapOfOneStillReadsBodies() async throws {
        let server = TestServer.server { $0.maxPipelinedRequests = 1 }
        try await withLiveServer(server) { port in
            let response = try await RawClient.request(port: port, "POST /health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n0123456789"
                                                       + "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
                                                       + "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(response.status == 404)  // POST has no route
            #expect(response.body.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(response.body)")
            #expect(server.connections.closedBy(.body) == 0)
        }
    }

    @Test func memoryIsTrimmedWhenTheLastConnectionCloses() async throws {
        let server = TestServer.server()
        try await withLiveServer(server) { port in
            let health = try await RawClient.request(port: port, "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            #expect(health.status == 200)
            #expect(await eventually { server.connections.open == 0 && server.connections.trimCount >= 1 })
        }
    }
}
#endif
