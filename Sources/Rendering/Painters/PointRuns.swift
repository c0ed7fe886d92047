/// Runs of points (open polylines) stored one after another in one array, each run's end noted: what the globe's
/// line and outline passes cut a line into (``PaintContext/globeVisibleWorldRuns(_:copy:closed:globe:margin:granularity:screenPoints:cache:skipsChunks:into:)``),
/// without an array per run. A band cuts thousands of lines a frame; one array each was allocated, retained and freed
/// every time. A painter keeps one value per layer, emptied (its storage kept) for each line.
struct PointRuns {
    /// Every run's points, in order.
    private(set) var points: [Point] = []
    /// Where each run ends in ``points``: run `k` starts where run `k - 1` ends (the first at 0).
    private(set) var ends: [Int] = []
    /// The run being cut (its world points and their screen positions), before the cut decides what of it is kept.
    var pendingWorld: [Point] = []
    var pendingScreen: [Point] = []
    /// A ring cut into runs: its point before its first when the first run starts there, and its point after its last
    /// when the last run ends there (the ends the whole ring joins: ``LineTessellator/Options/before``).
    var before: Point?, after: Point?

    init() {}

    /// The bytes its storage holds (``PaintScratch``).
    var byteCount: Int {
        (points.capacity + pendingWorld.capacity + pendingScreen.capacity) * MemoryLayout<Point>.stride + ends.capacity * MemoryLayout<Int>.stride
    }

    /// How many runs there are.
    var count: Int { ends.count }

    var isEmpty: Bool { ends.isEmpty }

    /// The indices in ``points`` of run `k`.
    @inline(__always)
    func range(_ k: Int) -> Range<Int> { (k == 0 ? 0 : ends[k - 1])..<ends[k] }

    /// Run `k`'s points.
    subscript(k: Int) -> ArraySlice<Point> { points[range(k)] }

    /// Forgets every run, keeping the storage.
    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        before = nil
        after = nil
    }

    /// Adds a point to the run being built (ended by ``endRun()``).
    @inline(__always)
    mutating func add(_ p: Point) { points.append(p) }

    /// Ends the run of the points added since the last run ended.
    mutating func endRun() { ends.append(points.count) }

    /// Adds `run` as the last run (an empty one too: callers keep other values per run beside these).
    mutating func append<C: Collection>(_ run: C) where C.Element == Point {
        points.append(contentsOf: run)
        ends.append(points.count)
    }
}
