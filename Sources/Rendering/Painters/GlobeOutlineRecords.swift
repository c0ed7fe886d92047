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
    /// The ring's points on the fill grid (world copy added), their unsnapped screen positions and horizon sides.
    var world: [Point]
    var screen: [Point]
    var side: [Double]
    /// How many times the outline repeats the first point after the last: once to close the ring, twice when the
    /// ring as given already ends on its first point (the outline's last edge then has no length).
    var closing: Int
}

/// The rings a band's interior pass projected for one fill layer on the globe, in the order it visited them, and the
/// outline pass's place among them (``take(_:)``).
struct GlobeOutlineRecords {
    private(set) var records: [GlobeRingProjection] = []
    private var cursor = 0
    /// Whether the interior pass keeps its rings (a layer with outlines, on the sphere, not translated).
    private(set) var isRecording = false

    /// Forgets the last layer's rings; `recording` says whether this layer's are kept.
    mutating func reset(recording: Bool) {
        records.removeAll(keepingCapacity: true)
        cursor = 0
        isRecording = recording
    }

    mutating func append(_ record: GlobeRingProjection) {
        records.append(record)
    }

    /// The ring `key` if the interior pass kept it; the outline pass asks in the interior's order, so rings it
    /// does not ask for are passed over.
    mutating func take(_ key: GlobeRingProjection.Key) -> GlobeRingProjection? {
        while cursor < records.count, records[cursor].key < key { cursor += 1 }
        guard cursor < records.count, records[cursor].key == key else { return nil }
        cursor += 1
        return records[cursor - 1]
    }
}
