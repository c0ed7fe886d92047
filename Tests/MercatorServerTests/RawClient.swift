#if canImport(Glibc)
import Foundation
import Glibc

/// A plain TCP client on 127.0.0.1, for what an HTTP client library will not do: idle sockets,
/// headers trickled byte by byte, pipelined requests never read, any `Host` header.
final class RawClient: @unchecked Sendable {
    let fd: Int32

    /// Connects to 127.0.0.1:`port`; receives time out after `timeout` seconds.
    init(port: Int, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw RawClientError("connect: \(errno)")
        }
        setTimeout(timeout)
    }

    deinit { close(fd) }

    /// Receive and send timeouts.
    func setTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends `text`; false when the connection is closed or the send timed out.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends `bytes`, as many as go before the send timeout; the number sent (-1 when the connection is closed).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool { sendSome(bytes) == bytes.count }

    func sendSome(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return sent == 0 && n < 0 && errno != EAGAIN && errno != EWOULDBLOCK ? -1 : sent }
            sent += n
        }
        return sent
    }

    /// Everything until the server closes the connection (or the receive timeout).
    func readAll() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            data.append(contentsOf: buffer[..<n])
        }
        return data
    }

    /// Whether the server closed the connection: a receive returns end of file or a reset.
    func isClosedByServer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    /// ``requestBlocking(port:_:)`` on a thread of its own: blocking calls on Swift's cooperative
    /// threads (two on a 2-core machine) would starve the server under test.
    static func request(port: Int, _ head: String, timeout: Double = 10) async throws -> (status: Int, headers: [String: String], body: String) {
        try await offPool { try requestBlocking(port: port, head, timeout: timeout) }
    }

    /// One request with `Connection: close`: the status line's code, the headers, the body.
    static func requestBlocking(port: Int, _ head: String, timeout: Double = 10) throws -> (status: Int, headers: [String: String], body: String) {
        let client = try RawClient(port: port, timeout: timeout)
        client.send(head)
        let text = String(decoding: client.readAll(), as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw RawClientError("no response head in \(text.prefix(200))") }
        let lines = text[..<end.lowerBound].split(separator: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            if let colon = line.firstIndex(of: ":") {
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return (status, headers, String(text[end.upperBound...]))
    }
}

struct RawClientError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

#endif

import Foundation
import Logging
import ServiceLifecycle
@testable import MercatorServer

/// Runs `server` on a free loopback port for `body`, then shuts it down.
func withLiveServer<T>(_ server: MercatorServer, logger: Logger = TestServer.quiet, _ body: (Int) async throws -> T) async throws -> T {
    let port = PortBox()
    let app = server.application(logger: logger) { port.set($0) }
    let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
    let running = Task { try await group.run() }
    let bound = await port.wait()
    do {
        let result = try await body(bound)
        await group.triggerGracefulShutdown()
        try await running.value
        return result
    } catch {
        await group.triggerGracefulShutdown()
        try? await running.value
        throw error
    }
}

/// `work` on a new thread, awaited: for blocking socket calls and sleeps.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Waits until `condition` holds, checking every 50 ms for at most `seconds` (a generous bound).
func eventually(within seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 50_000_000)
    }
    return condition()
}
