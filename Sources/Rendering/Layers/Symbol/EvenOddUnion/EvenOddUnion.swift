/// The even-odd union of one GeoJSON tile feature's rings, as MapLibre Native's `fixupPolygons`
/// makes it (`geometry_tile_data.cpp`: mapbox/wagyu, `clip_type_union`, `fill_type_even_odd`, on
/// `int32` tile coordinates): which polygons a feature's pieces become in a tile, their rings and
/// their order. Native labels and fills a GeoJSON polygon from this output, so a piece's label, its
/// place among the feature's other labels, and whether it exists at all follow wagyu's rules.
///
/// wagyu is a Vatti sweep with snap rounding, run in three passes:
/// 1. the rings become bounds: chains of edges rising from each local minimum (collinear and
///    repeated points dropped), ``addRing(_:)``;
/// 2. a first sweep finds every hot pixel: each vertex and each edge intersection rounded to the
///    integer grid (``buildHotPixels()``);
/// 3. the sweep proper, from the largest y (the tile's bottom) up, builds output rings, inserting
///    every hot pixel an edge passes through (``sweep()``); then the topology is corrected (spikes,
///    collinear edges, self-intersections, rings chained at a point, each ring under its smallest
///    container: ``correctTopology()``) and the polygons are read out (``result()``).
///
/// Storage is flat: points, rings, bounds and hot pixels live in arrays addressed by index (`-1`
/// for none), as wagyu's pointers address its deques. Only the union with the even-odd rule on one
/// set of rings is modelled (every bound contributes; winding counts play no part).
struct EvenOddUnion {
    /// A point of an output ring, in a circular doubly linked list.
    struct Point {
        var x: Int
        var y: Int
        var next: Int
        var prev: Int
        /// The ring holding the point (-1 once removed).
        var ring: Int
    }

    /// An output ring (wagyu's `ring`): its first point, its place in the ring tree, and its
    /// statistics computed lazily (NaN area: not computed).
    struct Ring {
        var size = 0
        var area = Double.nan
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        var parent = -1
        var children: [Int] = []
        var points = -1
        var bottomPoint = -1
        var isHole = false
        var corrected = false
    }

    /// An edge from its bottom (larger y) to its top; `dx` is the inverse slope, infinite when flat.
    struct Edge {
        var botX, botY, topX, topY: Int
        var dx: Double

        init(_ ax: Int, _ ay: Int, _ bx: Int, _ by: Int) {
            let downward = ay >= by
            botX = downward ? ax : bx
            botY = downward ? ay : by
            topX = downward ? bx : ax
            topY = downward ? by : ay
            let dy = Double(topY - botY)
            dx = dy == 0 ? .infinity : Double(topX - botX) / dy
        }

        var isHorizontal: Bool { dx.isInfinite }

        /// wagyu's `reverse_horizontal`: a flat edge's ends swapped to follow its bound.
        mutating func reverseHorizontal() { (topX, botX) = (botX, topX) }

        /// The x where the edge crosses `y` (its top's x at its top).
        func currentX(_ y: Int) -> Double {
            y == topY ? Double(topX) : Double(botX) + dx * Double(y - botY)
        }
    }

    enum Side { case left, right }

    /// A chain of edges rising from a local minimum to a maximum (wagyu's `bound`).
    struct Bound {
        var edges: [Edge] = []
        var current = 0
        var next = 0
        var lastX = 0, lastY = 0
        var ring = -1
        var maximumBound = -1
        var currentX = 0.0
        var position = 0
        var side = Side.left
    }

    struct LocalMinimum {
        var left: Int
        var right: Int
        var y: Int
        var hasHorizontal: Bool
    }

