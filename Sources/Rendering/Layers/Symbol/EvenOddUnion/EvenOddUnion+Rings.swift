/// Output rings as the sweep builds them (ring.hpp, ring_util.hpp): points added at a bound's
/// side of its ring, every hot pixel on the way inserted, rings joined where two meet.
extension EvenOddUnion {
    // MARK: Storage

    mutating func newRing() -> Int {
        rings.append(Ring())
        return rings.count - 1
    }

    /// A new point alone in its list.
    mutating func newPoint(_ r: Int, _ x: Int, _ y: Int) -> Int {
        let p = points.count
        points.append(Point(x: x, y: y, next: p, prev: p, ring: r))
        allPoints.append(p)
        return p
    }

    /// A new point linked in before `before`.
    mutating func newPoint(_ r: Int, _ x: Int, _ y: Int, before: Int) -> Int {
        let p = points.count
        let prev = points[before].prev
        points.append(Point(x: x, y: y, next: before, prev: prev, ring: r))
        points[before].prev = p
        points[prev].next = p
        allPoints.append(p)
        return p
    }

    @inline(__always)
    func same(_ a: Int, _ b: Int) -> Bool { points[a].x == points[b].x && points[a].y == points[b].y }

    /// A ring's area (positive: an outer ring), point count and bounds, from `start` around.
    func stats(from start: Int) -> (area: Double, size: Int, minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var p = start
        var size = 0
        var a = 0.0
        var minX = points[p].x, maxX = points[p].x, minY = points[p].y, maxY = points[p].y
        repeat {
            size += 1
            let pt = points[p]
            if pt.x > maxX { maxX = pt.x } else if pt.x < minX { minX = pt.x }
            if pt.y > maxY { maxY = pt.y } else if pt.y < minY { minY = pt.y }
            let q = points[pt.prev]
            a += Double(q.x + pt.x) * Double(q.y - pt.y)
            p = pt.next
        } while p != start
        return (a * 0.5, size, minX, minY, maxX, maxY)
    }

    mutating func setStats(_ r: Int, _ s: (area: Double, size: Int, minX: Int, minY: Int, maxX: Int, maxY: Int)) {
        rings[r].area = s.area
        rings[r].size = s.size
        rings[r].minX = s.minX
        rings[r].minY = s.minY
        rings[r].maxX = s.maxX
        rings[r].maxY = s.maxY
        rings[r].isHole = !(s.area > 0)
    }

    mutating func recalculateStats(_ r: Int) {
        if rings[r].points >= 0 { setStats(r, stats(from: rings[r].points)) }
    }

    mutating func resetStats(_ r: Int) {
        rings[r].area = .nan
        rings[r].isHole = false
        rings[r].minX = 0
        rings[r].minY = 0
        rings[r].maxX = 0
        rings[r].maxY = 0
        rings[r].size = 0
    }

    mutating func area(_ r: Int) -> Double {
        if rings[r].area.isNaN { recalculateStats(r) }
        return rings[r].area
    }

    mutating func isHole(_ r: Int) -> Bool {
        if rings[r].area.isNaN { recalculateStats(r) }
        return rings[r].isHole
    }

    mutating func size(_ r: Int) -> Int {
        if rings[r].area.isNaN { recalculateStats(r) }
        return rings[r].size
    }

    // MARK: The ring tree

    /// Puts `r` in the first emptied place of a child list, or at its end.
    static func setToChildren(_ r: Int, _ children: inout [Int]) {
        if let i = children.firstIndex(of: -1) { children[i] = r } else { children.append(r) }
    }

    static func removeFromChildren(_ r: Int, _ children: inout [Int]) {
        if let i = children.firstIndex(of: r) { children[i] = -1 }
    }

    mutating func withChildren<R>(of parent: Int, _ body: (inout [Int]) -> R) -> R {
        if parent < 0 { return body(&roots) }
        return body(&rings[parent].children)
    }

