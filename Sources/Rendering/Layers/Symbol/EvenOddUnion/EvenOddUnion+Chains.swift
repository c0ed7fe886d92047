/// Rings chained through holes at shared points (wagyu's `correct_chained_rings`): where an
/// outer ring and holes of one polygon touch in a loop, the loop is cut into separate rings.
extension EvenOddUnion {
    /// A pair of points at one position, of two rings (wagyu's `point_ptr_pair`).
    struct Connection {
        var op1: Int
        var op2: Int
    }

    /// wagyu's `unordered_multimap` from a ring to its connections: the entries of one key in the
    /// order libstdc++ keeps them (each new one before the older ones).
    struct ConnectionMap {
        var entries: [Int: [Connection]] = [:]

        mutating func emplace(_ ring: Int, _ c: Connection) {
            entries[ring, default: []].insert(c, at: 0)
        }
    }

    mutating func correctChainedRings() throws {
        guard allPoints.count >= 2 else { return }
        var map = ConnectionMap()
        for run in repeatedRuns() {
            for i1 in run where points[allPoints[i1]].ring >= 0 {
                for i2 in (i1 + 1)..<run.upperBound where points[allPoints[i2]].ring >= 0 {
                    try processSingleIntersection(&map, allPoints[i1], allPoints[i2])
                }
            }
        }
    }

    /// Looks for a loop of connections from `search` back to `origin` through holes of `parent`
    /// (wagyu's `find_intersect_loop`), prepending its steps to `loop`.
    mutating func findIntersectLoop(_ map: inout ConnectionMap, _ loop: inout [(ring: Int, c: Connection)],
                                    parent: Int, origin: Int, search: Int, visited: inout Set<Int>,
                                    originPoint: Int, previous: Int) -> Bool {
        var list = map.entries[search] ?? []
        var k = 0
        while k < list.count {
            let c = list[k]
            let r1 = points[c.op1].ring, r2 = points[c.op2].ring
            if r1 < 0 || r2 < 0 || r1 != search || (!isHole(r1) && !isHole(r2)) {
                list.remove(at: k)
                continue
            }
            if r2 == origin && (parent == r2 || parent == rings[r2].parent) && !same(previous, c.op2) && !same(originPoint, c.op2) {
                map.entries[search] = list
                loop.insert((search, c), at: 0)
                return true
            }
            k += 1
        }
        map.entries[search] = list
        visited.insert(search)
        for c in list {
            let r = points[c.op2].ring
            if visited.contains(r) || r < 0 || (parent != r && parent != rings[r].parent) || Self.isZero(area(r))
                || same(previous, c.op2) {
                continue
            }
            if findIntersectLoop(&map, &loop, parent: parent, origin: origin, search: r, visited: &visited,
                                 originPoint: originPoint, previous: c.op2) {
                loop.insert((search, c), at: 0)
                return true
            }
        }
        return false
    }

