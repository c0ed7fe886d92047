import Foundation

/// Process-wide generation numbers: each call to ``next()`` returns a number never returned before.
///
/// Caches key what they built by the generation of its inputs (a compiled layer's layout part, a
/// source's loaded data): a new generation means the inputs changed and the old entry is stale.
package enum Generations {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    /// A generation number not handed out before (never 0).
    package static func next() -> UInt64 {
        lock.withLock {
            last &+= 1
            return last
        }
    }
}