    mutating func assignAsChild(_ r: Int, _ parent: Int) throws {
        if (parent < 0 && isHole(r)) || (parent >= 0 && isHole(r) == isHole(parent)) { throw Failure() }
        withChildren(of: parent) { Self.setToChildren(r, &$0) }
        rings[r].parent = parent
    }

    mutating func reassignAsChild(_ r: Int, _ parent: Int) throws {
        if (parent < 0 && isHole(r)) || (parent >= 0 && isHole(r) == isHole(parent)) { throw Failure() }
        withChildren(of: rings[r].parent) { Self.removeFromChildren(r, &$0) }
        withChildren(of: parent) { Self.setToChildren(r, &$0) }
        rings[r].parent = parent
    }

    mutating func assignAsSibling(_ r: Int, _ sibling: Int) throws {
        if isHole(r) != isHole(sibling) { throw Failure() }
        withChildren(of: rings[sibling].parent) { Self.setToChildren(r, &$0) }
        rings[r].parent = rings[sibling].parent
    }

    /// `r1` (or the top level, -1) takes `r2`'s children; `r2` is emptied.
    mutating func ring1ReplacesRing2(_ r1: Int, _ r2: Int) {
        let children = rings[r2].children
        for (i, c) in children.enumerated() where c >= 0 {
            rings[c].parent = r1
            withChildren(of: r1) { Self.setToChildren(c, &$0) }
            rings[r2].children[i] = -1
        }
        withChildren(of: rings[r2].parent) { Self.removeFromChildren(r2, &$0) }
        rings[r2].points = -1
        resetStats(r2)
    }

    /// Detaches every point of the list at `start` (wagyu's point removal).
    mutating func detachPoints(_ start: Int) {
        guard start >= 0 else { return }
        points[points[start].prev].next = -1
        var p = start
        while p >= 0 {
            let next = points[p].next
            points[p].next = -1
            points[p].prev = -1
            points[p].ring = -1
            p = next
        }
    }

    /// Removes a ring and its points (and its children's, when `children`); a child kept loses
    /// its place until the tree is corrected.
    mutating func removeRingAndPoints(_ r: Int, children: Bool = true, fromParent: Bool = true) {
        for (i, c) in rings[r].children.enumerated() where c >= 0 {
            if children { removeRingAndPoints(c, children: true, fromParent: false) }
            rings[r].children[i] = -1
        }
        if fromParent { withChildren(of: rings[r].parent) { Self.removeFromChildren(r, &$0) } }
        detachPoints(rings[r].points)
        rings[r].points = -1
        resetStats(r)
    }

    /// Removes a ring, leaving its points to whichever ring holds them now.
    mutating func removeRing(_ r: Int, children: Bool = true, fromParent: Bool = true) {
        for (i, c) in rings[r].children.enumerated() where c >= 0 {
            if children { removeRing(c, children: true, fromParent: false) }
            rings[r].children[i] = -1
        }
        if fromParent { withChildren(of: rings[r].parent) { Self.removeFromChildren(r, &$0) } }
        rings[r].points = -1
        resetStats(r)
    }

    func depth(_ r: Int) -> Int {
        var d = 0
        var r = r
        guard r >= 0 else { return 0 }
        while rings[r].parent >= 0 {
            d += 1
            r = rings[r].parent
        }
        return d
    }

    mutating func reverseRing(_ start: Int) {
        guard start >= 0 else { return }
        var p = start
        repeat {
            let next = points[p].next
            points[p].next = points[p].prev
            points[p].prev = next
            p = next
        } while p != start
    }

    mutating func updatePointsRing(_ r: Int) {
        let start = rings[r].points
        var p = start
        repeat {
            points[p].ring = r
            p = points[p].prev
        } while p != start
    }

    // MARK: Adding points

    mutating func setLast(_ b: Int, _ x: Int, _ y: Int) {
        bounds[b].lastX = x
        bounds[b].lastY = y
    }