    mutating func processSingleIntersection(_ map: inout ConnectionMap, _ opJ: Int, _ opK: Int) throws {
        let ringJ = points[opJ].ring, ringK = points[opK].ring
        if ringJ == ringK { return }
        if !isHole(ringJ) && !isHole(ringK) { return }
        var origin: Int, search: Int, parent: Int, o1: Int, o2: Int
        if !isHole(ringJ) {
            (origin, parent, search, o1, o2) = (ringJ, ringJ, ringK, opJ, opK)
        } else if !isHole(ringK) {
            (origin, parent, search, o1, o2) = (ringK, ringK, ringJ, opK, opJ)
        } else {
            (origin, parent, search, o1, o2) = (ringJ, rings[ringJ].parent, ringK, opJ, opK)
        }
        if parent != rings[search].parent { return }
        var found = false
        var loop: [(ring: Int, c: Connection)] = []
        var list = map.entries[search] ?? []
        var k = 0
        while k < list.count {
            let c = list[k]
            if points[c.op1].ring < 0 || points[c.op2].ring < 0 {
                list.remove(at: k)
                continue
            }
            if points[c.op2].ring == origin {
                found = true
                if !same(o1, c.op2) {
                    loop.append((search, c))
                    break
                }
            }
            k += 1
        }
        map.entries[search] = list
        if loop.isEmpty {
            var visited: Set<Int> = [search]
            for c in map.entries[search] ?? [] {
                let r = points[c.op2].ring
                if r != search && !same(o2, c.op2) && r >= 0 && (parent == r || parent == rings[r].parent) && !Self.isZero(area(r))
                    && findIntersectLoop(&map, &loop, parent: parent, origin: origin, search: r, visited: &visited,
                                         originPoint: o2, previous: c.op2) {
                    found = true
                    loop.insert((search, c), at: 0)
                    break
                }
            }
        }
        if !found {
            map.emplace(origin, Connection(op1: o1, op2: o2))
            map.emplace(search, Connection(op1: o2, op2: o1))
            return
        }
        if loop.isEmpty {
            let missing = !(map.entries[origin] ?? []).contains { points[$0.op2].ring == search }
            if missing { map.emplace(origin, Connection(op1: o1, op2: o2)) }
            return
        }
        if isHole(origin) {
            for i in loop.indices where !isHole(loop[i].ring) {
                let ring = loop[i].ring
                swap(&o1, &loop[i].c.op1)
                swap(&o2, &loop[i].c.op2)
                loop[i].ring = origin
                origin = ring
                parent = origin
                break
            }
        }
        let originIsHole = isHole(origin)
        // cross-link the loop's points: each pair swaps its next points
        func relink(_ a: Int, _ b: Int) {
            let an = points[a].next, bn = points[b].next
            points[a].next = bn
            points[b].next = an
            points[an].prev = b
            points[bn].prev = a
        }
        relink(o1, o2)
        for step in loop { relink(step.c.op1, step.c.op2) }
        let created = newRing()
        rings[origin].corrected = false
        let s1 = stats(from: o1), s2 = stats(from: o2)
        if originIsHole && s1.area < 0 {
            rings[origin].points = o1
            setStats(origin, s1)
            rings[created].points = o2
            setStats(created, s2)
        } else {
            rings[origin].points = o2
            setStats(origin, s2)
            rings[created].points = o1
            setStats(created, s1)
        }
        updatePointsRing(origin)
        updatePointsRing(created)
        rings[origin].bottomPoint = -1
        for step in loop {
            rings[step.ring].bottomPoint = -1
            ring1ReplacesRing2(originIsHole ? origin : rings[origin].parent, step.ring)
        }
        if originIsHole {
            try assignAsChild(created, origin)
            for c in (parent < 0 ? roots : rings[parent].children) where c >= 0 {
                if poly2ContainsPoly1(c, created) { try reassignAsChild(c, created) }
            }
        } else {
            try assignAsSibling(created, origin)
            for c in rings[origin].children where c >= 0 {
                if poly2ContainsPoly1(c, created) { try reassignAsChild(c, created) }
            }
        }
        var moves: [(ring: Int, c: Connection)] = []
        for step in loop {
            guard let list = map.entries[step.ring], !list.isEmpty else { continue }
            for c in list {
                let r1 = points[c.op1].ring, r2 = points[c.op2].ring
                if r1 < 0 || r2 < 0 || r1 == r2 { continue }
                if isHole(r1) || isHole(r2) { moves.append((r1, c)) }
            }
            map.entries[step.ring] = nil
        }
        var kept: [Connection] = []
        for c in map.entries[origin] ?? [] {
            let r1 = points[c.op1].ring, r2 = points[c.op2].ring
            if r1 < 0 || r2 < 0 || r1 == r2 { continue }
            if r1 != origin {
                if isHole(r1) || isHole(r2) { moves.append((r1, c)) }
            } else if isHole(r1) || isHole(r2) {
                kept.append(c)
            }
        }
        map.entries[origin] = kept.isEmpty ? nil : kept
        for m in moves { map.emplace(m.ring, m.c) }
    }
}
