public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// One request whose body is collected up to a byte limit (the transfer is cancelled beyond it).
public enum BoundedDownload {
    /// How a download ended.
    public enum Outcome: Sendable {
        case completed(HTTPURLResponse, Data)
        case tooLarge
        case failed(String)
        /// The host could not be resolved or refused the connection: retrying soon is pointless.
        case unreachable(String)
    }

    /// Whether `error` says the host cannot be resolved or reached (DNS failure, connection refused),
    /// as against a busy or broken server.
    static func isUnreachable(_ error: NSError) -> Bool {
        guard error.domain == NSURLErrorDomain else { return false }
        return [NSURLErrorCannotFindHost, NSURLErrorCannotConnectToHost, NSURLErrorDNSLookupFailed,
                NSURLErrorNotConnectedToInternet].contains(error.code)
    }

    /// Runs `request`, collecting at most `limit` body bytes.
    public static func run(_ request: URLRequest, limit: Int) async -> Outcome {
        let collector = Collector(limit: limit)
        let session = makeSession(collector)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            collector.start { continuation.resume(returning: $0) }
            session.dataTask(with: request).resume()
        }
    }

    /// ``run(_:limit:)`` for synchronous callers (tile stores): blocks the calling thread until the
    /// transfer ends. URLSession calls back on its own queue, so this never waits on itself; do not
    /// call it from a Swift concurrency task that must not block.
    public static func runBlocking(_ request: URLRequest, limit: Int) -> Outcome {
        let collector = Collector(limit: limit)
        let session = makeSession(collector)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        let result = OutcomeBox()
        collector.start { outcome in
            result.set(outcome)
            done.signal()
        }
        session.dataTask(with: request).resume()
        done.wait()
        return result.value ?? .failed("no outcome")
    }

    /// An ephemeral session (no cache, cookies or proxies) reporting to `delegate`.
    ///
    /// Its callbacks run on a serial queue of their own: a serial queue gets a thread whenever it has work, so
    /// a completion is delivered even while every thread of the global pool is blocked (on Linux that pool
    /// grows by about one thread a second, and callers blocked in ``runBlocking(_:limit:)`` or
    /// ``HTTPClient/get(_:headers:limit:)`` waiting for this very callback would otherwise wait out their timeout).
    static func makeSession(_ delegate: any URLSessionDataDelegate) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.connectionProxyDictionary = [:]
        let callbacks = OperationQueue()
        callbacks.maxConcurrentOperationCount = 1
        callbacks.underlyingQueue = callbackQueue
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: callbacks)
    }

    /// The serial queue every session's callbacks run on (each callback only hands bytes to its collector). Held
    /// here: an operation queue does not keep its `underlyingQueue` alive.
    private static let callbackQueue = DispatchQueue(label: "mercator.http.callbacks")

    /// The outcome handed from URLSession's queue to the waiting thread.
    private final class OutcomeBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Outcome?
        func set(_ outcome: Outcome) { lock.withLock { stored = outcome } }
        var value: Outcome? { lock.withLock { stored } }
    }

    final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private let limit: Int
        private var data = Data()
        private var response: HTTPURLResponse?
        private var exceeded = false
        private var completion: (@Sendable (Outcome) -> Void)?

        init(limit: Int) { self.limit = limit }

        func start(_ completion: @escaping @Sendable (Outcome) -> Void) {
            lock.lock()
            self.completion = completion
            lock.unlock()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            lock.lock()
            self.response = response as? HTTPURLResponse
            let declared = response.expectedContentLength
            if declared > Int64(limit) { exceeded = true }
            let cancel = exceeded
            lock.unlock()
            completionHandler(cancel ? .cancel : .allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
            lock.lock()
            if !exceeded {
                if data.count + chunk.count > limit {
                    exceeded = true
                    data = Data()
                } else {
                    data.append(chunk)
                }
            }
            let cancel = exceeded
            lock.unlock()
            if cancel { dataTask.cancel() }
        }

        /// Follows redirects, but never carries the bearer token to another host.
        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            var next = request
            if request.url?.host != task.originalRequest?.url?.host || request.url?.port != task.originalRequest?.url?.port {
                next.setValue(nil, forHTTPHeaderField: "Authorization")
            }
            completionHandler(next)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            lock.lock()
            let outcome: Outcome
            if exceeded {
                outcome = .tooLarge
            } else if let error {
                let error = error as NSError
                outcome = BoundedDownload.isUnreachable(error) ? .unreachable(error.localizedDescription) : .failed(error.localizedDescription)
            } else if let response {
                outcome = .completed(response, data)
            } else {
                outcome = .failed("no HTTP response")
            }
            let c = completion
            completion = nil
            lock.unlock()
            c?(outcome)
        }
    }
}
