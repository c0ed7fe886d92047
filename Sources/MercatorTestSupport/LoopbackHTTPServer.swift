public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 (a free port chosen by the kernel) for client tests.
///
/// Each connection on its own thread (a client's idle or slow connection never holds up another's),
/// `Connection: close`; requests are bounded (64 KiB of headers, 1 MiB of
/// body, 30 s of silence). A response may stall (``Response/stall``), declare a longer
/// `Content-Length` than its body (a cut-off transfer), or serve byte ranges (``Response/ranged(_:request:headers:)``). The server runs until `stop()`, however long the tests take to reach it:
/// nothing here depends on how busy the machine is.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]  // lower-cased names
        public var body: Data
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String] = [:]
        public var body: Data = Data()
        /// Send nothing and hold the connection open until the server stops (a client's timeout test).
        public var stalls = false

        public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A response that never comes: the connection stays open, silent, until `stop()`.
        public static var stall: Response {
            var response = Response(status: 200)
            response.stalls = true
            return response
        }

        /// `data` served with byte-range support: a `Range: bytes=a-b` request gets 206 and the slice
        /// (416 past the end), any other request 200 and the whole.
        public static func ranged(_ data: Data, request: Request, headers: [String: String] = [:]) -> Response {
            var headers = headers
            headers["Accept-Ranges"] = "bytes"
            guard let range = request.headers["range"], range.hasPrefix("bytes=") else {
                return Response(status: 200, headers: headers, body: data)
            }
            let bounds = range.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int(bounds[0]), first < data.count else {
                headers["Content-Range"] = "bytes */\(data.count)"
                return Response(status: 416, headers: headers)
            }
            let last = min(Int(bounds[1]) ?? (data.count - 1), data.count - 1)
            guard last >= first else { return Response(status: 416, headers: headers) }
            headers["Content-Range"] = "bytes \(first)-\(last)/\(data.count)"
            return Response(status: 206, headers: headers, body: data.subdata(in: first..<(last + 1)))
        }

        public static func json(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }

    public typealias Handler = @Sendable (Request, _ baseURL: String) -> Response

    public let port: UInt16
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var stopped = false
    private var received: [Request] = []
    private let finished = DispatchSemaphore(value: 0)
    /// The connections being served, shut down by `stop()` so that none waits out its read timeout.
    private var open: Set<Int32> = []
    private let connections = DispatchGroup()

    /// The requests served so far.
    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    public init(handler: @escaping Handler) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            serve()
            close(listener)
            finished.signal()
        }
        thread.start()
    }

    /// Stops accepting, ends the connections being served and waits for their threads to end.
    public func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
        lock.unlock()
        if already { return }
        finished.wait()
        connections.wait()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func serve() {
        while !isStopped {
            var fds = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            lock.lock()
            open.insert(client)
            if stopped { shutdown(client, Int32(SHUT_RDWR)) }
            lock.unlock()
            connections.enter()
            let thread = Thread { [self] in
                serve(client)
                lock.lock()
                open.remove(client)
                lock.unlock()
                close(client)
                connections.leave()
            }
            thread.start()
        }
    }

    /// Reads one request from `client` and answers it.
    private func serve(_ client: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let request = readRequest(client) {
            lock.lock()
            received.append(request)
            lock.unlock()
            let response = handler(request, baseURL)
            if response.stalls {
                while !isStopped { usleep(10_000) }
            } else {
                write(response, to: client)
            }
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            if buffer.count > 64 << 10 { return nil }
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4) where Array(buffer[i..<i + 4]) == separator {
                    headerEnd = i
                    break
                }
            }
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[(end + 4)...])
        let length = min(Int(headers["content-length"] ?? "0") ?? 0, 1 << 20)
        while body.count < length {
            let n = recv(fd, &chunk, chunk.count, 0)
            guard n > 0 else { break }
            body.append(contentsOf: chunk[0..<n])
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Data(body.prefix(length)))
    }

    private func write(_ response: Response, to fd: Int32) {
        var head = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
        var headers = response.headers
        if headers["Content-Length"] == nil { headers["Content-Length"] = String(response.body.count) }
        headers["Connection"] = "close"
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) { head += "\(k): \(v)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        bytes.append(contentsOf: response.body)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            sent += n
        }
    }
}
