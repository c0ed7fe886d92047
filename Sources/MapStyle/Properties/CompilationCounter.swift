import Foundation

/// Counts property compilations while it is the task-local ``current`` counter, so tests can
/// check that unchanged styles compile nothing and a change compiles only what changed.
package final class CompilationCounter: @unchecked Sendable {
    /// The counter compilations report to, if any (set with `CompilationCounter.$current.withValue`).
    @TaskLocal package static var current: CompilationCounter?

    private let lock = NSLock()
    private var count = 0

    package init() {}

    /// Property expressions parsed while this counter was current.
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
