import Foundation
import Geo

extension GlobeSubdivision {
    /// ``split(_:_:cells:into:)`` without scratch arrays: calls `emit` with each point where segment
    /// `a`-`b` crosses the grid, in order from `a`, ends excluded (the same points, in the same order).
    @inline(__always)
    static func forEachSplit(_ a: Point, _ b: Point, cells: Double, _ emit: (Point) -> Void) {
        guard cells > 0 else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let nx = dx == 0 ? 0 : abs((b.x * cells).rounded(.down) - (a.x * cells).rounded(.down))
        let ny = dy == 0 ? 0 : abs((b.y * cells).rounded(.down) - (a.y * cells).rounded(.down))
        guard nx.isFinite, ny.isFinite, nx + ny > 0 else { return }
        if nx + ny > 4096 {
            let n = 4096
            for k in 1..<n {
                let t = Double(k) / Double(n)
                emit(Point(x: a.x + dx * t, y: a.y + dy * t))
            }
            return
        }
        // the grid lines crossed along x and along y, each walked from a's side
        // (the integers k with lo < k < hi: from floor(lo) + 1 to ceil(hi) - 1)
        var kx = 0.0, ky = 0.0, xCount = 0, yCount = 0
        if nx > 0 {
            let lo = min(a.x, b.x) * cells, hi = max(a.x, b.x) * cells
            let first = lo.rounded(.down) + 1, last = hi.rounded(.up) - 1
            xCount = max(0, Int(last - first) + 1)
            kx = dx > 0 ? first : last
        }
        if ny > 0 {
            let lo = min(a.y, b.y) * cells, hi = max(a.y, b.y) * cells
            let first = lo.rounded(.down) + 1, last = hi.rounded(.up) - 1
            yCount = max(0, Int(last - first) + 1)
            ky = dy > 0 ? first : last
        }
        let xStep = dx > 0 ? 1.0 : -1.0, yStep = dy > 0 ? 1.0 : -1.0
        var i = 0, j = 0
        var last = 0.0
        while i < xCount || j < yCount {
            let tx = i < xCount ? (kx / cells - a.x) / dx : .infinity
            let ty = j < yCount ? (ky / cells - a.y) / dy : .infinity
            let t: Double
            if j >= yCount || (i < xCount && tx <= ty) {
                t = tx; i += 1; kx += xStep
            } else {
                t = ty; j += 1; ky += yStep
            }
            if t <= 0 || t >= 1 || t - last < 1e-12 { continue }
            last = t
            emit(Point(x: a.x + dx * t, y: a.y + dy * t))
        }
    }
}