    /// A new ring's place in the tree: inside the ring of the nearest bound to its left that is
    /// not paired with another bound of the same ring (wagyu's `set_hole_state`).
    mutating func setHoleState(_ b: Int) {
        var i = (active.lastIndex(of: b) ?? active.count) - 1
        var holder = -1
        while i >= 0 {
            let other = active[i]
            i -= 1
            guard other >= 0, bounds[other].ring >= 0 else { continue }
            if holder < 0 {
                holder = other
            } else if bounds[holder].ring == bounds[other].ring {
                holder = -1
            }
        }
        let r = bounds[b].ring
        if holder < 0 {
            rings[r].parent = -1
            roots.append(r)
        } else {
            rings[r].parent = bounds[holder].ring
            rings[bounds[holder].ring].children.append(r)
        }
    }

    mutating func addFirstPoint(_ b: Int, _ x: Int, _ y: Int) {
        let r = newRing()
        bounds[b].ring = r
        rings[r].points = newPoint(r, x, y)
        setHoleState(b)
        setLast(b, x, y)
    }

    mutating func addPointToRing(_ b: Int, _ x: Int, _ y: Int) {
        insertHotPixelsInPath(b, x, y, addEndPoint: false)
        let r = bounds[b].ring
        let op = rings[r].points
        let toFront = bounds[b].side == .left
        if toFront && points[op].x == x && points[op].y == y { return }
        let prev = points[op].prev
        if !toFront && points[prev].x == x && points[prev].y == y { return }
        let p = newPoint(r, x, y, before: op)
        if toFront { rings[r].points = p }
    }

    mutating func addPoint(_ b: Int, _ x: Int, _ y: Int) {
        if bounds[b].ring < 0 { addFirstPoint(b, x, y) } else { addPointToRing(b, x, y) }
    }

    mutating func addLocalMinimumPoint(_ b1: Int, _ b2: Int, _ x: Int, _ y: Int) {
        if edge(b2).isHorizontal || edge(b1).dx > edge(b2).dx {
            addPoint(b1, x, y)
            setLast(b2, x, y)
            bounds[b2].ring = bounds[b1].ring
            bounds[b1].side = .left
            bounds[b2].side = .right
        } else {
            addPoint(b2, x, y)
            setLast(b1, x, y)
            bounds[b1].ring = bounds[b2].ring
            bounds[b1].side = .right
            bounds[b2].side = .left
        }
    }

    mutating func addLocalMaximumPoint(_ b1: Int, _ b2: Int, _ x: Int, _ y: Int) {
        insertHotPixelsInPath(b2, x, y, addEndPoint: false)
        addPoint(b1, x, y)
        if bounds[b1].ring == bounds[b2].ring {
            bounds[b1].ring = -1
            bounds[b2].ring = -1
        } else if bounds[b1].ring < bounds[b2].ring {
            appendRing(b1, b2)
        } else {
            appendRing(b2, b1)
        }
    }

    /// The ring's smallest x (`get_edge_min_x`) or largest (`get_edge_max_x`) at row `y` of the
    /// bound's current edge, half a row either side.
    func edgeMinX(_ e: Edge, _ y: Int) -> Int {
        if e.isHorizontal { return min(e.botX, e.topX) }
        if e.dx > 0 {
            if y == e.topY { return e.topX }
            return Self.roundTowardsMin(Double(e.botX) + e.dx * (Double(y - e.botY) - 0.5))
        }
        if y == e.botY { return e.botX }
        return Self.roundTowardsMin(Double(e.botX) + e.dx * (Double(y - e.botY) + 0.5))
    }

    func edgeMaxX(_ e: Edge, _ y: Int) -> Int {
        if e.isHorizontal { return max(e.botX, e.topX) }
        if e.dx < 0 {
            if y == e.topY { return e.topX }
            return Self.roundTowardsMax(Double(e.botX) + e.dx * (Double(y - e.botY) - 0.5))
        }
        if y == e.botY { return e.botX }
        return Self.roundTowardsMax(Double(e.botX) + e.dx * (Double(y - e.botY) + 0.5))
    }

