/// The two sweeps: hot pixels first (snap_rounding.hpp), then the Vatti sweep that builds the
/// output rings (vatti.hpp, active_bound_list.hpp, intersect_util.hpp, process_horizontal.hpp,
/// process_maxima.hpp), bottom (largest y) up.
extension EvenOddUnion {
    /// The local minima in sweep order: largest y first, at one y those with a flat bottom first,
    /// then in the order the rings added them.
    func sortedMinima() -> [Int] {
        minima.indices.sorted { a, b in
            let ma = minima[a], mb = minima[b]
            if ma.y != mb.y { return mb.y < ma.y }
            if ma.hasHorizontal != mb.hasHorizontal { return ma.hasHorizontal }
            return a < b
        }
    }

    mutating func setUpScanbeam() {
        scanbeam = minima.map(\.y).sorted()
    }

    mutating func insertScanbeam(_ y: Int) {
        var lo = 0, hi = scanbeam.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if scanbeam[mid] < y { lo = mid + 1 } else { hi = mid }
        }
        if lo == scanbeam.count || y < scanbeam[lo] { scanbeam.insert(y, at: lo) }
    }

    mutating func popScanbeam(_ y: inout Int) -> Bool {
        guard let last = scanbeam.popLast() else { return false }
        y = last
        return true
    }

    @inline(__always)
    func edge(_ b: Int) -> Edge { bounds[b].edges[bounds[b].current] }

    @inline(__always)
    func isMaxima(_ b: Int, _ y: Int) -> Bool {
        bounds[b].next == bounds[b].edges.count && edge(b).topY == y
    }

    @inline(__always)
    func isIntermediate(_ b: Int, _ y: Int) -> Bool {
        bounds[b].next != bounds[b].edges.count && edge(b).topY == y
    }

    mutating func nextEdge(_ b: Int) {
        bounds[b].current += 1
        if bounds[b].current != bounds[b].edges.count {
            bounds[b].next += 1
            let e = edge(b)
            bounds[b].currentX = Double(e.botX)
            if !e.isHorizontal { insertScanbeam(e.topY) }
        }
    }

    /// Where a new pair of bounds goes in the active list (wagyu's `bound_insert_location`).
    func insertsBefore(_ left: Int, _ other: Int) -> Bool {
        let b2 = bounds[left], b1 = bounds[other]
        if Self.almostEqual(b2.currentX, b1.currentX) {
            let e2 = edge(left), e1 = edge(other)
            if e2.topY > e1.topY {
                return Self.lessThan(Double(e2.topX), e1.currentX(e2.topY))
            }
            return Self.greaterThan(Double(e1.topX), e2.currentX(e1.topY))
        }
        return b2.currentX < b1.currentX
    }

    mutating func insertIntoActive(_ left: Int, _ right: Int) -> Int {
        var i = 0
        while i < active.count && !insertsBefore(left, active[i]) { i += 1 }
        active.insert(contentsOf: [left, right], at: i)
        return i
    }

    mutating func updateCurrentX(_ y: Int) {
        for (i, b) in active.enumerated() {
            bounds[b].position = i
            bounds[b].currentX = edge(b).currentX(y)
        }
    }

    /// Whether two bounds are in order for wagyu's bubble sort (`intersection_compare`).
    func inOrder(_ a: Int, _ b: Int) -> Bool {
        !(bounds[a].currentX > bounds[b].currentX && !Self.slopesEqual(edge(a), edge(b)))
    }

    /// Where two edges cross (wagyu's `get_edge_intersection` in doubles), nil when they do not.
    func intersection(_ a: Int, _ b: Int) -> (x: Double, y: Double)? {
        let e1 = edge(a), e2 = edge(b)
        let p0x = Double(e1.botX), p0y = Double(e1.botY), p1x = Double(e1.topX), p1y = Double(e1.topY)
        let p2x = Double(e2.botX), p2y = Double(e2.botY), p3x = Double(e2.topX), p3y = Double(e2.topY)
        let s1x = p1x - p0x, s1y = p1y - p0y, s2x = p3x - p2x, s2y = p3y - p2y
        let s = (-s1y * (p0x - p2x) + s1x * (p0y - p2y)) / (-s2x * s1y + s1x * s2y)
        let t = (s2x * (p0y - p2y) - s2y * (p0x - p2x)) / (-s2x * s1y + s1x * s2y)
        guard s >= 0, s <= 1, t >= 0, t <= 1 else { return nil }
        return (p0x + t * s1x, p0y + t * s1y)
    }

    /// wagyu's bubble sort of the active list, calling `swapped` for each pair it swaps.
    mutating func bubbleSortActive(_ swapped: (inout EvenOddUnion, Int, Int) throws -> Void) rethrows {
        guard !active.isEmpty else { return }
        var modified = true
        while modified {
            modified = false
            var i = 0
            while i < active.count - 1 {
                if !inOrder(active[i], active[i + 1]) {
                    try swapped(&self, active[i], active[i + 1])
                    active.swapAt(i, i + 1)
                    modified = true
                }
                i += 1
            }
        }
    }

    // MARK: Hot pixels

    mutating func addHotPixel(_ x: Int, _ y: Int) {
        hotX.append(x)
        hotY.append(y)
    }

    mutating func buildHotPixels() throws {
        active = []
        setUpScanbeam()
        let order = sortedMinima()
        var lm = 0
        var y = Int.max
        while popScanbeam(&y) || lm < order.count {
            // intersections, rounded half up
            if !active.isEmpty {
                updateCurrentX(y)
                try bubbleSortActive { u, a, b in
                    guard let p = u.intersection(a, b) else { throw Failure() }
                    u.addHotPixel(Self.roundTowardsMax(p.x), Self.roundTowardsMax(p.y))
                }
            }
            // the local minima at this y
            while lm < order.count && minima[order[lm]].y == y {
                let m = minima[order[lm]]
                let first = bounds[m.left].edges[0]
                addHotPixel(first.botX, first.botY)
                for b in [m.left, m.right] {
                    bounds[b].current = 0
                    bounds[b].next = 1
                    bounds[b].currentX = Double(bounds[b].edges[0].botX)
                }
                let at = insertIntoActive(m.left, m.right)
                if !edge(active[at]).isHorizontal { insertScanbeam(edge(active[at]).topY) }
                if !edge(active[at + 1]).isHorizontal { insertScanbeam(edge(active[at + 1]).topY) }
                lm += 1
            }
            // the edges ending at this y
            var i = 0
            while i < active.count {
                let b = active[i]
                if b < 0 {
                    i += 1
                    continue
                }
                var at = i
                var shifted = false
                while bounds[b].current != bounds[b].edges.count && edge(b).topY == y {
                    addHotPixel(edge(b).topX, edge(b).topY)
                    if edge(b).isHorizontal && horizontalAtTop(y, &at) { shifted = true }
                    nextEdge(b)
                }
                if bounds[b].current == bounds[b].edges.count { active[at] = -1 }
                if !shifted { i += 1 }
            }
            active.removeAll { $0 < 0 }
        }
        // sorted by y descending, then x; each once
        var order2 = Array(hotX.indices)
        order2.sort { hotY[$0] != hotY[$1] ? hotY[$0] > hotY[$1] : hotX[$0] < hotX[$1] }
        var xs: [Int] = [], ys: [Int] = []
        xs.reserveCapacity(order2.count)
        ys.reserveCapacity(order2.count)
        for k in order2 where xs.isEmpty || xs[xs.count - 1] != hotX[k] || ys[ys.count - 1] != hotY[k] {
            xs.append(hotX[k])
            ys.append(hotY[k])
        }
        (hotX, hotY) = (xs, ys)
        points.reserveCapacity(hotX.count)
        allPoints.reserveCapacity(hotX.count)
    }

    /// A flat edge at the top of the beam moves its bound past the bounds it crosses, adding a hot
    /// pixel where each crosses it (wagyu's `horizontals_at_top_scanbeam`).
    mutating func horizontalAtTop(_ y: Int, _ at: inout Int) -> Bool {
        var shifted = false
        let b = active[at]
        let e = edge(b)
        bounds[b].currentX = Double(e.topX)
        if e.botX < e.topX {
            var next = at + 1
            while next < active.count && (active[next] < 0 || bounds[active[next]].currentX < bounds[b].currentX) {
                let n = active[next]
                if n >= 0 && edge(n).topY != y && edge(n).botY != y {
                    addHotPixel(Self.wround(bounds[n].currentX), y)
                }
                active.swapAt(at, next)
                at += 1
                next += 1
                shifted = true
            }
        } else if at != 0 {
            var prev = at - 1
            while at != 0 && (active[prev] < 0 || bounds[active[prev]].currentX > bounds[active[at]].currentX) {
                let p = active[prev]
                if p >= 0 && edge(p).topY != y && edge(p).botY != y {
                    addHotPixel(Self.wround(bounds[p].currentX), y)
                }
                active.swapAt(at, prev)
                at -= 1
                if at != 0 { prev -= 1 }
            }
        }
        return shifted
    }

    // MARK: The sweep

    mutating func sweep() throws {
        active = []
        setUpScanbeam()
        let order = sortedMinima()
        var lm = 0
        var y = Int.max
        currentHot = 0
        while popScanbeam(&y) || lm < order.count {
            try processIntersections(y)
            while currentHot < hotY.count && hotY[currentHot] > y { currentHot += 1 }
            try processEdgesAtTop(y, order, &lm)
            while lm < order.count && minima[order[lm]].y == y {
                insertMinimum(order[lm])
                lm += 1
            }
        }
    }

    /// A local minimum's two bounds enter the active list and start a ring (every bound
    /// contributes to an even-odd union of one polygon set).
    mutating func insertMinimum(_ m: Int) {
        let lm = minima[m]
        for (b, side) in [(lm.left, Side.left), (lm.right, Side.right)] where !bounds[b].edges.isEmpty {
            bounds[b].current = 0
            bounds[b].next = 1
            bounds[b].currentX = Double(bounds[b].edges[0].botX)
            bounds[b].side = side
            bounds[b].ring = -1
        }
        let at = insertIntoActive(lm.left, lm.right)
        let left = active[at], right = active[at + 1]
        let e = edge(left)
        addLocalMinimumPoint(left, right, e.botX, e.botY)
        insertScanbeam(e.topY)
        if !edge(right).isHorizontal { insertScanbeam(edge(right).topY) }
    }

    mutating func processIntersections(_ y: Int) throws {
        guard !active.isEmpty else { return }
        updateCurrentX(y)
        var list: [(b1: Int, b2: Int, x: Double, y: Double)] = []
        try bubbleSortActive { u, a, b in
            guard let p = u.intersection(a, b) else { throw Failure() }
            list.append((a, b, p.x, p.y))
        }
        guard !list.isEmpty else { return }
        // back to the order before sorting, then the crossings bottom up
        active = active.sorted { bounds[$0].position < bounds[$1].position }
        list = list.enumerated().sorted { a, b in
            if !Self.almostEqual(a.element.y, b.element.y) { return b.element.y < a.element.y }
            return a.offset < b.offset
        }.map(\.element)
        func adjacent(_ n: (b1: Int, b2: Int, x: Double, y: Double), _ b: Int) -> Bool { b == n.b1 || b == n.b2 }
        for n in list.indices {
            var p1 = active.firstIndex { $0 == list[n].b1 || $0 == list[n].b2 } ?? active.count
            var p2 = p1 + 1
            if p2 >= active.count || !adjacent(list[n], active[p2]) {
                var m = n + 1
                while m < list.count {
                    let q1 = active.firstIndex { $0 == list[m].b1 || $0 == list[m].b2 } ?? active.count
                    if q1 + 1 < active.count && adjacent(list[m], active[q1 + 1]) {
                        p1 = q1
                        p2 = q1 + 1
                        break
                    }
                    m += 1
                }
                if m == list.count { throw Failure() }
                list.swapAt(n, m)
            }
            intersectBounds(list[n].b1, list[n].b2, Self.roundTowardsMax(list[n].x), Self.roundTowardsMax(list[n].y))
            active.swapAt(p1, p2)
        }
    }

    /// Two bounds cross at a point (wagyu's `intersect_bounds` for an even-odd union).
    mutating func intersectBounds(_ b1: Int, _ b2: Int, _ x: Int, _ y: Int) {
        let c1 = bounds[b1].ring >= 0, c2 = bounds[b2].ring >= 0
        if c1 && c2 {
            addPoint(b1, x, y)
            addPoint(b2, x, y)
        } else if c1 {
            addPoint(b1, x, y)
            setLast(b2, x, y)
        } else if c2 {
            setLast(b1, x, y)
            addPoint(b2, x, y)
        } else {
            addLocalMinimumPoint(b1, b2, x, y)
            return
        }
        let side = bounds[b1].side, ring = bounds[b1].ring
        bounds[b1].side = bounds[b2].side
        bounds[b2].side = side
        bounds[b1].ring = bounds[b2].ring
        bounds[b2].ring = ring
    }

    mutating func processEdgesAtTop(_ y: Int, _ order: [Int], _ lm: inout Int) throws {
        var i = 0
        while i < active.count {
            let b = active[i]
            if b < 0 {
                i += 1
                continue
            }
            if isMaxima(b, y) {
                let pair = bounds[b].maximumBound < 0 ? active.count : (active.firstIndex(of: bounds[b].maximumBound) ?? active.count)
                if pair < active.count && !edge(active[pair]).isHorizontal && isMaxima(active[pair], y) {
                    i = try doMaxima(i, pair)
                    continue
                }
            }
            if isIntermediate(b, y) && bounds[b].edges[bounds[b].next].isHorizontal {
                if bounds[b].ring >= 0 { insertHotPixelsInPath(b, edge(b).topX, edge(b).topY, addEndPoint: false) }
                nextEdge(b)
                if bounds[b].ring >= 0 { addPointToRing(b, edge(b).botX, edge(b).botY) }
            } else {
                bounds[b].currentX = edge(b).currentX(y)
            }
            i += 1
        }
        active.removeAll { $0 < 0 }
        // flat-bottomed minima at this y come in before the flat edges are processed
        while lm < order.count && minima[order[lm]].y == y && minima[order[lm]].hasHorizontal {
            insertMinimum(order[lm])
            lm += 1
        }
        processHorizontals(y)
        for b in active where isIntermediate(b, y) {
            if bounds[b].ring >= 0 { addPointToRing(b, edge(b).topX, edge(b).topY) }
            nextEdge(b)
        }
    }

    /// Two bounds meeting at a maximum close their ring there (wagyu's `do_maxima`).
    mutating func doMaxima(_ start: Int, _ pair: Int) throws -> Int {
        var at = start
        var next = at + 1
        var skipped = false
        while next < active.count && next != pair {
            if active[next] < 0 {
                next += 1
                continue
            }
            skipped = true
            let top = edge(active[at])
            intersectBounds(active[at], active[next], top.topX, top.topY)
            active.swapAt(at, next)
            at = next
            next += 1
        }
        let b = active[at], m = active[pair]
        if bounds[b].ring >= 0 && bounds[m].ring >= 0 {
            addLocalMaximumPoint(b, m, edge(b).topX, edge(b).topY)
        } else if bounds[b].ring >= 0 || bounds[m].ring >= 0 {
            throw Failure()
        }
        active[pair] = -1
        active[at] = -1
        return skipped ? start : start + 1
    }

    mutating func processHorizontals(_ y: Int) {
        var i = 0
        while i < active.count {
            if active[i] >= 0 && edge(active[i]).isHorizontal {
                let e = edge(active[i])
                i = e.botX < e.topX ? horizontalLeftToRight(y, i) : horizontalRightToLeft(y, i)
            } else {
                i += 1
            }
        }
        active.removeAll { $0 < 0 }
    }

    mutating func horizontalLeftToRight(_ y: Int, _ start: Int) -> Int {
        var horizontal = start
        var behind = start
        var shifted = false
        let h0 = active[horizontal]
        let isMaximaEdge = isMaxima(h0, y)
        let pair = isMaximaEdge && bounds[h0].maximumBound >= 0 ? (active.firstIndex(of: bounds[h0].maximumBound) ?? active.count) : active.count
        var hp = currentHot
        while hp < hotY.count && (hotY[hp] > y || (hotY[hp] == y && hotX[hp] < edge(h0).botX)) { hp += 1 }
        var b = horizontal + 1
        while b < active.count {
            let other = active[b]
            if other < 0 {
                b += 1
                continue
            }
            let h = active[horizontal]
            let top = edge(h)
            let x = Self.wround(bounds[other].currentX)
            while hp < hotY.count && hotY[hp] == y && hotX[hp] < x && hotX[hp] < top.topX {
                if bounds[h].ring >= 0 { addPointToRing(h, hotX[hp], hotY[hp]) }
                hp += 1
            }
            if Self.greaterThan(bounds[other].currentX, Double(top.topX)) { break }
            if x == top.topX && bounds[h].next != bounds[h].edges.count && top.dx < bounds[h].edges[bounds[h].next].dx { break }
            if bounds[h].ring >= 0 { addPointToRing(h, x, y) }
            if isMaximaEdge && b == pair {
                let m = active[pair]
                if bounds[h].ring >= 0 && bounds[m].ring >= 0 { addLocalMaximumPoint(h, m, top.topX, top.topY) }
                active[pair] = -1
                active[horizontal] = -1
                if !shifted { behind += 1 }
                return behind
            }
            intersectBounds(h, other, x, y)
            active.swapAt(horizontal, b)
            horizontal = b
            b += 1
            shifted = true
        }
        let h = active[horizontal]
        if bounds[h].ring >= 0 {
            while hp < hotY.count && hotY[hp] == y && hotX[hp] < edge(h).topX {
                addPointToRing(h, hotX[hp], hotY[hp])
                hp += 1
            }
            addPointToRing(h, edge(h).topX, edge(h).topY)
        }
        if bounds[h].next != bounds[h].edges.count { nextEdge(h) } else { active[horizontal] = -1 }
        if !shifted { behind += 1 }
        return behind
    }

    mutating func horizontalRightToLeft(_ y: Int, _ start: Int) -> Int {
        let afterStart = start + 1
        let h0 = active[start]
        let isMaximaEdge = isMaxima(h0, y)
        let pair = isMaximaEdge && bounds[h0].maximumBound >= 0 ? (active.firstIndex(of: bounds[h0].maximumBound) ?? -2) : -2
        var forward = currentHot
        while forward < hotY.count && (hotY[forward] < y || (hotY[forward] == y && hotX[forward] < edge(h0).topX)) {
            // past this row nothing below matches the row: the scan ends where wagyu's would
            if hotY[forward] < y {
                forward = hotY.count
                break
            }
            forward += 1
        }
        var hp = forward - 1
        var b = start - 1
        var horizontal = start
        while b >= 0 {
            let other = active[b]
            if other < 0 {
                b -= 1
                continue
            }
            let h = active[horizontal]
            let top = edge(h)
            let x = Self.wround(bounds[other].currentX)
            while hp >= 0 && hotY[hp] == y && hotX[hp] > x && hotX[hp] > top.topX {
                if bounds[h].ring >= 0 { addPointToRing(h, hotX[hp], hotY[hp]) }
                hp -= 1
            }
            if Self.lessThan(bounds[other].currentX, Double(top.topX)) { break }
            if x == top.topX && bounds[h].next != bounds[h].edges.count && top.dx < bounds[h].edges[bounds[h].next].dx { break }
            if bounds[h].ring >= 0 { addPointToRing(h, x, y) }
            if isMaximaEdge && b == pair {
                let m = active[pair]
                if bounds[h].ring >= 0 && bounds[m].ring >= 0 { addLocalMaximumPoint(h, m, top.topX, top.topY) }
                active[pair] = -1
                active[horizontal] = -1
                return afterStart
            }
            intersectBounds(other, h, x, y)
            active.swapAt(horizontal, b)
            horizontal = b
            b -= 1
        }
        let h = active[horizontal]
        if bounds[h].ring >= 0 {
            while hp >= 0 && hotY[hp] == y && hotX[hp] > edge(h).topX {
                addPointToRing(h, hotX[hp], hotY[hp])
                hp -= 1
            }
            addPointToRing(h, edge(h).topX, edge(h).topY)
        }
        if bounds[h].next != bounds[h].edges.count { nextEdge(h) } else { active[horizontal] = -1 }
        return afterStart
    }
}
