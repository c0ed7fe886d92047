import Foundation

/// Counts property compilations, so tests can check that unchanged styles compile nothing.
package final class CompilationCounter: @unchecked Sendable {
    package static let shared = CompilationCounter()
    private let lock = NSLock()
    private var count = 0

    /// Property expressions parsed so far in this process.
    package var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