    var points: [Point] = []
    /// Every point ever made, in creation order (sorted at topology correction).
    var allPoints: [Int] = []
    var rings: [Ring] = []
    /// The ring tree's top level (holes' parents are rings; -1 marks an emptied place).
    var roots: [Int] = []
    var bounds: [Bound] = []
    var minima: [LocalMinimum] = []
    /// Hot pixels, sorted by y descending then x ascending once the first sweep is done.
    var hotX: [Int] = []
    var hotY: [Int] = []
    var currentHot = 0
    /// The active bound list: bound indices left to right (-1 for a bound taken out mid-step).
    var active: [Int] = []
    /// Scanline ys still to visit, ascending (the sweep pops the largest).
    var scanbeam: [Int] = []

    /// wagyu found its input inconsistent (it throws; Native then has no geometry for the feature).
    struct Failure: Error {}

    /// The polygons of `rings` (each a list of tile coordinates, closed or not) under the even-odd
    /// rule, in wagyu's output order: each polygon's outer ring first, then its holes; rings in
    /// wagyu's output direction, closed (first point repeated last). Nil when wagyu would throw.
    static func polygons(_ rings: [[(Int, Int)]]) -> [[[(Int, Int)]]]? {
        var union = EvenOddUnion()
        for ring in rings { union.addRing(ring) }
        if union.minima.isEmpty { return [] }
        do {
            try union.buildHotPixels()
            try union.sweep()
            try union.correctTopology()
        } catch {
            return nil
        }
        return union.result()
    }
}

// MARK: - Rings to bounds (build_edges.hpp, local_minimum_util.hpp)

extension EvenOddUnion {
    @inline(__always)
    static func slopesEqual(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ x3: Int, _ y3: Int) -> Bool {
        (y1 - y2) * (x2 - x3) == (x1 - x2) * (y2 - y3)
    }

    @inline(__always)
    static func slopesEqual(_ a: Edge, _ b: Edge) -> Bool {
        (a.topY - a.botY) * (b.topX - b.botX) == (a.topX - a.botX) * (b.topY - b.botY)
    }

    /// Whether point 2 lies strictly between points 1 and 3 on their line.
    static func between(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ x3: Int, _ y3: Int) -> Bool {
        if (x1 == x3 && y1 == y3) || (x1 == x2 && y1 == y2) || (x3 == x2 && y3 == y2) { return false }
        if x1 != x3 { return (x2 > x1) == (x2 < x3) }
        return (y2 > y1) == (y2 < y3)
    }

