import Foundation
import Tiling

/// What a globe view shows of the world (``GlobeView/visibleWorldCorners()``, ``GlobeView/visibleWorldHull()``),
/// worked out the first time it is asked and kept with the view. The values are behind a lock: the bands of a render
/// ask at the same time, and the second waits for the first's answer.
final class VisibleWorldMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var corners: [(x: Double, y: Double)]?
    private var hull: ConvexPolygon??

    /// The corners, made by `make` the first time.
    func corners(_ make: () -> [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        lock.lock()
        defer { lock.unlock() }
        if let corners { return corners }
        let made = make()
        corners = made
        return made
    }

    /// The hull (nil: none), made by `make` the first time.
    func hull(_ make: () -> ConvexPolygon?) -> ConvexPolygon? {
        lock.lock()
        defer { lock.unlock() }
        if let hull { return hull }
        let made = make()
        hull = .some(made)
        return made
    }
}