    /// Adds hot pixel `k` to the bound's ring unless it repeats the point at that side.
    mutating func addHotPixelPoint(_ b: Int, _ k: Int) {
        let r = bounds[b].ring
        let op = rings[r].points
        let toFront = bounds[b].side == .left
        if toFront && points[op].x == hotX[k] && points[op].y == hotY[k] { return }
        let prev = points[op].prev
        if !toFront && points[prev].x == hotX[k] && points[prev].y == hotY[k] { return }
        let p = newPoint(r, hotX[k], hotY[k], before: op)
        if toFront { rings[r].points = p }
    }

    /// Every hot pixel the bound's edge passes through between its last point and the end point
    /// becomes a point of its ring (wagyu's `insert_hot_pixels_in_path`): snap rounding.
    mutating func insertHotPixelsInPath(_ b: Int, _ endX: Int, _ endY: Int, addEndPoint: Bool) {
        let startX = bounds[b].lastX, startY = bounds[b].lastY
        if endX == startX && endY == startY { return }
        var itr = min(currentHot, hotY.count - 1)
        while itr > 0 && hotY[itr] <= startY { itr -= 1 }
        let e = edge(b)
        while itr < hotY.count {
            if hotY[itr] > startY {
                itr += 1
                continue
            }
            if hotY[itr] < endY { break }
            let y = hotY[itr]
            let rowStart = itr
            while itr < hotY.count && hotY[itr] == y { itr += 1 }
            let addEnd = y != endY || addEndPoint
            if startX > endX {
                let xMin = max(edgeMinX(e, y), endX), xMax = min(edgeMaxX(e, y), startX)
                var k = itr - 1
                while k >= rowStart {
                    defer { k -= 1 }
                    if hotX[k] > xMax { continue }
                    if hotX[k] < xMin { break }
                    if !addEnd && hotX[k] == endX { continue }
                    addHotPixelPoint(b, k)
                }
            } else {
                let xMin = max(edgeMinX(e, y), startX), xMax = min(edgeMaxX(e, y), endX)
                for k in rowStart..<itr {
                    if hotX[k] < xMin { continue }
                    if hotX[k] > xMax { break }
                    if !addEnd && hotX[k] == endX { continue }
                    addHotPixelPoint(b, k)
                }
            }
        }
        setLast(b, endX, endY)
    }

    // MARK: Joining rings

    func ring1ChildBelowRing2(_ r1: Int, _ r2: Int) -> Bool {
        var r = r1
        repeat {
            r = rings[r].parent
            if r == r2 { return true }
        } while r >= 0
        return false
    }

    static func dxBetween(_ a: Point, _ b: Point) -> Double {
        a.y == b.y ? .infinity : Double(b.x - a.x) / Double(b.y - a.y)
    }

    func firstIsBottomPoint(_ p1: Int, _ p2: Int) -> Bool {
        func steepness(_ start: Int) -> (Double, Double) {
            var p = points[start].prev
            while same(p, start) && p != start { p = points[p].prev }
            let prev = abs(Self.dxBetween(points[start], points[p]))
            p = points[start].next
            while same(p, start) && p != start { p = points[p].next }
            return (prev, abs(Self.dxBetween(points[start], points[p])))
        }
        let (dx1p, dx1n) = steepness(p1), (dx2p, dx2n) = steepness(p2)
        if Self.almostEqual(max(dx1p, dx1n), max(dx2p, dx2n)) && Self.almostEqual(min(dx1p, dx1n), min(dx2p, dx2n)) {
            return stats(from: p1).area > 0
        }
        return (Self.greaterOrEqual(dx1p, dx2p) && Self.greaterOrEqual(dx1p, dx2n))
            || (Self.greaterOrEqual(dx1n, dx2p) && Self.greaterOrEqual(dx1n, dx2n))
    }