    /// The ring's edges with repeated points, collinear points and spikes dropped (wagyu's
    /// `build_edge_list`); nil for a ring left with fewer than three edges.
    static func edges(_ p: [(Int, Int)]) -> [Edge]? {
        let n = p.count
        guard n >= 3 else { return nil }
        @inline(__always) func eq(_ a: (Int, Int), _ b: (Int, Int)) -> Bool { a.0 == b.0 && a.1 == b.1 }
        var edges: [Edge] = []
        edges.reserveCapacity(n)
        var rev = n - 1
        var pt1 = p[rev], pt2 = p[0]
        while eq(pt1, pt2) {
            rev -= 1
            if rev < 0 { return nil }
            pt1 = p[rev]
        }
        var itr = 1
        var pt3 = p[1]
        var itrLast = rev + 1
        var front = (0, 0), back = (0, 0)
        while true {
            if eq(pt3, pt2) {
                // a repeated point: advance to the next without moving the others
                if itr == itrLast { break }
                itr += 1
                if itr == itrLast {
                    if edges.isEmpty { break }
                    pt3 = front
                } else {
                    pt3 = p[itr]
                }
                continue
            }
            if slopesEqual(pt1.0, pt1.1, pt2.0, pt2.1, pt3.0, pt3.1) {
                // a spike or a collinear point: drop point 2 and reconsider the previous edge
                pt2 = pt1
                if !edges.isEmpty { edges.removeLast() }
                if let last = edges.last {
                    if back.0 == last.topX && back.1 == last.topY {
                        pt1 = (last.botX, last.botY)
                    } else {
                        pt1 = (last.topX, last.topY)
                    }
                    back = pt1
                } else {
                    while eq(p[rev], pt2) {
                        rev -= 1
                        if itr == rev || rev < 0 { return nil }
                    }
                    pt1 = p[rev]
                    itrLast = rev + 1
                }
                continue
            }
            if edges.isEmpty { front = pt2 }
            edges.append(Edge(pt2.0, pt2.1, pt3.0, pt3.1))
            back = pt2
            if itr == itrLast { break }
            pt1 = pt2
            pt2 = pt3
            itr += 1
            if itr == itrLast {
                if edges.isEmpty { break }
                pt3 = front
            } else {
                pt3 = p[itr]
            }
        }
        // the first and last edges may still be collinear
        var modified = true
        while modified {
            modified = false
            if edges.count < 3 { return nil }
            var f = edges[0]
            var b = edges[edges.count - 1]
            guard slopesEqual(f, b) else { break }
            if f.botX == b.topX && f.botY == b.topY {
                if f.topX == b.botX && f.topY == b.botY {
                    edges.removeLast()
                    edges.removeFirst()
                } else {
                    f.botX = b.botX
                    f.botY = b.botY
                    edges[0] = f
                    edges.removeLast()
                }
                modified = true
            } else if f.topX == b.botX && f.topY == b.botY {
                f.topX = b.topX
                f.topY = b.topY
                edges[0] = f
                edges.removeLast()
                modified = true
            } else if f.topX == b.topX && f.topY == b.topY && f.botX == b.botX && f.botY == b.botY {
                edges.removeLast()
                edges.removeFirst()
                modified = true
            } else if f.topX == b.topX && f.topY == b.topY {
                if between(f.topX, f.topY, f.botX, f.botY, b.botX, b.botY) {
                    b.topX = f.botX
                    b.topY = f.botY
                    edges[edges.count - 1] = b
                    edges.removeFirst()
                } else {
                    f.topX = b.botX
                    f.topY = b.botY
                    edges[0] = f
                    edges.removeLast()
                }
                modified = true
            } else if f.botX == b.botX && f.botY == b.botY {
                if between(f.botX, f.botY, f.topX, f.topY, b.topX, b.topY) {
                    b.botX = f.topX
                    b.botY = f.topY
                    edges[edges.count - 1] = b
                    edges.removeFirst()
                } else {
                    f.botX = b.topX
                    f.botY = b.topY
                    edges[0] = f
                    edges.removeLast()
                }
                modified = true
            }
        }
        return edges
    }

    /// Adds a ring's bounds and local minima (wagyu's `add_linear_ring`).
    mutating func addRing(_ ring: [(Int, Int)]) {
        guard var edges = Self.edges(ring), !edges.isEmpty else { return }
        Self.startOnLocalMaximum(&edges)
        var head = 0
        var firstMinimum = -1, lastMaximum = -1
        let boundCount = bounds.count, minimumCount = minima.count
        // wagyu throws on a ring it cannot split into bounds: none of the ring is kept
        func dropRing() {
            bounds.removeSubrange(boundCount...)
            minima.removeSubrange(minimumCount...)
        }
        while head < edges.count {
            var toMinimum = Bound()
            toMinimum.edges = Self.boundTowardsMinimum(&edges, &head)
            guard head < edges.count else { return dropRing() }
            var toMaximum = Bound()
            toMaximum.edges = Self.boundTowardsMaximum(&edges, &head)
            Self.fixHorizontals(&toMaximum.edges)
            Self.fixHorizontals(&toMinimum.edges)
            var hasHorizontal = false
            var maxFirst = 0, minFirst = 0
            while maxFirst < toMaximum.edges.count && toMaximum.edges[maxFirst].isHorizontal {
                hasHorizontal = true
                maxFirst += 1
            }
            while minFirst < toMinimum.edges.count && toMinimum.edges[minFirst].isHorizontal {
                hasHorizontal = true
                minFirst += 1
            }
            guard maxFirst < toMaximum.edges.count, minFirst < toMinimum.edges.count else { return dropRing() }
            let minimumIsLeft: Bool
            if hasHorizontal {
                if toMaximum.edges[maxFirst].botX > toMinimum.edges[minFirst].botX {
                    minimumIsLeft = true
                    Self.moveHorizontals(from: &toMinimum.edges, to: &toMaximum.edges)
                } else {
                    minimumIsLeft = false
                    Self.moveHorizontals(from: &toMaximum.edges, to: &toMinimum.edges)
                }
            } else {
                minimumIsLeft = !(toMaximum.edges[maxFirst].dx > toMinimum.edges[minFirst].dx)
            }
            let y = toMinimum.edges[0].botY
            if lastMaximum >= 0 { toMinimum.maximumBound = lastMaximum }
            let minIndex = bounds.count, maxIndex = bounds.count + 1
            toMinimum.side = minimumIsLeft ? .left : .right
            toMaximum.side = minimumIsLeft ? .right : .left
            bounds.append(toMinimum)
            bounds.append(toMaximum)
            minima.append(minimumIsLeft ? LocalMinimum(left: minIndex, right: maxIndex, y: y, hasHorizontal: hasHorizontal)
                                        : LocalMinimum(left: maxIndex, right: minIndex, y: y, hasHorizontal: hasHorizontal))
            if lastMaximum < 0 { firstMinimum = minIndex } else { bounds[lastMaximum].maximumBound = minIndex }
            lastMaximum = maxIndex
        }
        bounds[lastMaximum].maximumBound = firstMinimum
        bounds[firstMinimum].maximumBound = lastMaximum
    }