extension PaintContext {
    /// A line's runs in front of the horizon
    /// (``globeMeasuredWorldRuns(_:copy:closed:globe:granularity:measure:resetPast:startDistance:within:)``) cut to
    /// what can show in this context's clip: the parts of each run whose segments come within `margin` device pixels
    /// of the clip on screen (a run is cut only outside that margin, so its caps and joins there are off the clip
    /// too). Every band of a render lays out only its own share of the lines, and a line mostly off
    /// the view (the globe's visible side reaches far past a zoomed-in view) only its visible part.
    /// With `screenPoints`, the runs' screen positions (device pixels) instead of their world points. The points
    /// inside a run of the line's (``GlobeSplitCache/Part/chunkCaps``) that cannot come near the clip are not
    /// projected (`skipsChunks`: tests compare both ways). The runs are added to `runs`.
    func globeVisibleWorldRuns(_ line: [Point], copy: Int, closed: Bool, globe g: GlobeView, margin: Double,
                               granularity: (base: Int, minimum: Int) = GlobeGranularity.line,
                               screenPoints: Bool = false,
                               cache: (store: GlobeSplitCache, kind: GlobeSplitCache.Kind, polygon: Int, ring: Int)? = nil,
                               skipsChunks: Bool = true, into runs: inout PointRuns) {
        // (the transform's quantization only: a copy of the whole transform per line retained its references)
        let units = transform.quantizationUnits
        let cells = GlobeGranularity.cellsAcrossWorld(granularity, tileZoom: globeDataTileZoom)
        let tileUnits = globeTileUnits
        let count = line.count
        guard count >= 2 else { return }
        let segments = closed ? count : count - 1
        // the split line and its sphere points (kept with the feature when they are its own: copy 0)
        func make() -> GlobeSplitCache.Part {
            var world: [Point] = []
            world.reserveCapacity(line.count * 2)
            for i in 0..<count {
                var a = Transform.quantized(line[i], units: units); a.x += Double(copy)
                world.append(a)
                if i < segments {
                    var b = Transform.quantized(line[(i + 1) % count], units: units); b.x += Double(copy)
                    GlobeSubdivision.split(a, b, cells: cells, units: tileUnits, rule: .walk, into: &world)
                    if closed && i == count - 1 { world.append(b) }
                }
            }
            var sphere: [Vector3] = []
            sphere.reserveCapacity(world.count)
            for p in world { sphere.append(g.spherePoint(worldX: p.x, y: p.y)) }
            return GlobeSplitCache.part(world: world, sphere: sphere, closed: false)
        }
        let left = Double(clip.x0) - margin, right = Double(clip.x1) + margin
        let top = Double(clip.y0) - margin, bottom = Double(clip.y1) + margin
        // nothing of a line behind the horizon or off this clip shows (a pixel more for the crossings' rounding)
        @inline(__always) func hidden(_ cap: SphereCap) -> Bool {
            g.isSphere && (g.camera.hides(cap)
                || g.camera.screenMisses(cap, left: left - 1, top: top - 1, right: right + 1, bottom: bottom + 1))
        }
        let part: GlobeSplitCache.Part
        if let cache, copy == 0 {
            let grid = GlobeSplitCache.Grid(cells: cells, units: units, sine: g.sine, tileMiddle: nil)
            // a kept part is first tested by its bounds, kept beside it: the part itself is read only when it may show
            if let bounds = cache.store.bounds(cache.kind, polygon: cache.polygon, ring: cache.ring, grid: grid),
               hidden(bounds.cap) {
                return
            }
            part = cache.store.part(cache.kind, polygon: cache.polygon, ring: cache.ring, grid: grid, make: make)
        } else {
            part = make()
        }
        if hidden(part.cap) { return }
        // (read only now: most parts are culled above, and reading the arrays retains them)
        let world = part.world, spheres = part.sphere
        let near = (left: left, top: top, right: right, bottom: bottom)
        let firstRun = runs.count
        if g.isSphere {
            let projector = SphereProjector(g.camera)
            // (a run of the part whose cap is behind the horizon or off this clip is not projected: its segments
            // cannot come near the clip)
            Self.visibleRuns(count: world.count, world: { world[$0] }, projected: { projector.project(spheres[$0]) },
                             skip: { skipsChunks ? part.chunkEnd(at: $0, skips: hidden) : nil },
                             globe: g, near: near, screenPoints: screenPoints, into: &runs)
            if closed && !screenPoints { Self.noteRingEnds(world, shift: 0, from: firstRun, in: &runs) }
            return
        }
        // In a blend with Mercator the line keeps one world copy (across the far side, each point's nearest copy would
        // tear it): its runs' world points are in that copy.
        let flatShift = blendCopyShift(low: part.bounds.world.minX, high: part.bounds.world.maxX, globe: g)
        Self.visibleRuns(count: world.count, world: { Point(x: world[$0].x - flatShift, y: world[$0].y) },
                         projected: { g.project(sphere: spheres[$0], worldX: world[$0].x - flatShift, y: world[$0].y, wrapped: false) },
                         skip: { _ in nil }, globe: g, near: near, screenPoints: screenPoints, wrapped: false, into: &runs)
        if closed && !screenPoints { Self.noteRingEnds(world, shift: flatShift, from: firstRun, in: &runs) }
    }

    /// A ring (`world`, its first point repeated last) cut into runs from run `first` on: notes in `runs` the ring's
    /// point before its first when the first run starts there, and its point after its last when the last run ends
    /// there (`shift` worlds to the west, as the runs' points are). Those ends are then joined as the whole ring joins
    /// them, not capped: where a ring is cut depends on the band, and a band must paint what the whole canvas paints.
    private static func noteRingEnds(_ world: [Point], shift: Double, from first: Int, in runs: inout PointRuns) {
        guard world.count >= 3, runs.count > first else { return }
        func shifted(_ p: Point) -> Point { Point(x: p.x - shift, y: p.y) }
        let start = shifted(world[0])
        let head = runs.range(first), tail = runs.range(runs.count - 1)
        // the whole ring in one run: the tessellator joins it all round (a polygon)
        if runs.count == first + 1 && head.count == world.count && runs.points[head.lowerBound] == start { return }
        if runs.points[head.lowerBound] == start, let before = world.dropLast().last(where: { $0 != world[0] }) {
            runs.before = shifted(before)
        }
        if runs.points[tail.upperBound - 1] == start, let after = world.dropFirst().first(where: { $0 != world[0] }) {
            runs.after = shifted(after)
        }
    }

