import Foundation
import Geo

/// A feature's lines or rings split on GL JS's globe grid and put on the unit sphere, kept between frames
/// and shared by the bands of a render: what ``PaintContext/globeVisibleWorldRuns(_:copy:closed:globe:margin:granularity:screenPoints:cache:)``
/// and ``PaintContext/projectGlobeRings(_:copy:shift:globe:granularity:cache:)`` would otherwise work out again for
/// every band of every frame (a grid split and a `sin`/`cos` per point). Only the camera's projection of the
/// points is left to each frame.
///
/// The points depend on the grid (cells across the world, from the data's tile zoom), the tile quantization
/// and the view's sines, never on the camera's position: a frame with other values drops what was kept. Only
/// the feature's own points are kept (world copy 0, no translate); the painters work out the others as before.
final class GlobeSplitCache: @unchecked Sendable {
    /// What the points were made with.
    struct Grid: Equatable {
        var cells: Double
        var units: Double?
        var sine: GlobeSine
        /// The x of the tile the data comes from, when it has one (a fill ring wider than the world keeps the
        /// world's width around it).
        var tileMiddle: Double?
    }

    /// Which points: a line of a line feature, a fill ring's outline, or a fill ring's interior outline.
    enum Kind: Int, CaseIterable { case line, outline, interior }

    /// One line's or ring's points, in order, with their sphere points (`sphere[k]` is `world[k]`'s): a class, so
    /// that handing a kept part to a band retains one object, not its arrays.
    final class Part: Sendable {
        let world: [Point]
        let sphere: [Vector3]
        /// What a frame tests to skip the part without reading its points.
        let bounds: Bounds
        /// For an interior ring: twice its signed area in the y-down world plane (positive turns clockwise on
        /// screen) and the x range of its points before the world-width clip.
        let area: Double, lowX: Double, highX: Double

        /// Caps of the part's runs of ``chunkPoints`` segments: `chunkCaps[c]` holds points `c · chunkPoints` to
        /// `(c + 1) · chunkPoints` (the last run to the last point) and what lies between them, as ``cap`` holds
        /// the whole part. A band skips the points inside a run whose cap cannot reach it (``chunkEnd(at:skips:)``).
        let chunkCaps: [SphereCap]

        /// Segments a side of the runs ``chunkCaps`` bound.
        static let chunkPoints = 16

        /// A cap holding the sphere points and what lies between neighbours: a frame tests it to skip a part
        /// behind the horizon or off the screen.
        var cap: SphereCap { bounds.cap }

        /// When point `k` starts a run of ``chunkCaps`` whose cap `skips` (nothing of it can reach a band), the
        /// run's last point: the points between (at least one) can be left out. Nil otherwise.
        @inline(__always)
        func chunkEnd(at k: Int, skips: (SphereCap) -> Bool) -> Int? {
            let size = Part.chunkPoints
            guard k % size == 0 else { return nil }
            let c = k / size
            guard c < chunkCaps.count else { return nil }
            let end = min(k + size, world.count - 1)
            guard end - k >= 2, skips(chunkCaps[c]) else { return nil }
            return end
        }

        init(world: [Point], sphere: [Vector3], bounds: Bounds, chunkCaps: [SphereCap], area: Double, lowX: Double, highX: Double) {
            self.world = world
            self.sphere = sphere
            self.bounds = bounds
            self.chunkCaps = chunkCaps
            self.area = area
            self.lowX = lowX
            self.highX = highX
        }
    }

    /// A part's cap (``Part/cap``) and the box of its world points: kept beside the parts, so that a frame skips a
    /// part behind the horizon or off its band without reading the part itself.
    struct Bounds: Sendable {
        var cap: SphereCap
        var world: WorldBounds
    }

    /// A part of `world` points (a line; with `closed`, a ring joined from its last point to its first) and their
    /// `sphere` points.
    static func part(world: [Point], sphere: [Vector3], closed: Bool, area: Double = 0, lowX: Double = 0, highX: Double = 0) -> Part {
        // what lies between two neighbours (a world segment, a crossing of the horizon on it) is on the sphere
        // within twice their angle of them while that is small (a degree or so: the grid's cells); a part with
        // a longer step gets the whole sphere, never skipped
        var lowest = 1.0
        for k in sphere.indices.dropLast() { lowest = min(lowest, sphere[k].dot(sphere[k + 1])) }
        if closed, let first = sphere.first, let last = sphere.last { lowest = min(lowest, first.dot(last)) }
        let step = acos(max(-1, min(1, lowest)))
        let cap = step < 0.1 ? SphereCap(bounding: sphere, margin: 2 * step + 1e-6) : .sphere
        return Part(world: world, sphere: sphere, bounds: Bounds(cap: cap, world: WorldBounds.enclosing([world])),
                    chunkCaps: chunkCaps(sphere), area: area, lowX: lowX, highX: highX)
    }