    /// Rotates the edges to start at a local maximum (wagyu's `start_list_on_local_maximum`).
    static func startOnLocalMaximum(_ edges: inout [Edge]) {
        guard edges.count > 2 else { return }
        var prev = edges.count - 1
        var prevHorizontal = edges[prev].isHorizontal
        var i = 0
        var yDecreasing = false
        while i < edges.count {
            let e = edges[i], p = edges[prev]
            let horizontal = e.isHorizontal
            if !prevHorizontal && !horizontal && e.topX == p.topX && e.topY == p.topY { break }
            if !horizontal && prevHorizontal {
                if yDecreasing && ((e.topX == p.botX && e.topY == p.botY) || (e.topX == p.topX && e.topY == p.topY)) { break }
            } else if !yDecreasing && !prevHorizontal && horizontal
                        && ((p.topX == e.topX && p.topY == e.topY) || (p.topX == e.botX && p.topY == e.botY)) {
                yDecreasing = true
            }
            prevHorizontal = horizontal
            prev = i
            i += 1
        }
        if i > 0 && i < edges.count { edges = Array(edges[i...] + edges[..<i]) }
    }

    /// The edges from `head` down to the next local minimum, reversed to rise from it.
    static func boundTowardsMinimum(_ edges: inout [Edge], _ head: inout Int) -> [Edge] {
        if edges.count - head == 1 {
            if edges[head].isHorizontal { edges[head].reverseHorizontal() }
            head += 1
            return [edges[head - 1]]
        }
        var e = head
        var next = head + 1
        var horizontal = edges[e].isHorizontal
        if horizontal { edges[e].reverseHorizontal() }
        var yIncreasing = false
        while next < edges.count {
            let nextHorizontal = edges[next].isHorizontal
            let a = edges[e], b = edges[next]
            if !nextHorizontal && !horizontal && a.botX == b.botX && a.botY == b.botY { break }
            if !nextHorizontal && horizontal {
                if yIncreasing && ((b.botX == a.botX && b.botY == a.botY) || (b.botX == a.topX && b.botY == a.topY)) { break }
            } else if !yIncreasing && !horizontal && nextHorizontal
                        && ((a.botX == b.topX && a.botY == b.topY) || (a.botX == b.botX && a.botY == b.botY)) {
                yIncreasing = true
            }
            horizontal = nextHorizontal
            e = next
            if horizontal { edges[e].reverseHorizontal() }
            next += 1
        }
        let bound = Array(edges[head..<next].reversed())
        head = next
        return bound
    }

