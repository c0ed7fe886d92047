import Geo

/// A fill ring as a band's interior pass projected it on the globe, kept for the layer's outline pass: the outline
/// runs over the same points (split on the same fill grid), so the outline reads their screen positions instead of
/// looking up its own split of the ring and projecting it again.
struct GlobeRingProjection {
    /// Which ring: feature, polygon, world copy and ring, in the order both passes visit them.
    struct Key: Comparable {
        var feature: Int, polygon: Int, copy: Int, ring: Int

        static func < (a: Key, b: Key) -> Bool {
            (a.feature, a.polygon, a.copy, a.ring) < (b.feature, b.polygon, b.copy, b.ring)
        }
    }

    var key: Key
    /// Wholly behind the horizon: no outline.
    var hidden: Bool
    /// The ring's points on the fill grid (world copy added), their unsnapped screen positions and horizon sides
    /// (slices of the records' storage: index them from their `startIndex`).
    var world: ArraySlice<Point>
    var screen: ArraySlice<Point>
    var side: ArraySlice<Double>
    /// How many times the outline repeats the first point after the last: once to close the ring, twice when the
    /// ring as given already ends on its first point (the outline's last edge then has no length).
    var closing: Int
}

/// The rings a band's interior pass projected for one fill layer on the globe, in the order it visited them, and the
/// outline pass's place among them (``take(_:)``). Every ring's points lie one after another in three arrays (no
/// arrays per ring, whose allocation and release cost a band more than the points).
struct GlobeOutlineRecords {
    private struct Entry {
        var key: GlobeRingProjection.Key
        var hidden: Bool
        var points: Range<Int>
        var closing: Int
    }

    private var entries: [Entry] = []
    private var world: [Point] = []
    private var screen: [Point] = []
    private var side: [Double] = []
    /// Where the ring being recorded (``addPoint(world:screen:side:)``) starts.
    private var pending = 0
    private var cursor = 0
    /// Whether the interior pass keeps its rings (a layer with outlines, on the sphere, not translated).
    private(set) var isRecording = false

    /// The bytes its storage holds (``PaintScratch``).
    var byteCount: Int {
        entries.capacity * MemoryLayout<Entry>.stride + (world.capacity + screen.capacity) * MemoryLayout<Point>.stride
            + side.capacity * MemoryLayout<Double>.stride
    }

    /// Forgets the last layer's rings; `recording` says whether this layer's are kept.
    mutating func reset(recording: Bool) {
        entries.removeAll(keepingCapacity: true)
        world.removeAll(keepingCapacity: true)
        screen.removeAll(keepingCapacity: true)
        side.removeAll(keepingCapacity: true)
        pending = 0
        cursor = 0
        isRecording = recording
    }

    /// Adds a point to the ring being recorded (kept by ``commit(_:closing:)``, dropped by ``discard()``).
    @inline(__always)
    mutating func addPoint(world w: Point, screen s: Point, side h: Double) {
        world.append(w)
        screen.append(s)
        side.append(h)
    }

    /// Keeps the points added since the last ring as ring `key`.
    mutating func commit(_ key: GlobeRingProjection.Key, closing: Int) {
        entries.append(Entry(key: key, hidden: false, points: pending..<world.count, closing: closing))
        pending = world.count
    }

    /// Drops the points added since the last ring.
    mutating func discard() {
        world.removeSubrange(pending...)
        screen.removeSubrange(pending...)
        side.removeSubrange(pending...)
    }

    /// Notes ring `key` as wholly behind the horizon (no outline), dropping any points added for it.
    mutating func appendHidden(_ key: GlobeRingProjection.Key) {
        discard()
        entries.append(Entry(key: key, hidden: true, points: pending..<pending, closing: 0))
    }

    /// The ring `key` if the interior pass kept it; the outline pass asks in the interior's order, so rings it
    /// does not ask for are passed over.
    mutating func take(_ key: GlobeRingProjection.Key) -> GlobeRingProjection? {
        while cursor < entries.count, entries[cursor].key < key { cursor += 1 }
        guard cursor < entries.count, entries[cursor].key == key else { return nil }
        let e = entries[cursor]
        cursor += 1
        return GlobeRingProjection(key: e.key, hidden: e.hidden, world: world[e.points], screen: screen[e.points],
                                   side: side[e.points], closing: e.closing)
    }
}
