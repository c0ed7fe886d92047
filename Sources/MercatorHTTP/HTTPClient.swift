import Foundation
import MercatorCompression
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GET requests through one URLSession (connections reused) with the rules tile loading needs:
/// a concurrency limit, a timeout per attempt, retries with exponential backoff on 5xx, 429 and
/// connection errors (honouring `Retry-After`), gzip bodies inflated, and a response cache obeying
/// `Cache-Control` and revalidating with `ETag`/`If-None-Match`.
///
/// The blocking ``get(_:headers:limit:)`` is for synchronous callers (tile stores); the async one
/// runs it off the caller's task.
public final class HTTPClient: @unchecked Sendable {
    /// The client the tile stores share.
    public static let shared = HTTPClient()

    public let policy: HTTPClientPolicy
    private let session = BoundedDownload.SharedSession()
    private let slots: DispatchSemaphore
    let cache: HTTPResponseCache
    /// Hosts found unreachable a moment ago.
    let unreachable = UnreachableHosts()
    /// Waits between attempts; tests replace it to record the delays instead of sleeping.
    let sleep: @Sendable (TimeInterval) -> Void

    public convenience init(policy: HTTPClientPolicy = HTTPClientPolicy()) {
        self.init(policy: policy, sleep: { Thread.sleep(forTimeInterval: $0) })
    }

    init(policy: HTTPClientPolicy, sleep: @escaping @Sendable (TimeInterval) -> Void) {
        self.policy = policy
        self.sleep = sleep
        slots = DispatchSemaphore(value: policy.maximumConcurrentRequests)
        cache = HTTPResponseCache(budget: policy.cacheBytes)
    }

    deinit { session.invalidate() }

