import Dispatch
import Foundation
import Hummingbird

/// A bounded pool for CPU-heavy work (rendering): at most `capacity` jobs run at once on their
/// own threads, at most `queueLimit` wait; a job beyond that is refused with 503 and `Retry-After`.
public final class RenderPool: @unchecked Sendable {
    /// Jobs run at once.
    public let capacity: Int
    /// Jobs that may wait for a free slot.
    public let queueLimit: Int
    private let lock = NSLock()
    private var running = 0
    private var nextWaiter: UInt64 = 0
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []

    public init(capacity: Int, queueLimit: Int) {
        self.capacity = max(1, capacity)
        self.queueLimit = max(0, queueLimit)
    }

    /// Jobs running and jobs waiting now.
    public var load: (running: Int, waiting: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (running, waiters.count)
    }

    /// Takes a slot, waiting in the queue when all are busy.
    /// - Throws: ``ServerError`` 503 when the queue is full; `CancellationError` when the task is
    ///   cancelled (its time limit passed) while waiting.
    public func acquire() async throws {
        let id: UInt64? = try lock.withLock { () throws -> UInt64? in
            if running < capacity {
                running += 1
                return nil
            }
            guard waiters.count < queueLimit else {
                throw ServerError(.serviceUnavailable, "the server is busy: \(running) renders running and \(waiters.count) waiting; retry later",
                                  headers: [.retryAfter: "1"])
            }
            nextWaiter += 1
            return nextWaiter
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        waiters.append((id, continuation))
                    }
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Void, any Error>? = lock.withLock {
                guard let i = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: i).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a slot back: the first waiter takes it.
    public func release() {
        let next: CheckedContinuation<Void, any Error>? = lock.withLock {
            if waiters.isEmpty {
                running -= 1
                return nil
            }
            return waiters.removeFirst().continuation
        }
        next?.resume()
    }

    /// Runs `work` on a pool thread once a slot is free.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

/// Runs `body` with a time limit: past `seconds` the caller gets a 503 at once (work already
/// running on a pool thread finishes in the background and is dropped).
func withTimeLimit<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let once = ResumeOnce<T>()
    return try await withCheckedThrowingContinuation { continuation in
        once.set(continuation)
        let work = Task {
            do {
                once.resume(.success(try await body()))
            } catch {
                once.resume(.failure(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
            if Task.isCancelled { return }
            if once.resume(.failure(ServerError(.serviceUnavailable, "the request took longer than its limit of \(seconds) s; retry later",
                                                headers: [.retryAfter: "2"]))) {
                work.cancel()
            }
        }
        once.onFinish { timer.cancel() }
    }
}

/// A continuation resumed by whichever of two tasks finishes first.
private final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var pending: Result<T, any Error>?
    private var done = false
    private var finish: (@Sendable () -> Void)?

    func set(_ c: CheckedContinuation<T, any Error>) {
        lock.withLock { continuation = c }
    }

    func onFinish(_ f: @escaping @Sendable () -> Void) {
        let already = lock.withLock { () -> Bool in
            if done { return true }
            finish = f
            return false
        }
        if already { f() }
    }

    /// Resumes with `result` unless already resumed; true when this call resumed.
    @discardableResult
    func resume(_ result: Result<T, any Error>) -> Bool {
        let (c, f): (CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) = lock.withLock {
            if done { return (nil, nil) }
            done = true
            defer { continuation = nil; finish = nil }
            return (continuation, finish)
        }
        guard let c else { return false }
        c.resume(with: result)
        f?()
        return true
    }
}