    /// ``Part/chunkCaps`` of `sphere` points: each run's cap widened as the part's is (the whole sphere, never
    /// skipped, for a run with a step of 0.1 radians or more).
    static func chunkCaps(_ sphere: [Vector3]) -> [SphereCap] {
        let size = Part.chunkPoints
        guard sphere.count > size else { return [] }
        var caps: [SphereCap] = []
        caps.reserveCapacity(sphere.count / size + 1)
        var start = 0
        while start < sphere.count - 1 {
            let end = min(start + size, sphere.count - 1)
            var lowest = 1.0
            for k in start..<end { lowest = min(lowest, sphere[k].dot(sphere[k + 1])) }
            let step = acos(max(-1, min(1, lowest)))
            caps.append(step < 0.1 ? SphereCap(bounding: sphere[start...end], margin: 2 * step + 1e-6) : .sphere)
            start = end
        }
        return caps
    }

    /// Where each polygon's rings start among the slots (a line feature: one polygon of one ring per line).
    private let firstSlot: [Int]
    private let lock = NSLock()
    private var grid: Grid?
    /// Per kind (``Kind/rawValue``), per slot: the part kept, and its bounds.
    private var parts: [[Part?]] = []
    private var partBounds: [[Bounds?]] = []
    private var bounds: (rectangle: WorldBounds, cap: SphereCap)?

    /// A cache for a feature of `ringsPerPolygon[i]` rings in polygon `i` (a line feature: `1` per line).
    init(ringsPerPolygon: [Int] = []) {
        var first: [Int] = []
        first.reserveCapacity(ringsPerPolygon.count + 1)
        var total = 0
        for n in ringsPerPolygon {
            first.append(total)
            total += max(0, n)
        }
        first.append(total)
        firstSlot = first
    }

    /// The slot of ring `ring` of polygon `polygon`, or nil when the feature has no such ring.
    private func slot(polygon: Int, ring: Int) -> Int? {
        guard polygon >= 0, polygon + 1 < firstSlot.count, ring >= 0 else { return nil }
        let slot = firstSlot[polygon] + ring
        return slot < firstSlot[polygon + 1] ? slot : nil
    }

    /// A cap holding the sphere points of the feature's bounds (every part's points and what lies between
    /// them), worked out once: a frame skips a feature behind the horizon or off a band without looking up
    /// its parts. (A ring or line wholly in the cap cannot enclose a point outside it either.)
    func cap(of rectangle: WorldBounds) -> SphereCap {
        lock.lock()
        defer { lock.unlock() }
        if let bounds, bounds.rectangle == rectangle { return bounds.cap }
        // (a thousandth of a radian more: sphere points worked out with the GPU's approximate sines)
        let cap = SphereCap(worldBounds: rectangle, margin: 1e-3)
        bounds = (rectangle, cap)
        return cap
    }

    /// The bounds of part `(kind, polygon, ring)` when it is kept for `grid` (nil otherwise: ``part(_:polygon:ring:grid:make:)``
    /// makes it).
    func bounds(_ kind: Kind, polygon: Int, ring: Int = 0, grid: Grid) -> Bounds? {
        guard let slot = slot(polygon: polygon, ring: ring) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard self.grid == grid else { return nil }
        return partBounds[kind.rawValue][slot]
    }

    /// The part `(kind, polygon, ring)` for `grid`, made by `make` (outside the lock) when not kept (and not kept
    /// when the feature has no such ring).
    func part(_ kind: Kind, polygon: Int, ring: Int = 0, grid: Grid, make: () -> Part) -> Part {
        guard let slot = slot(polygon: polygon, ring: ring) else { return make() }
        let k = kind.rawValue
        lock.lock()
        if self.grid == grid, let kept = parts[k][slot] {
            lock.unlock()
            return kept
        }
        lock.unlock()
        let made = make()
        lock.lock()
        if self.grid != grid {
            self.grid = grid
            let slots = firstSlot.last ?? 0
            parts = Array(repeating: Array(repeating: nil, count: slots), count: Kind.allCases.count)
            partBounds = Array(repeating: Array(repeating: nil, count: slots), count: Kind.allCases.count)
        }
        parts[k][slot] = made
        partBounds[k][slot] = made.bounds
        lock.unlock()
        return made
    }
}
