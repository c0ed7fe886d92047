import Foundation
import ServiceLifecycle

/// Whether a server is draining: a shutdown signal has arrived and `/health` answers 503 so that a
/// load balancer takes the replica out before it stops listening.
public final class DrainState: @unchecked Sendable {
    private let lock = NSLock()
    private var draining = false  // guarded by `lock`

    /// A state that is not draining.
    public init() {}

    /// `true` from the shutdown signal on.
    public var isDraining: Bool { lock.withLock { draining } }

    /// Starts draining (also callable directly, e.g. by an embedding application).
    public func begin() { lock.withLock { draining = true } }
}

/// A service shut down before the HTTP server (services stop in reverse order): on the graceful
/// shutdown signal it marks the server draining and waits `seconds`, while requests are still served.
struct DrainService: Service {
    let state: DrainState
    let seconds: Double

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: the group is stopping anyway
        }
        state.begin()
        if seconds > 0 { try? await Task.sleep(for: .milliseconds(Int(seconds * 1000))) }
    }
}