    /// The answer to `GET url`, whatever its status (after retries, the last answer).
    ///
    /// - Parameters:
    ///   - headers: extra request headers (`Range`, `Authorization`…); a `Range` is part of the cache key.
    ///   - limit: the largest body accepted (inflated).
    /// - Throws: `HTTPError` for transport failures, timeouts, truncated or oversized bodies, and bad gzip.
    public func get(_ url: String, headers: [String: String] = [:], limit: Int = 64 << 20) throws(HTTPError) -> HTTPResult {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPError(url: url, .transport("not an http(s) URL"))
        }
        let key = headers.first(where: { $0.key.lowercased() == "range" }).map { url + "\n" + $0.value } ?? url
        let cached = cache.entry(key)
        if let cached, let fresh = cached.freshUntil, fresh > Date() {
            return HTTPResult(url: url, status: cached.status, headers: cached.headers, body: cached.body, fromCache: true, attempts: 0)
        }
        if let reason = unreachable.reason(address) {
            throw HTTPError(url: url, .unreachable(reason), attempts: 0)
        }
        var request = URLRequest(url: address, timeoutInterval: policy.timeout)
        request.setValue("Mercator", forHTTPHeaderField: "User-Agent")
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let etag = cached?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }

        var attempt = 0
        while true {
            attempt += 1
            let last = attempt >= policy.maximumAttempts
            let answer: HTTPResult
            do throws(HTTPError) {
                answer = try once(request, url: url, limit: limit)
            } catch {
                var failure = error
                failure.attempts = attempt
                switch error.kind {
                case .transport, .truncated:
                    if last { throw failure }
                    sleep(policy.delay(afterAttempt: attempt, retryAfter: nil))
                    continue
                case .unreachable:
                    // no DNS answer or a refused connection: failing now, and for every request to the
                    // host in the next seconds, costs nothing; retries are for busy servers
                    unreachable.mark(address)
                    throw failure
                case .timedOut, .tooLarge, .badEncoding:
                    throw failure  // the time budget is spent, or retrying gives the same answer
                }
            }
            if answer.status >= 500 || answer.status == 429, !last {
                sleep(policy.delay(afterAttempt: attempt, retryAfter: HTTPHeaderValues.retryAfter(answer.headers["retry-after"])))
                continue
            }
            var result = answer
            result.attempts = attempt
            if result.status == 304, let entry = cache.revalidated(key, headers: result.headers) {
                return HTTPResult(url: url, status: entry.status, headers: entry.headers, body: entry.body, fromCache: true, attempts: attempt)
            }
            if result.status == 200 || result.status == 206 {
                cache.store(key, status: result.status, headers: result.headers, body: result.body)
            }
            return result
        }
    }

    /// ``get(_:headers:limit:)`` for async callers: the blocking work (a wait for a concurrency slot, the
    /// transfer, backoff between attempts) runs on a thread of its own, never on the cooperative pool or
    /// the dispatch global pool, where it could hold up the very work it waits for.
    public func get(_ url: String, headers: [String: String] = [:], limit: Int = 64 << 20) async throws(HTTPError) -> HTTPResult {
        let outcome: Result<HTTPResult, HTTPError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(HTTPError) {
                    continuation.resume(returning: .success(try self.get(url, headers: headers, limit: limit)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.start()
        }
        return try outcome.get()
    }

    /// One attempt within a concurrency slot, cut off after the policy's timeout.
    private func once(_ request: URLRequest, url: String, limit: Int) throws(HTTPError) -> HTTPResult {
        slots.wait()
        defer { slots.signal() }
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        let task = session.start(request, limit: limit) { outcome in
            box.set(outcome)
            done.signal()
        }
        if done.wait(timeout: .now() + policy.timeout) == .timedOut {
            task.cancel()
            _ = done.wait(timeout: .now() + 5)
            throw HTTPError(url: url, .timedOut(policy.timeout))
        }
        switch box.value {
        case .completed(let response, let data)?:
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                headers[String(describing: name).lowercased()] = String(describing: value)
            }
            let encoding = headers["content-encoding"]?.lowercased() ?? "identity"
            if response.statusCode != 304, response.statusCode != 204, encoding == "identity",
               let declared = headers["content-length"].flatMap({ Int($0) }), data.count < declared {
                throw HTTPError(url: url, .truncated(received: data.count, declared: declared))
            }
            var body = data
            // URLSession inflates gzip itself; a body still compressed goes through the package's one inflater
            let bytes = ContiguousArray(data)
            if encoding.contains("gzip"), Gzip.isCompressed(bytes) {
                do throws(InflateError) {
                    body = Data(try Gzip.inflate(bytes, limit: limit))
                } catch {
                    throw HTTPError(url: url, .badEncoding("the gzip body does not inflate: \(error)"))
                }
            }
            return HTTPResult(url: url, status: response.statusCode, headers: headers, body: body)
        case .tooLarge?:
            throw HTTPError(url: url, .tooLarge(limit: limit))
        case .failed(let reason)?:
            throw HTTPError(url: url, .transport(reason))
        case .unreachable(let reason)?:
            throw HTTPError(url: url, .unreachable(reason))
        case nil:
            throw HTTPError(url: url, .transport("no outcome"))
        }
    }

    private final class OutcomeBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: BoundedDownload.Outcome?
        func set(_ outcome: BoundedDownload.Outcome) { lock.withLock { stored = outcome } }
        var value: BoundedDownload.Outcome? { lock.withLock { stored } }
    }
}

/// Hosts (scheme, host and port) that could not be resolved or refused a connection, remembered for a
/// few seconds so that the other tiles of a source fail at once instead of each trying again.
final class UnreachableHosts: @unchecked Sendable {
    /// How long a host stays marked.
    static let window: TimeInterval = 10
    private let lock = NSLock()
    private var until: [String: Date] = [:]

    static func key(_ url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? "")"
    }

    func mark(_ url: URL) {
        lock.withLock { until[Self.key(url)] = Date().addingTimeInterval(Self.window) }
    }

    /// Why `url`'s host is not asked, when it was found unreachable within the window.
    func reason(_ url: URL) -> String? {
        let key = Self.key(url)
        return lock.withLock { () -> String? in
            guard let date = until[key] else { return nil }
            if date > Date() { return "\(url.host ?? key) could not be reached a moment ago" }
            until[key] = nil
            return nil
        }
    }
}
