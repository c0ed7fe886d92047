extension PolygonLabelTiles {
    /// One polygon of a feature cut to a tile: its outer ring first, then its holes (world units).
    struct Piece {
        var rings: [[(Double, Double)]]
        /// The polygon's place in the feature.
        var index: Int
        /// The outer ring's area.
        var area: Double
        var minX, minY, maxX, maxY: Double

        init(rings: [[(Double, Double)]], index: Int) {
            self.rings = rings
            self.index = index
            var sum = 0.0
            var b = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            let outer = rings[0]
            var j = outer.count - 1
            for i in outer.indices {
                sum += (outer[j].0 - outer[i].0) * (outer[i].1 + outer[j].1)
                j = i
                b = (min(b.minX, outer[i].0), min(b.minY, outer[i].1), max(b.maxX, outer[i].0), max(b.maxY, outer[i].1))
            }
            area = abs(sum) / 2
            (minX, minY, maxX, maxY) = b
        }
    }

    /// A feature's polygons in one tile, modelled on what MapLibre Native's `fixupPolygons` returns
    /// (wagyu's even-odd union, in its output order) for features without a GeoJSON tile index (a
    /// vector tile's); a GeoJSON source's go through ``EvenOddUnion``, the port of wagyu itself.
    ///
    /// Under the even-odd rule a polygon lying wholly inside another (an island the simplified
    /// coast of its mainland swallows) is a hole of it: it gets no label of its own and the larger
    /// polygon's pole keeps clear of it. (Polygons that only partly overlap are kept apart; wagyu
    /// would merge them.)
    ///
    /// The order: wagyu's sweep runs from the tile's bottom up and opens a top-level ring at each
    /// lobe's lowest point (a local minimum with the polygon above it); when two lobes of a polygon
    /// meet, the lower ring is kept and the other's place is left empty. `correct_tree` then takes
    /// the rings largest first, and each moves to the first empty place. `tileUnits` scales world
    /// units to the tile's integer coordinates (ties in height are decided there).
    static func union(_ pieces: [Piece], tileUnits: Double) -> [Piece] {
        // the swallowed polygons become holes, largest container first
        let bySize = pieces.indices.sorted { pieces[$0].area != pieces[$1].area ? pieces[$0].area > pieces[$1].area : $0 < $1 }
        var kept: [Piece] = []
        kept.reserveCapacity(pieces.count)
        for i in bySize {
            if let k = kept.firstIndex(where: { contains($0, pieces[i]) }) {
                kept[k].rings.append(pieces[i].rings[0])
            } else {
                kept.append(pieces[i])
            }
        }
        guard kept.count > 1 else { return kept }
        // the sweep's top-level rings: every lobe's lowest point, bottom first
        var starts: [(y: Double, flat: Bool, piece: Int, vertex: Int)] = []
        for (k, piece) in kept.enumerated() {
            lobeStarts(piece.rings[0], tileUnits: tileUnits) { y, flat, vertex in starts.append((y, flat, k, vertex)) }
        }
        starts.sort { a, b in
            if a.y != b.y { return a.y > b.y }
            if a.flat != b.flat { return a.flat }
            return (kept[a.piece].index, a.vertex) < (kept[b.piece].index, b.vertex)
        }
        // each polygon in the place of its lowest ring; its other lobes' places left empty
        var slot = [Int](repeating: -1, count: kept.count)
        var occupied = [Bool](repeating: false, count: starts.count)
        for (n, s) in starts.enumerated() where slot[s.piece] < 0 {
            slot[s.piece] = n
            occupied[n] = true
        }
        // correct_tree: largest first (kept is in that order), each into the first empty place
        var extra = starts.count
        for k in kept.indices {
            if slot[k] < 0 {
                // no lobe found (a degenerate ring): appended after the rest
                slot[k] = extra
                extra += 1
                continue
            }
            occupied[slot[k]] = false
            let free = occupied.firstIndex(of: false) ?? slot[k]
            slot[k] = free
            occupied[free] = true
        }
        let order = kept.indices.sorted { slot[$0] < slot[$1] }
        return order.map { kept[$0] }
    }

    /// Calls `body` with each lowest point of a lobe of `ring` (a local minimum of the sweep, y
    /// growing downward, with the polygon's inside above it): its height in tile units, whether it
    /// is a flat run, and its vertex.
    static func lobeStarts(_ ring: [(Double, Double)], tileUnits: Double, _ body: (Double, Bool, Int) -> Void) {
        var n = ring.count
        if n > 1 && ring[0] == ring[n - 1] { n -= 1 }
        guard n >= 3 else { return }
        var ys = [Double](repeating: 0, count: n)
        var xs = [Double](repeating: 0, count: n)
        var area = 0.0
        for i in 0..<n {
            xs[i] = (ring[i].0 * tileUnits).rounded()
            ys[i] = (ring[i].1 * tileUnits).rounded()
        }
        for i in 0..<n {
            let j = (i + 1) % n
            area += xs[i] * ys[j] - xs[j] * ys[i]
        }
        guard area != 0 else { return }
        // start after a vertex whose height differs from the next one's, so runs are not split
        guard let s = (0..<n).first(where: { ys[$0] != ys[($0 + 1) % n] }) else { return }
        var i = (s + 1) % n
        var visited = 0
        while visited < n {
            // the run of equal heights starting at i
            var end = i, length = 1
            while ys[(end + 1) % n] == ys[i] && length < n {
                end = (end + 1) % n
                length += 1
            }
            let before = (i - 1 + n) % n, after = (end + 1) % n
            if ys[before] < ys[i] && ys[after] < ys[i] {
                let inside: Bool
                let dx = xs[end] - xs[i]
                if dx != 0 {
                    // a flat bottom: the inside lies above when the run heads the right way
                    inside = area > 0 ? dx < 0 : dx > 0
                } else {
                    let cross = (xs[i] - xs[before]) * (ys[after] - ys[i]) - (ys[i] - ys[before]) * (xs[after] - xs[i])
                    inside = (cross > 0) == (area > 0)
                }
                if inside { body(ys[i], dx != 0, i) }
            }
            visited += length
            i = after
        }
    }

    /// Whether `inner`'s outer ring lies wholly inside `outer`'s polygon (every vertex inside its outer
    /// ring, and not in one of its holes).
    private static func contains(_ outer: Piece, _ inner: Piece) -> Bool {
        guard inner.minX >= outer.minX, inner.maxX <= outer.maxX, inner.minY >= outer.minY, inner.maxY <= outer.maxY
        else { return false }
        let ring = outer.rings[0]
        for p in inner.rings[0] where !inside(p, ring) { return false }
        // a polygon in one of the other's holes is not covered by it
        if let p = inner.rings[0].first, outer.rings.dropFirst().contains(where: { inside(p, $0) }) { return false }
        return true
    }

    /// Even-odd point in ring.
    private static func inside(_ p: (Double, Double), _ ring: [(Double, Double)]) -> Bool {
        var result = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.1 > p.1) != (b.1 > p.1), p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 { result.toggle() }
            j = i
        }
        return result
    }
}