    /// The edges from `head` up to the next local maximum.
    static func boundTowardsMaximum(_ edges: inout [Edge], _ head: inout Int) -> [Edge] {
        if edges.count - head == 1 {
            head += 1
            return [edges[head - 1]]
        }
        var e = head
        var next = head + 1
        var horizontal = edges[e].isHorizontal
        var yDecreasing = false
        while next < edges.count {
            let nextHorizontal = edges[next].isHorizontal
            let a = edges[e], b = edges[next]
            if !nextHorizontal && !horizontal && a.topX == b.topX && a.topY == b.topY { break }
            if !nextHorizontal && horizontal {
                if yDecreasing && ((b.topX == a.botX && b.topY == a.botY) || (b.topX == a.topX && b.topY == a.topY)) { break }
            } else if !yDecreasing && !horizontal && nextHorizontal
                        && ((a.topX == b.topX && a.topY == b.topY) || (a.topX == b.botX && a.topY == b.botY)) {
                yDecreasing = true
            }
            horizontal = nextHorizontal
            e = next
            next += 1
        }
        let bound = Array(edges[head..<next])
        head = next
        return bound
    }

    /// Flat edges turned to follow their bound (wagyu's `fix_horizontals`).
    static func fixHorizontals(_ edges: inout [Edge]) {
        guard edges.count > 1 else { return }
        if edges[0].isHorizontal && !(edges[1].botX == edges[0].topX && edges[1].botY == edges[0].topY) {
            edges[0].reverseHorizontal()
        }
        for i in 1..<edges.count where edges[i].isHorizontal {
            if !(edges[i - 1].topX == edges[i].botX && edges[i - 1].topY == edges[i].botY) { edges[i].reverseHorizontal() }
        }
    }

    /// The flat edges at a minimum moved from the left bound to the right one
    /// (wagyu's `move_horizontals_on_left_to_right`).
    static func moveHorizontals(from left: inout [Edge], to right: inout [Edge]) {
        var i = 0
        while i < left.count && left[i].isHorizontal {
            left[i].reverseHorizontal()
            i += 1
        }
        guard i > 0 else { return }
        let moved = Array(left[..<i].reversed())
        left.removeFirst(i)
        right = moved + right
    }
}

// MARK: - Numbers (util.hpp, almost_equal.hpp)

extension EvenOddUnion {
    /// Googletest's `AlmostEquals`: at most 4 units in the last place apart (never for NaN).
    static func almostEqual(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return false }
        func biased(_ v: Double) -> UInt64 {
            let bits = v.bitPattern
            let sign: UInt64 = 1 << 63
            return bits & sign != 0 ? ~bits &+ 1 : bits | sign
        }
        let x = biased(a), y = biased(b)
        return (x >= y ? x - y : y - x) <= 4
    }

    static func isZero(_ v: Double) -> Bool { almostEqual(v, 0) }
    static func greaterThan(_ a: Double, _ b: Double) -> Bool { !almostEqual(a, b) && a > b }
    static func lessThan(_ a: Double, _ b: Double) -> Bool { !almostEqual(a, b) && a < b }
    static func greaterOrEqual(_ a: Double, _ b: Double) -> Bool { a > b || almostEqual(a, b) }

    /// `llround`: halves away from zero.
    @inline(__always)
    static func wround(_ v: Double) -> Int { Int(v.rounded(.toNearestOrAwayFromZero)) }

    /// A value rounded to the nearest integer, halves down.
    static func roundTowardsMin(_ v: Double) -> Int {
        let half = v.rounded(.down) + 0.5
        return almostEqual(v, half) ? Int(v.rounded(.down)) : wround(v)
    }

    /// A value rounded to the nearest integer, halves up.
    static func roundTowardsMax(_ v: Double) -> Int {
        let half = v.rounded(.down) + 0.5
        return almostEqual(v, half) ? Int(v.rounded(.up)) : wround(v)
    }
}
