import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counters of the server's connections: open now, requests received, bytes read, connections
/// closed by each limit. When the last connection closes after some load, the allocator is asked to
/// give freed memory back to the system (``MemoryTrim``).
public final class ConnectionStats: @unchecked Sendable {
    /// Why the server closed a connection.
    public enum CloseReason: String, Sendable, CaseIterable {
        case idle, head, body, send
    }

    private let lock = NSLock()
    private var openCount = 0
    private var requests = 0
    private var bytes = 0
    private var peak = 0
    private var peakOpenCount = 0
    private var closes: [CloseReason: Int] = [:]
    /// Requests received since the allocator was last trimmed.
    private var requestsSinceTrim = 0
    private var trims = 0
    private let trimQueue = DispatchQueue(label: "mercator.server.trim", qos: .utility)

    public init() {}

    /// Connections open now.
    public var open: Int { lock.withLock { openCount } }
    /// Requests received (heads read) since the server started.
    public var requestsReceived: Int { lock.withLock { requests } }
    /// Bytes read from clients since the server started.
    public var bytesReceived: Int { lock.withLock { bytes } }
    /// The most requests one connection has had received and unanswered at once.
    public var peakUnanswered: Int { lock.withLock { peak } }
    /// Connections the server closed for `reason`.
    /// The most connections open at once since the server started.
    public var peakOpen: Int { lock.withLock { peakOpenCount } }
    public func closedBy(_ reason: CloseReason) -> Int { lock.withLock { closes[reason, default: 0] } }
    /// How many times the allocator was trimmed.
    public var trimCount: Int { lock.withLock { trims } }

    func opened() {
        lock.withLock {
            openCount += 1
            peakOpenCount = max(peakOpenCount, openCount)
        }
    }

    func closedConnection() {
        let idleAfterLoad = lock.withLock { () -> Bool in
            openCount -= 1
            return openCount == 0 && requestsSinceTrim > 0
        }
        if idleAfterLoad { scheduleTrim() }
    }

    func requestReceived(unanswered: Int) {
        lock.withLock {
            requests += 1
            requestsSinceTrim += 1
            peak = max(peak, unanswered)
        }
    }

    func bytesRead(_ n: Int) { lock.withLock { bytes += n } }

    func closed(_ reason: CloseReason) { lock.withLock { closes[reason, default: 0] += 1 } }

    /// Trims the heap half a second after the last connection closed, if none opened since.
    private func scheduleTrim() {
        trimQueue.asyncAfter(deadline: .now() + 0.5) { [self] in
            let still = lock.withLock { () -> Bool in
                guard openCount == 0, requestsSinceTrim > 0 else { return false }
                requestsSinceTrim = 0
                trims += 1
                return true
            }
            if still { MemoryTrim.release() }
        }
    }
}

/// Giving freed heap memory back to the system: glibc keeps freed pages of its arenas (a burst of
/// connections leaves hundreds of megabytes resident); `malloc_trim(0)` returns them. A no-op where
/// the allocator returns memory by itself (Apple platforms).
enum MemoryTrim {
    #if canImport(Glibc)
    /// glibc's `malloc_trim`, looked up at run time (`<malloc.h>` is not in the Glibc module; other
    /// C libraries, such as musl, do not have it).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif

    /// Returns the allocator's free pages to the system, where the C library can.
    static func release() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