    func bottomPoint(_ start: Int) -> Int {
        var pp = start
        var dups = -1
        var p = points[pp].next
        while p != pp {
            if points[p].y > points[pp].y {
                pp = p
                dups = -1
            } else if points[p].y == points[pp].y && points[p].x <= points[pp].x {
                if points[p].x < points[pp].x {
                    dups = -1
                    pp = p
                } else if points[p].next != pp && points[p].prev != pp {
                    dups = p
                }
            }
            p = points[p].next
        }
        if dups >= 0 {
            while dups != p {
                if !firstIsBottomPoint(p, dups) { pp = dups }
                dups = points[dups].next
                while !same(dups, pp) { dups = points[dups].next }
            }
        }
        return pp
    }

    mutating func lowerMostRing(_ r1: Int, _ r2: Int) -> Int {
        if rings[r1].bottomPoint < 0 { rings[r1].bottomPoint = bottomPoint(rings[r1].points) }
        if rings[r2].bottomPoint < 0 { rings[r2].bottomPoint = bottomPoint(rings[r2].points) }
        let p1 = rings[r1].bottomPoint, p2 = rings[r2].bottomPoint
        if points[p1].y > points[p2].y { return r1 }
        if points[p1].y < points[p2].y { return r2 }
        if points[p1].x < points[p2].x { return r1 }
        if points[p1].x > points[p2].x { return r2 }
        if points[p1].next == p1 { return r2 }
        if points[p2].next == p2 { return r1 }
        return firstIsBottomPoint(p1, p2) ? r1 : r2
    }

    /// Two bounds of different rings meet: the rings become one (wagyu's `append_ring`).
    mutating func appendRing(_ b1: Int, _ b2: Int) {
        let ring1 = bounds[b1].ring, ring2 = bounds[b2].ring
        let keep: Int, keepBound: Int, remove: Int, removeBound: Int
        if ring1ChildBelowRing2(ring1, ring2) {
            (keep, keepBound, remove, removeBound) = (ring2, b2, ring1, b1)
        } else if ring1ChildBelowRing2(ring2, ring1) {
            (keep, keepBound, remove, removeBound) = (ring1, b1, ring2, b2)
        } else if ring1 == lowerMostRing(ring1, ring2) {
            (keep, keepBound, remove, removeBound) = (ring1, b1, ring2, b2)
        } else {
            (keep, keepBound, remove, removeBound) = (ring2, b2, ring1, b1)
        }
        let p1Left = rings[keep].points, p1Right = points[p1Left].prev
        let p2Left = rings[remove].points, p2Right = points[p2Left].prev
        if bounds[keepBound].side == .left {
            if bounds[removeBound].side == .left {
                reverseRing(p2Left)
                points[p2Left].next = p1Left
                points[p1Left].prev = p2Left
                points[p1Right].next = p2Right
                points[p2Right].prev = p1Right
                rings[keep].points = p2Right
            } else {
                points[p2Right].next = p1Left
                points[p1Left].prev = p2Right
                points[p2Left].prev = p1Right
                points[p1Right].next = p2Left
                rings[keep].points = p2Left
            }
        } else {
            if bounds[removeBound].side == .right {
                reverseRing(p2Left)
                points[p1Right].next = p2Right
                points[p2Right].prev = p1Right
                points[p2Left].next = p1Left
                points[p1Left].prev = p2Left
            } else {
                points[p1Right].next = p2Left
                points[p2Left].prev = p1Right
                points[p1Left].prev = p2Right
                points[p2Right].next = p1Left
            }
        }
        rings[keep].bottomPoint = -1
        let keepIsHole = depth(keep) & 1 == 1
        let removeIsHole = depth(remove) & 1 == 1
        rings[remove].points = -1
        rings[remove].bottomPoint = -1
        if keepIsHole != removeIsHole {
            ring1ReplacesRing2(rings[keep].parent, remove)
        } else {
            ring1ReplacesRing2(keep, remove)
        }
        updatePointsRing(keep)
        bounds[keepBound].ring = -1
        bounds[removeBound].ring = -1
        for b in active where b >= 0 && bounds[b].ring == remove {
            bounds[b].ring = keep
            bounds[b].side = bounds[keepBound].side
            break
        }
    }
}
