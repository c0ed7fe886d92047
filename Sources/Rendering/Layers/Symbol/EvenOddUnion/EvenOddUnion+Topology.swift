/// wagyu's topology correction (topology_correction.hpp) and result (build_result.hpp): rings
/// turned to match their depth, repeated points, spikes and shared edges removed, rings that
/// touch themselves split, each ring put under its smallest container, rings chained through
/// holes untangled; then the polygons read out of the ring tree.
extension EvenOddUnion {
    mutating func correctTopology() throws {
        // points by y descending, x ascending, deeper rings first (creation order on ties)
        let depths = points.map { $0.ring >= 0 ? depth($0.ring) : 0 }
        allPoints = allPoints.enumerated().sorted { a, b in
            let p = points[a.element], q = points[b.element]
            if p.y != q.y { return p.y > q.y }
            if p.x != q.x { return p.x < q.x }
            let da = depths[a.element], db = depths[b.element]
            if da != db { return da > db }
            return a.offset < b.offset
        }.map(\.element)
        correctOrientations()
        try correctCollinearEdges()
        _ = try correctSelfIntersections(tree: false)
        try correctTree()
        while true {
            try correctChainedRings()
            if try !correctSelfIntersections(tree: true) { break }
        }
    }

    /// Runs of equal coordinates in the sorted points, each as a range of `allPoints` (points keep
    /// their coordinates while the topology is corrected, so the runs are found once).
    func repeatedRuns() -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        while start < allPoints.count {
            var end = start + 1
            while end < allPoints.count && same(allPoints[start], allPoints[end]) { end += 1 }
            if end - start > 1 { runs.append(start..<end) }
            start = end
        }
        return runs
    }

    mutating func correctOrientations() {
        for r in rings.indices where rings[r].points >= 0 {
            recalculateStats(r)
            if rings[r].size < 3 {
                removeRingAndPoints(r, children: false)
                continue
            }
            if (depth(r) & 1 == 1) != rings[r].isHole {
                reverseRing(rings[r].points)
                recalculateStats(r)
            }
        }
    }

    // MARK: Collinear edges

    mutating func correctCollinearEdges() throws {
        guard allPoints.count >= 2 else { return }
        for run in repeatedRuns() {
            for i1 in run {
                let p1 = allPoints[i1]
                if points[p1].ring < 0 { continue }
                var i2 = run.lowerBound
                while i2 < run.upperBound {
                    if points[p1].ring < 0 { break }
                    let p2 = allPoints[i2]
                    if points[p2].ring < 0 || p2 == p1 {
                        i2 += 1
                        continue
                    }
                    if try processCollinearEdges(p1, p2) { i2 = run.lowerBound } else { i2 += 1 }
                }
            }
        }
    }

    mutating func processCollinearEdges(_ a: Int, _ b: Int) throws -> Bool {
        if points[a].ring < 0 || points[b].ring < 0 { return false }
        if removeDuplicatePoints(a, b) { return true }
        let collinear = same(points[a].next, points[b].prev) || same(points[b].next, points[a].prev)
        if !collinear {
            if points[a].ring == points[b].ring {
                _ = correctSelfIntersection(a, b)
                return true
            }
            return false
        }
        if points[a].ring == points[b].ring {
            let original = points[a].ring
            let path = collinearPath(a, b)
            let (r1, r2) = fixCollinearPath(path)
            if r1 < 0 {
                removeRing(original, children: false)
            } else if r2 < 0 {
                rings[original].points = r1
                recalculateStats(original)
            } else {
                let created = newRing()
                rings[created].points = r2
                recalculateStats(created)
                updatePointsRing(created)
                rings[original].points = r1
                recalculateStats(original)
            }
        } else {
            let ringA = points[a].ring, ringB = points[b].ring
            let aLarger = abs(area(ringA)) > abs(area(ringB))
            let path = collinearPath(a, b)
            let (r1, _) = fixCollinearPath(path)
            if r1 < 0 {
                removeRing(ringA, children: false)
                removeRing(ringB, children: false)
                return true
            }
            let merged = aLarger ? ringA : ringB, deleted = aLarger ? ringB : ringA
            rings[merged].points = r1
            updatePointsRing(merged)
            recalculateStats(merged)
            if rings[merged].size < 3 { removeRingAndPoints(merged, children: false) }
            removeRing(deleted, children: false)
        }
        return true
    }

    /// Removes points repeating `a` or `b` next to them; true when something changed that ends
    /// the pair's processing (wagyu's `remove_duplicate_points`).
    mutating func removeDuplicatePoints(_ a: Int, _ b: Int) -> Bool {
        if points[a].ring == points[b].ring {
            if points[a].next == b {
                points[a].next = points[b].next
                points[points[a].next].prev = a
                detach(b)
                if rings[points[a].ring].points == b { rings[points[a].ring].points = a }
                return true
            } else if points[b].next == a {
                points[a].prev = points[b].prev
                points[points[a].prev].next = a
                detach(b)
                if rings[points[a].ring].points == b { rings[points[a].ring].points = a }
                return true
            }
        }
        func trim(_ p: Int) {
            while same(points[p].next, p) && points[p].next != p {
                let remove = points[p].next
                points[p].next = points[remove].next
                points[points[p].next].prev = p
                detach(remove)
                if rings[points[p].ring].points == remove { rings[points[p].ring].points = p }
            }
            while same(points[p].prev, p) && points[p].prev != p {
                let remove = points[p].prev
                points[p].prev = points[remove].prev
                points[points[p].prev].next = p
                detach(remove)
                if rings[points[p].ring].points == remove { rings[points[p].ring].points = p }
            }
        }
        trim(a)
        if points[a].next == a {
            removeRingAndPoints(points[a].ring, children: false)
            return true
        }
        if points[b].ring < 0 { return true }
        trim(b)
        if points[b].next == b {
            removeRingAndPoints(points[b].ring, children: false)
            return true
        }
        if points[a].ring < 0 { return true }
        return false
    }

    mutating func detach(_ p: Int) {
        points[p].next = -1
        points[p].prev = -1
        points[p].ring = -1
    }

    struct CollinearPath {
        var start1, end1, start2, end2: Int
    }

    /// The ends of the edges two points' rings share, walking out from both
    /// (wagyu's `find_start_and_end_of_collinear_edges`).
    func collinearPath(_ a: Int, _ b: Int) -> CollinearPath {
        let sameRing = points[a].ring == points[b].ring
        func walk(_ from: Int, _ to: Int, stopBack: Int, stopForward: Int) -> (Int, Int) {
            var back = from, forward = to
            var first = true
            repeat {
                while same(points[back].prev, back) && back != forward {
                    back = points[back].prev
                    if back == from { break }
                }
                if back == forward {
                    back = points[back].prev
                    forward = points[forward].next
                    break
                }
                while same(points[forward].next, forward) && back != forward {
                    forward = points[forward].next
                    if forward == to { break }
                }
                if !first && (back == from || forward == to) { break }
                if back == forward || (!first && (back == stopBack || forward == stopForward)) {
                    back = points[back].prev
                    forward = points[forward].next
                    break
                }
                back = points[back].prev
                forward = points[forward].next
                first = false
            } while same(back, forward)
            return (back, forward)
        }
        let (back1, forward1) = walk(a, b, stopBack: -2, stopForward: -2)
        var startA = points[back1].next
        while !sameRing && same(startA, points[startA].next) && startA != a { startA = points[startA].next }
        var endB = points[forward1].prev
        while !sameRing && same(endB, points[endB].prev) && endB != b { endB = points[endB].prev }
        let (back2, forward2) = walk(b, a, stopBack: endB, stopForward: startA)
        var startB = points[back2].next
        while !sameRing && same(startB, points[startB].next) && startB != b { startB = points[startB].next }
        var endA = points[forward2].prev
        while !sameRing && same(endA, points[endA].prev) && endA != a { endA = points[endA].prev }
        return CollinearPath(start1: startA, end1: endA, start2: startB, end2: endB)
    }

    /// Cuts out the shared edges and joins what is left (wagyu's `fix_collinear_path`): the
    /// points of the remaining ring or rings (-1 for none).
    mutating func fixCollinearPath(_ path: CollinearPath) -> (Int, Int) {
        let spikeLeft = path.start1 == path.end2
        let spikeRight = path.start2 == path.end1
        func cut(from start: Int, until end: Int) {
            var itr = start
            while itr != end && itr >= 0 {
                points[points[itr].prev].next = -1
                let next = points[itr].next
                points[itr].prev = -1
                points[itr].ring = -1
                itr = next
            }
        }
        if spikeLeft && spikeRight {
            var itr = path.start1
            while itr >= 0 {
                points[points[itr].prev].next = -1
                let next = points[itr].next
                points[itr].prev = -1
                points[itr].ring = -1
                itr = next
            }
            return (-1, -1)
        } else if spikeLeft {
            let prev = points[path.start2].prev
            cut(from: path.start2, until: path.end1)
            points[prev].next = path.end1
            points[path.end1].prev = prev
            return (path.end1, -1)
        } else if spikeRight {
            let prev = points[path.start1].prev
            cut(from: path.start1, until: path.end2)
            points[prev].next = path.end2
            points[path.end2].prev = prev
            return (path.end2, -1)
        }
        let prev1 = points[path.start1].prev, prev2 = points[path.start2].prev
        // each path cut at least once (wagyu's do-while)
        func cutOnce(from start: Int, until end: Int) {
            var itr = start
            repeat {
                points[points[itr].prev].next = -1
                let next = points[itr].next
                points[itr].prev = -1
                points[itr].ring = -1
                itr = next
            } while itr != end && itr >= 0
        }
        cutOnce(from: path.start1, until: path.end1)
        cutOnce(from: path.start2, until: path.end2)
        if path.start1 == path.end1 && path.start2 == path.end2 { return (-1, -1) }
        if path.start1 == path.end1 {
            points[prev2].next = path.end2
            points[path.end2].prev = prev2
            return (path.end2, -1)
        }
        if path.start2 == path.end2 {
            points[prev1].next = path.end1
            points[path.end1].prev = prev1
            return (path.end1, -1)
        }
        points[prev1].next = path.end2
        points[path.end2].prev = prev1
        points[prev2].next = path.end1
        points[path.end1].prev = prev2
        return (path.end1, path.end2)
    }

    // MARK: Self-intersections

    /// A ring that passes twice through one point is split there; the larger part keeps the ring
    /// (wagyu's `correct_self_intersection`). Returns the new ring, or -1 for points of two rings.
    mutating func correctSelfIntersection(_ p1: Int, _ p2: Int) -> Int {
        guard points[p1].ring == points[p2].ring else { return -1 }
        let r = points[p1].ring
        let p3 = points[p1].prev, p4 = points[p2].prev
        points[p1].prev = p4
        points[p4].next = p1
        points[p2].prev = p3
        points[p3].next = p2
        let created = newRing()
        let s1 = stats(from: p1), s2 = stats(from: p2)
        if abs(s1.area) > abs(s2.area) {
            rings[r].points = p1
            setStats(r, s1)
            rings[created].points = p2
            setStats(created, s2)
        } else {
            rings[r].points = p2
            setStats(r, s2)
            rings[created].points = p1
            setStats(created, s1)
        }
        updatePointsRing(created)
        return created
    }

    /// Rings by |area|, those without points last, creation order on ties.
    mutating func ringsByArea(descending: Bool) -> [Int] {
        var keys: [(hasPoints: Bool, area: Double)] = []
        keys.reserveCapacity(rings.count)
        for r in rings.indices {
            keys.append(rings[r].points >= 0 ? (true, abs(area(r))) : (false, 0))
        }
        return rings.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka.hasPoints != kb.hasPoints { return ka.hasPoints }
            if ka.hasPoints && ka.area != kb.area { return descending ? ka.area > kb.area : ka.area < kb.area }
            return a < b
        }
    }

    mutating func correctSelfIntersections(tree: Bool) throws -> Bool {
        var fixed = false
        for r in ringsByArea(descending: false) {
            guard !rings[r].corrected, rings[r].points >= 0 else { continue }
            var created: [Int] = []
            // the ring's points by position; each run of equal points split pairwise
            var sorted: [Int] = []
            let start = rings[r].points
            var p = start
            repeat {
                sorted.append(p)
                p = points[p].next
            } while p != start
            sorted = sorted.enumerated().sorted { a, b in
                let pa = points[a.element], pb = points[b.element]
                if pa.y != pb.y { return pa.y > pb.y }
                if pa.x != pb.x { return pa.x < pb.x }
                return a.offset < b.offset
            }.map(\.element)
            var s = 0
            while s < sorted.count {
                var e = s + 1
                while e < sorted.count && same(sorted[s], sorted[e]) { e += 1 }
                if e - s > 1 {
                    for i1 in s..<e where points[sorted[i1]].ring >= 0 {
                        for i2 in (i1 + 1)..<e where points[sorted[i2]].ring >= 0 {
                            let c = correctSelfIntersection(sorted[i1], sorted[i2])
                            if c >= 0 { created.append(c) }
                        }
                    }
                }
                s = e
            }
            if tree { try assignNewRingParents(r, created) }
            rings[r].corrected = true
            fixed = true
        }
        return fixed
    }

    mutating func reassignChildrenIfNecessary(_ ring: Int, _ sibling: Int, _ created: [Int]) throws {
        let children = sibling < 0 ? roots : rings[sibling].children
        for c in children where c >= 0 && !created.contains(c) {
            if poly2ContainsPoly1(c, ring) { try reassignAsChild(c, ring) }
        }
    }

    mutating func findParentInTree(_ r: Int, _ possible: Int) throws -> Bool {
        for c in rings[possible].children where c >= 0 {
            for g in rings[c].children where g >= 0 {
                if try findParentInTree(r, g) { return true }
            }
        }
        if poly2ContainsPoly1(r, possible) {
            try reassignAsChild(r, possible)
            return true
        }
        return false
    }

    mutating func assignNewRingParents(_ original: Int, _ createdIn: [Int]) throws {
        var created = createdIn.filter { rings[$0].points >= 0 && !Self.isZero(area($0)) }
        guard !created.isEmpty else { return }
        let originalPositive = area(original) > 0
        if created.count == 1 {
            let c = created[0]
            if (area(c) > 0) == originalPositive {
                try assignAsChild(c, rings[original].parent)
                try reassignChildrenIfNecessary(c, original, created)
            } else {
                try assignAsChild(c, original)
                try reassignChildrenIfNecessary(c, rings[original].parent, created)
            }
            return
        }
        let areas = created.map { abs(area($0)) }
        created = created.indices.sorted { areas[$0] != areas[$1] ? areas[$0] > areas[$1] : $0 < $1 }.map { created[$0] }
        for (k, r) in created.enumerated() {
            let sameOrientation = (area(r) > 0) == originalPositive
            var found = false
            for s in created[..<k] where rings[s].parent == rings[original].parent {
                if sameOrientation {
                    for child in rings[s].children where child >= 0 {
                        if try findParentInTree(r, child) {
                            try reassignChildrenIfNecessary(r, original, created)
                            found = true
                            break
                        }
                    }
                } else if try findParentInTree(r, s) {
                    try reassignChildrenIfNecessary(r, rings[original].parent, created)
                    found = true
                }
                if found { break }
            }
            if found { continue }
            if sameOrientation {
                for child in rings[original].children where child >= 0 {
                    if try findParentInTree(r, child) {
                        try reassignChildrenIfNecessary(r, original, created)
                        found = true
                        break
                    }
                }
                if !found {
                    try assignAsChild(r, rings[original].parent)
                    try reassignChildrenIfNecessary(r, original, created)
                }
            } else if try findParentInTree(r, original) {
                try reassignChildrenIfNecessary(r, rings[original].parent, created)
            } else {
                throw Failure()
            }
        }
    }

    // MARK: The ring tree

    /// Each ring, largest first, under the smallest larger ring of the other orientation that
    /// contains it (wagyu's `correct_tree`): a ring keeps the first emptied place of its new list.
    mutating func correctTree() throws {
        let sorted = ringsByArea(descending: true)
        for (k, r) in sorted.enumerated() {
            guard rings[r].points >= 0 else { continue }
            if size(r) < 3 || Self.isZero(area(r)) {
                removeRingAndPoints(r, children: false)
                continue
            }
            rings[r].corrected = true
            var found = false
            var j = k - 1
            while j >= 0 {
                let s = sorted[j]
                j -= 1
                if isHole(s) == isHole(r) { continue }
                if poly2ContainsPoly1(r, s) {
                    try reassignAsChild(r, s)
                    found = true
                    break
                }
            }
            if !found {
                if isHole(r) { throw Failure() }
                try reassignAsChild(r, -1)
            }
        }
    }

    // MARK: Containment

    enum PointInPolygon { case on, inside, outside }

    func pointInPolygon(_ x: Int, _ y: Int, _ start: Int) -> PointInPolygon {
        var result = PointInPolygon.outside
        var op = start
        repeat {
            let p = points[op], n = points[p.next]
            if n.y == y && (n.x == x || (p.y == y && ((n.x > x) == (p.x < x)))) { return .on }
            if (p.y < y) != (n.y < y) {
                if p.x >= x {
                    if n.x > x {
                        result = result == .outside ? .inside : .outside
                    } else {
                        let d = Double(p.x - x) * Double(n.y - y) - Double(n.x - x) * Double(p.y - y)
                        if Self.isZero(d) { return .on }
                        if (d > 0) == (n.y > p.y) { result = result == .outside ? .inside : .outside }
                    }
                } else if n.x > x {
                    let d = Double(p.x - x) * Double(n.y - y) - Double(n.x - x) * Double(p.y - y)
                    if Self.isZero(d) { return .on }
                    if (d > 0) == (n.y > p.y) { result = result == .outside ? .inside : .outside }
                }
            }
            op = p.next
        } while op != start
        return result
    }

    func pointInPolygon(_ x: Double, _ y: Double, _ start: Int) -> PointInPolygon {
        var result = PointInPolygon.outside
        var op = start
        repeat {
            let p = points[op], n = points[p.next]
            let px = Double(p.x), py = Double(p.y), nx = Double(n.x), ny = Double(n.y)
            if Self.almostEqual(ny, y) {
                if Self.almostEqual(nx, x) || (Self.almostEqual(py, y) && ((nx > x) == (px < x))) { return .on }
            }
            if (py < y) != (ny < y) {
                if Self.greaterOrEqual(px, x) {
                    if nx > x {
                        result = result == .outside ? .inside : .outside
                    } else {
                        let d = (px - x) * (ny - y) - (nx - x) * (py - y)
                        if Self.isZero(d) { return .on }
                        if (d > 0) == (ny > py) { result = result == .outside ? .inside : .outside }
                    }
                } else if nx > x {
                    let d = (px - x) * (ny - y) - (nx - x) * (py - y)
                    if Self.isZero(d) { return .on }
                    if (d > 0) == (ny > py) { result = result == .outside ? .inside : .outside }
                }
            }
            op = p.next
        } while op != start
        return result
    }

    /// Whether `ring1` lies inside `ring2`: bounds, area, then the first vertex not on its outline,
    /// else the centroid of a convex corner (wagyu's `poly2_contains_poly1`).
    mutating func poly2ContainsPoly1(_ ring1: Int, _ ring2: Int) -> Bool {
        guard rings[ring1].points >= 0, rings[ring2].points >= 0 else { return false }
        let a = rings[ring1], b = rings[ring2]
        guard b.maxX >= a.maxX, b.maxY >= a.maxY, b.minX <= a.minX, b.minY <= a.minY else { return false }
        if abs(area(ring2)) < abs(area(ring1)) { return false }
        let out1 = points[rings[ring1].points].next, out2 = points[rings[ring2].points].next
        var op = out1
        repeat {
            let res = pointInPolygon(points[op].x, points[op].y, out2)
            if res != .on { return res == .inside }
            op = points[op].next
        } while op != out1
        // every vertex on the outline: test inside a convex corner
        let ringArea = area(ring1)
        op = out1
        repeat {
            let prev = points[points[op].prev], here = points[op], next = points[points[op].next]
            let cross = (here.x - prev.x) * (next.y - here.y) - (next.x - here.x) * (here.y - prev.y)
            if (cross < 0 && ringArea > 0) || (cross > 0 && ringArea < 0) {
                let cx = Double(prev.x + here.x + next.x) / 3, cy = Double(prev.y + here.y + next.y) / 3
                if pointInPolygon(cx, cy, out1) == .inside { return pointInPolygon(cx, cy, out2) == .inside }
            }
            op = points[op].next
        } while op != out1
        return false
    }

    // MARK: Result

    /// The polygons: each top-level ring with its children as holes, then the children's children
    /// as polygons of their own, depth first (wagyu's `build_result`).
    func result() -> [[[(Int, Int)]]] {
        var out: [[[(Int, Int)]]] = []
        func ring(_ r: Int) -> [(Int, Int)] {
            var pts: [(Int, Int)] = []
            let start = rings[r].points
            pts.reserveCapacity(rings[r].size + 1)
            var p = start
            repeat {
                pts.append((points[p].x, points[p].y))
                p = points[p].prev
            } while p != start
            pts.append((points[start].x, points[start].y))
            return pts
        }
        func polygons(_ list: [Int]) {
            for r in list where r >= 0 {
                var polygon = [ring(r)]
                for c in rings[r].children where c >= 0 { polygon.append(ring(c)) }
                out.append(polygon)
                for c in rings[r].children where c >= 0 && !rings[c].children.isEmpty { polygons(rings[c].children) }
            }
        }
        polygons(roots)
        return out
    }
}