    /// The outline runs of a fill ring the interior pass projected (``GlobeOutlineRecords``): what
    /// ``globeVisibleWorldRuns(_:copy:closed:globe:margin:granularity:screenPoints:cache:)`` gives for the ring's
    /// outline (its screen points), from the interior's points and their screen positions; added to `runs`.
    func globeRecordedRuns(_ ring: GlobeRingProjection, globe g: GlobeView, margin: Double, into runs: inout PointRuns) {
        if ring.hidden { return }
        let world = ring.world, screen = ring.screen, side = ring.side
        let n = world.count
        guard n >= 2, screen.count == n, side.count == n else { return }
        // (slices of the records' storage: point k of the ring is at start + k)
        let w0 = world.startIndex, s0 = screen.startIndex, h0 = side.startIndex
        Self.visibleRuns(count: n + ring.closing, world: { world[w0 + ($0 < n ? $0 : 0)] },
                         projected: { k in
                             let i = k < n ? k : 0
                             return (screen[s0 + i].x, screen[s0 + i].y, side[h0 + i])
                         },
                         skip: { _ in nil }, globe: g, near: (left: Double(clip.x0) - margin, top: Double(clip.y0) - margin,
                                                              right: Double(clip.x1) + margin, bottom: Double(clip.y1) + margin),
                         screenPoints: true, into: &runs)
    }

    /// The runs of `count` points in front of the horizon whose segments come `near` the clip (a screen rectangle),
    /// added to `out`: point `k` is `world(k)`, projected to `projected(k)` (screen position and horizon side); a run
    /// ends where the line crosses the horizon, at the crossing (on the world segment, projected). `skip(k)`, after
    /// point `k`: a later point to go on from, when no segment between them (nor a crossing of the horizon on one)
    /// comes near the clip; the run then ends at `k`, as those segments would end it. `wrapped` as the projection's
    /// (a blend's crossings in the points' own world copy, or each in the copy nearest the view's).
    @inline(__always)
    private static func visibleRuns(count: Int, world: (Int) -> Point, projected: (Int) -> (x: Double, y: Double, side: Double),
                                    skip: (Int) -> Int?,
                                    globe g: GlobeView, near: (left: Double, top: Double, right: Double, bottom: Double),
                                    screenPoints: Bool, wrapped: Bool = true, into out: inout PointRuns) {
        // (the run being cut is kept in `out`'s pending arrays, whose storage lasts from line to line)
        out.pendingWorld.removeAll(keepingCapacity: true)
        out.pendingScreen.removeAll(keepingCapacity: true)
        var previous: (side: Double, world: Point)?
        var k = 0
        while k < count {
            let p = world(k)
            let q = projected(k)
            let side = q.side
            if let prev = previous, (prev.side >= 0) != (side >= 0) {
                let f = prev.side / (prev.side - side)
                // the crossing, on the world segment (its sphere point is on the horizon to within the grid)
                let c = Point(x: prev.world.x + (p.x - prev.world.x) * f, y: prev.world.y + (p.y - prev.world.y) * f)
                let cq = g.project(worldX: c.x, y: c.y, wrapped: wrapped)
                out.pendingWorld.append(c)
                out.pendingScreen.append(Point(x: cq.x, y: cq.y))
                if side < 0 { flushRun(&out, near: near, screenPoints: screenPoints) }
            }
            if side >= 0 {
                out.pendingWorld.append(p)
                out.pendingScreen.append(Point(x: q.x, y: q.y))
            }
            previous = (side, p)
            if let next = skip(k) {
                flushRun(&out, near: near, screenPoints: screenPoints)
                previous = nil
                k = next
            } else {
                k += 1
            }
        }
        flushRun(&out, near: near, screenPoints: screenPoints)
    }

    /// Ends the run being cut (`runs`' pending points): its parts whose segments come `near` the clip (screen
    /// rectangle) become runs (their world points, or with `screenPoints` their screen points); the pending points
    /// are emptied.
    private static func flushRun(_ runs: inout PointRuns, near: (left: Double, top: Double, right: Double, bottom: Double),
                                 screenPoints: Bool) {
        defer {
            runs.pendingWorld.removeAll(keepingCapacity: true)
            runs.pendingScreen.removeAll(keepingCapacity: true)
        }
        let n = runs.pendingWorld.count
        guard n >= 2 else { return }
        var start = -1
        for k in 0..<(n - 1) {
            let p = runs.pendingScreen[k], q = runs.pendingScreen[k + 1]
            let isNear = max(p.x, q.x) >= near.left && min(p.x, q.x) <= near.right
                && max(p.y, q.y) >= near.top && min(p.y, q.y) <= near.bottom
            if isNear {
                if start < 0 { start = k }
            } else if start >= 0 {
                runs.append((screenPoints ? runs.pendingScreen : runs.pendingWorld)[start...k])
                start = -1
            }
        }
        if start >= 0 {
            runs.append((screenPoints ? runs.pendingScreen : runs.pendingWorld)[start...])
        }
    }
}
