import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BoundedDownload {
    /// One long-lived URLSession (connections are reused between requests) whose delegate hands each
    /// task's events to that task's `Collector`.
    final class SharedSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var collectors: [Int: Collector] = [:]
        private var session: URLSession?

        /// Starts `request`; `completion` runs once, on URLSession's queue. The returned task can be cancelled.
        func start(_ request: URLRequest, limit: Int, completion: @escaping @Sendable (Outcome) -> Void) -> URLSessionDataTask {
            let collector = Collector(limit: limit)
            collector.start(completion)
            return lock.withLock {
                if session == nil { session = BoundedDownload.makeSession(self) }
                let task = session!.dataTask(with: request)
                collectors[task.taskIdentifier] = collector
                task.resume()
                return task
            }
        }

        /// Lets running tasks finish, then releases the session (which holds this delegate).
        func invalidate() {
            let current = lock.withLock { () -> URLSession? in
                defer { session = nil }
                return session
            }
            current?.finishTasksAndInvalidate()
        }

        private func collector(_ task: URLSessionTask) -> Collector? {
            lock.withLock { collectors[task.taskIdentifier] }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            guard let c = collector(dataTask) else { return completionHandler(.cancel) }
            c.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
            collector(dataTask)?.urlSession(session, dataTask: dataTask, didReceive: chunk)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
            guard let c = collector(task) else { return completionHandler(nil) }
            c.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request, completionHandler: completionHandler)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let c = lock.withLock { collectors.removeValue(forKey: task.taskIdentifier) }
            c?.urlSession(session, task: task, didCompleteWithError: error)
        }
    }
}
