import Foundation
import Geo

/// GL JS's subdivision granularity on the globe (`granularitySettingsGlobe`): a tile of zoom `z` is cut
/// into `max(base >> z, minimum)` cells a side, and geometry is split where it crosses the cells'
/// edges, so that straight screen segments between the split points follow the sphere.
enum GlobeGranularity {
    /// Fill polygons and their outlines: 128 cells across a zoom 0 tile, at least 2.
    static let fill = (base: 128, minimum: 2)
    /// Lines: 512 across a zoom 0 tile, none once the tile is small enough.
    static let line = (base: 512, minimum: 0)
    /// Whole tiles (rasters, backgrounds): 128, at least 32.
    static let tile = (base: 128, minimum: 32)

    /// Cells across a tile of `zoom` (`max(base >> z, minimum)`; 0: no subdivision).
    static func cellsPerTile(_ setting: (base: Int, minimum: Int), tileZoom zoom: Int) -> Int {
        max(setting.base >> max(0, min(zoom, 62)), setting.minimum)
    }

    /// Cells across the whole world for geometry of a tile at `zoom` (0: no subdivision).
    static func cellsAcrossWorld(_ setting: (base: Int, minimum: Int), tileZoom zoom: Int) -> Double {
        let z = max(0, min(30, zoom))
        return Double(cellsPerTile(setting, tileZoom: z)) * pow(2, Double(z))
    }
}

enum GlobeSubdivision {
    /// A closed ring clipped to the band `minX...maxX` of world x (Sutherland-Hodgman, both sides).
    static func clip(_ ring: [Point], minX: Double, maxX: Double) -> [Point] {
        clip(ring, axis: \.x, from: minX, to: maxX)
    }

    /// Appends the points where segment `a`-`b` crosses the grid of `cells` cells across the world
    /// (vertical and horizontal lines at multiples of `1 / cells`), in order from `a`, ends excluded.
    /// A segment crossing more than 4096 lines is split evenly instead.
    static func split(_ a: Point, _ b: Point, cells: Double, into out: inout [Point]) {
        forEachSplit(a, b, cells: cells) { out.append($0) }
    }
}

extension GlobeView {
    /// The screen position (device pixels) of a unit-sphere point (its world position only matters
    /// for the Mercator part of a blend).
    @inline(__always)
    func screen(sphere s: Vector3) -> Point {
        if globeness >= 1 {
            let p = camera.screen(s)
            return Point(x: p.x, y: p.y)
        }
        let w = world(sphere: s)
        let p = project(sphere: s, worldX: w.x, y: w.y)
        return Point(x: p.x, y: p.y)
    }

    /// The horizon circle: its centre, radius and two unit vectors across it, and whether turning from
    /// the first towards the second goes clockwise on screen.
    var horizon: (centre: Vector3, radius: Double, e1: Vector3, e2: Vector3, clockwise: Bool) {
        let n = camera.horizonNormal, d = camera.horizonDistance
        let r = (1 - d * d).squareRoot()
        let (e1, e2) = GlobeView.basis(n)
        let centre = n * d
        let c = camera.screen(centre)
        let a = camera.screen(centre + e1 * r)
        let b = camera.screen(centre + (e1 * cos(0.1) + e2 * sin(0.1)) * r)
        let cross = (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x)
        return (centre, r, e1, e2, cross > 0)
    }

    /// The point of the horizon circle in the direction of `p` from its centre.
    func onHorizon(_ p: Vector3) -> Vector3 {
        let n = camera.horizonNormal, d = camera.horizonDistance
        let centre = n * d
        var rel = p - centre
        rel = rel - n * rel.dot(n)
        let l = rel.length
        let r = (1 - d * d).squareRoot()
        guard l > 0 else { return centre + GlobeView.basis(n).0 * r }
        return centre + rel * (r / l)
    }
}

/// A band of world x (``PaintContext/globeSeamBand(copy:)``: a zoom 0 tile's on the globe), its sides inside.
struct GlobeSeamBand {
    var minX: Double
    var maxX: Double

    /// Whether `x` lies past either side.
    func excludes(_ x: Double) -> Bool { x < minX || x > maxX }

    /// Whether a span of x from `lowX` to `highX` reaches past either side.
    func isCrossed(lowX: Double, highX: Double) -> Bool { excludes(lowX) || excludes(highX) }
}

extension PaintContext {
    /// On the globe, the world band (x, world copy `copy`'s feature coordinates) a zoom 0 tile's geometry is drawn in.
    /// x and x + 1 are one place on the sphere, so what the tile's buffer carries past its sides (the wrapped copies
    /// geojson-vt and tippecanoe put there, shifted by 360°) would land on the tile itself and draw twice: GL JS clips
    /// it at the antimeridian (maplibre-gl-js #7896; at deeper zooms it falls in another tile and its clip). Nil for
    /// any other tile, untiled content and the flat map.
    func globeSeamBand(copy: Int) -> GlobeSeamBand? {
        guard transform.globe != nil, let c = tileClip, c.maxX - c.minX >= 1 else { return nil }
        return GlobeSeamBand(minX: c.minX - Double(copy), maxX: c.maxX - Double(copy))
    }

    /// A line's (a closed ring's, its closing segment included) pieces within `band` of world x, or nil when it lies
    /// wholly within it.
    static func seamPieces(_ line: [Point], closed: Bool, band: GlobeSeamBand) -> [[Point]]? {
        guard line.contains(where: { band.excludes($0.x) }) else { return nil }
        return clipPolyline(opened(line, closed: closed), to: (minX: band.minX, minY: -.infinity, maxX: band.maxX, maxY: .infinity))
    }

    /// A feature's lines cut to `band` (``seamPieces(_:closed:band:)``; the lines within it kept whole, rings as open
    /// lines round to their start), or nil when all lie within it.
    static func seamCut(_ lines: [[Point]], closed: Bool, band: GlobeSeamBand) -> [[Point]]? {
        guard lines.contains(where: { $0.contains { band.excludes($0.x) } }) else { return nil }
        return lines.flatMap { seamPieces($0, closed: closed, band: band) ?? [opened($0, closed: closed)] }
    }

    /// A ring as an open line ending at its start (other lines as they are).
    private static func opened(_ line: [Point], closed: Bool) -> [Point] {
        guard closed, let f = line.first, let l = line.last, f != l else { return line }
        return line + [f]
    }

    /// The zoom of the tiles the current layer's geometry comes from (a tiled source's, or the
    /// camera's tile zoom for GeoJSON): it sets the subdivision granularity.
    var globeDataTileZoom: Int { tileClip.map { Int($0.zoom) } ?? transform.tileZoom }

    /// The whole worlds a blend takes off the world x of a ring or line spanning `low...high`: GL JS draws each of the
    /// data's tiles (at ``globeDataTileZoom``) in the copy its middle is nearest the view's centre on, so geometry within
    /// one tile column takes that tile's copy; geometry across columns, its own middle's.
    func blendCopyShift(low: Double, high: Double, globe g: GlobeView) -> Double {
        let n = Double(1 << max(0, min(30, globeDataTileZoom)))
        let column = ((low + high) / 2 * n).rounded(.down)
        let (west, east) = (column / n, (column + 1) / n)
        if low >= west - 1e-12 && high <= east + 1e-12 { return g.copyShift(low: west, high: east) }
        return g.copyShift(low: low, high: high)
    }

    /// Whether a world point (shifted by `copy` worlds) is behind the globe.
    @inline(__always)
    func hiddenOnGlobe(_ m: Point, copy: Int = 0) -> Bool {
        guard let g = transform.globe else { return false }
        let q = transform.quantized(m)
        return g.side(worldX: q.x + Double(copy), y: q.y) < 0
    }

    /// Polygon rings projected onto the globe into `scratch.screenRings`: edges split on GL JS's fill grid (the
    /// points snapped to GL's subpixel grid, ``GlobeMeshRasterizer/snapped(_:)``), a
    /// vertex at or past the world's top (bottom) edge on the north (south) pole so that polygons
    /// reaching the edge close over the pole, the far side cut off by the horizon plane and the cut
    /// closed along the horizon, on the side the ring's interior lies (a ring's interior is on its
    /// right when it turns clockwise in Web Mercator's y-down plane, and the globe seen from outside
    /// keeps that orientation). A ring entirely behind the globe draws the whole visible disc when
    /// it encloses the point facing the camera, nothing otherwise. Even-odd filling then gives the
    /// visible part of the polygon. `shift` (the translate, a plane offset) moves the rings on the map
    /// before they are projected, as GL JS adds `fill-translate` in tile units.
    /// With `record` (the ring's feature and polygon) and ``GlobeOutlineRecords/isRecording``, each ring projected
    /// on the sphere is kept in `scratch.outlineRecords` for the layer's outlines. A ring clear of the poles leaves out the
    /// points inside its runs (``GlobeSplitCache/Part/chunkCaps``) in front of the horizon and beyond one side of
    /// the clip (`skipsChunks`: tests compare both ways).
    mutating func projectGlobeRings(_ rings: [[Point]], copy: Int, shift: Point, globe g: GlobeView,
                                    granularity: (base: Int, minimum: Int) = GlobeGranularity.fill,
                                    cache: (GlobeSplitCache, polygon: Int)? = nil,
                                    record: (feature: Int, polygon: Int)? = nil, skipsChunks: Bool = true) {
        scratch.screenRings.removeAll()
        let cells = GlobeGranularity.cellsAcrossWorld(granularity, tileZoom: globeDataTileZoom)
        let tileUnits = globeTileUnits
        // (the transform's quantization only: a copy of the whole transform per polygon retained its references)
        let units = transform.quantizationUnits
        let offset = Point(x: 0, y: 0)
        let turned = transform.unrotate(shift)
        let worldShift = Point(x: turned.x / transform.worldSize, y: turned.y / transform.worldSize)
        // (a ring's screen points, horizon sides, cut by the horizon and kept sphere points: scratch the context keeps)
        var screen: [Point] = [], side: [Double] = [], out: [Point] = [], keptSphere: [Vector3] = []
        var spans: [Range<Int>] = []
        swap(&screen, &scratch.ringScreen); swap(&side, &scratch.ringSides); swap(&out, &scratch.ringCut); swap(&keptSphere, &scratch.ringKept)
        swap(&spans, &scratch.ringSpans)
        defer {
            swap(&screen, &scratch.ringScreen); swap(&side, &scratch.ringSides); swap(&out, &scratch.ringCut); swap(&keptSphere, &scratch.ringKept)
            swap(&spans, &scratch.ringSpans)
        }
        let tileMiddle = tileClip.map { ($0.minX + $0.maxX) / 2 }
        // (the tile's band in the world copy's coordinates, which the ring's points are in once shifted)
        let seamBand = globeSeamBand(copy: 0)
        // the ring split on the grid and on the sphere (nil: too few points), kept with the feature between
        // frames when it is the feature's own (world copy 0, no translate)
        func make(_ ring: [Point]) -> GlobeSplitCache.Part? {
            var count = ring.count
            guard count >= 3 else { return nil }
            if ring[0] == ring[count - 1] { count -= 1 }
            guard count >= 3 else { return nil }
            var points: [Point] = []
            points.reserveCapacity(count)
            var lowX = Double.infinity, highX = -Double.infinity
            for i in 0..<count {
                var a = Transform.quantized(ring[i], units: units); a.x += Double(copy) + worldShift.x; a.y += worldShift.y
                points.append(a)
                lowX = min(lowX, a.x); highX = max(highX, a.x)
            }
            // A zoom 0 tile's ring is kept to the tile (what its buffer carries past the antimeridian would land on
            // the tile again: globeSeamBand); a ring wider than the world would cover part of the sphere twice, and
            // even-odd filling would cancel it there: keep one world's width of it, around its tile when it has one.
            let middle = tileMiddle ?? (lowX + highX) / 2
            let kept = seamBand.flatMap { $0.isCrossed(lowX: lowX, highX: highX) ? $0 : nil }
                ?? (highX - lowX > 1 ? GlobeSeamBand(minX: middle - 0.5, maxX: middle + 0.5) : nil)
            if let kept {
                points = GlobeSubdivision.clip(points, minX: kept.minX, maxX: kept.maxX)
                guard points.count >= 3 else { return nil }
            }
            var world: [Point] = []
            world.reserveCapacity(points.count * 2)
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                world.append(a)
                GlobeSubdivision.split(a, b, cells: cells, units: tileUnits, rule: .direct, into: &world)
            }
            // orientation in the y-down world plane: positive turns clockwise on screen
            var area = 0.0
            for i in world.indices {
                let a = world[i], b = world[(i + 1) % world.count]
                area += a.x * b.y - b.x * a.y
            }
            var sphere: [Vector3] = []
            sphere.reserveCapacity(world.count)
            for p in world {
                if p.y <= 0 { sphere.append(Vector3(0, 1, 0)) } else if p.y >= 1 { sphere.append(Vector3(0, -1, 0)) } else {
                    sphere.append(g.spherePoint(worldX: p.x, y: p.y))
                }
            }
            return GlobeSplitCache.part(world: world, sphere: sphere, closed: true, area: area, lowX: lowX, highX: highX)
        }
        let grid = GlobeSplitCache.Grid(cells: cells, units: units, sine: g.sine, tileMiddle: tileMiddle)
        let kept = cache != nil && copy == 0 && worldShift == Point(x: 0, y: 0)
        // the outline runs over the same points when the ring is on the sphere, not moved, not clipped to a world's
        // width and clear of the poles (the interior puts points past the world's edge on the pole, the outline not)
        let recording = record != nil && scratch.outlineRecords.isRecording && g.isSphere && worldShift == Point(x: 0, y: 0)
        let projector = g.isSphere ? SphereProjector(g.camera) : nil
        // the sides of this clip, widened by its outline's reach, a ring's runs of points may lie beyond to be left
        // out: not one the point facing the camera lies beyond (nil)
        let chunkReach: (left: Double?, top: Double?, right: Double?, bottom: Double?) = {
            guard g.isSphere else { return (nil, nil, nil, nil) }
            let reach = 6.0
            let facing = g.screen(sphere: g.camera.horizonNormal) + offset
            let (left, top) = (Double(clip.x0) - reach, Double(clip.y0) - reach)
            let (right, bottom) = (Double(clip.x1) + reach, Double(clip.y1) + reach)
            return (facing.x < left ? nil : left, facing.y < top ? nil : top,
                    facing.x > right ? nil : right, facing.y > bottom ? nil : bottom)
        }()
        // the world point facing the camera (worked out when a ring behind the horizon first asks)
        var horizonWorld: Point?
        for (ringIndex, ring) in rings.enumerated() where ring.count >= 3 {
            let key = record.map { GlobeRingProjection.Key(feature: $0.feature, polygon: $0.polygon, copy: copy, ring: ringIndex) }
            // a kept ring is first tested by its bounds, kept beside it: the ring itself is read only when it may show
            if kept, g.isSphere, let (store, polygon) = cache,
               let bounds = store.bounds(.interior, polygon: polygon, ring: ringIndex, grid: grid) {
                if g.camera.hides(bounds.cap) {
                    if horizonWorld == nil { horizonWorld = g.world(sphere: g.camera.horizonNormal) }
                    if !Self.boxMayEnclose(bounds.world, horizonWorld!) {
                        if recording, let key {
                            scratch.outlineRecords.appendHidden(key)
                        }
                        continue
                    }
                } else if let cover = globeCover,
                          g.camera.screenMisses(bounds.cap, left: Double(clip.x0) - 2, top: Double(clip.y0) - 2,
                                                right: Double(clip.x1) + 2, bottom: Double(clip.y1) + 2),
                          !(cover.probe.map { Self.boxMayEnclose(bounds.world, $0) } ?? false) {
                    continue
                }
            }
            let made: GlobeSplitCache.Part?
            if kept, let (store, polygon) = cache {
                let part = store.part(.interior, polygon: polygon, ring: ringIndex, grid: grid) {
                    make(ring) ?? GlobeSplitCache.part(world: [], sphere: [], closed: true)
                }
                made = part.world.isEmpty ? nil : part
            } else {
                made = make(ring)
            }
            guard let part = made else { continue }
            // a ring wholly behind the horizon: projected, none of its points would be visible
            if g.isSphere, g.camera.hides(part.cap) {
                if recording, let key {
                    scratch.outlineRecords.appendHidden(key)
                }
                if ringEncloses(part.world, g.world(sphere: g.camera.horizonNormal)) { scratch.screenRings.append(horizonCircle(g.horizon, globe: g, offset: offset)) }
                continue
            }
            // A ring whose points (and what lies between neighbours) project off this clip has no edge in it but
            // the horizon, the globe's outline: the clip's part of the globe is then wholly inside its interior
            // or wholly outside, as a point of it says. Outside, the ring changes nothing here.
            if g.isSphere, let cover = globeCover,
               g.camera.screenMisses(part.cap, left: Double(clip.x0) - 2, top: Double(clip.y0) - 2,
                                     right: Double(clip.x1) + 2, bottom: Double(clip.y1) + 2),
               !(cover.probe.map { ringEncloses(part.world, $0) } ?? false) {
                continue
            }
            // (read only now: most rings are culled above, and reading the arrays retains them)
            let world = part.world, sphere = part.sphere, area = part.area
            let lowX = part.lowX, highX = part.highX
            // in a blend with Mercator, the ring's flat position on one copy of the world, the one nearest the view
            let flatShift = g.isSphere ? 0 : blendCopyShift(low: lowX, high: highX, globe: g)
            // (a ring cut at the antimeridian has edges there that its outline does not: the outline is cut itself)
            let records = recording && highX - lowX <= 1 && !(seamBand?.isCrossed(lowX: lowX, highX: highX) ?? false)
            // A ring clear of the poles leaves out the points inside each of its runs (``GlobeSplitCache/Part/chunkCaps``)
            // that lie in front of the horizon and beyond one side of this clip (by more than its outline's reach):
            // the straight edge from the run's first point to its last stays beyond that side, and crosses each row
            // the clip's pixels see an odd number of times just when the run's edges do, so even-odd filling gives
            // the clip the same pixels; the outline, its segments there out of reach, the same runs. (Not beyond a
            // side the point facing the camera is beyond: whether the ring holds that point on screen stays as it is.)
            let skipping = skipsChunks && projector != nil && !part.chunkCaps.isEmpty && part.bounds.world.minY > 0
                && part.bounds.world.maxY < 1
            // the runs of points projected: all of them, or with the inside of runs left out (`keeping`: the sphere
            // points of those projected are kept in `keptSphere`)
            spans.removeAll(keepingCapacity: true)
            if skipping {
                var k = 0, from = 0
                while k < world.count {
                    if let end = part.chunkEnd(at: k, skips: {
                        g.camera.shows($0) && g.camera.screenMisses($0, left: chunkReach.left, top: chunkReach.top,
                                                                       right: chunkReach.right, bottom: chunkReach.bottom)
                    }) {
                        spans.append(from..<(k + 1))
                        from = end
                        k = end
                        continue
                    }
                    k += 1
                }
                spans.append(from..<world.count)
            } else {
                spans.append(0..<world.count)
            }
            let keeping = spans.count > 1
            keptSphere.removeAll(keepingCapacity: true)
            if keeping { for run in spans { keptSphere.append(contentsOf: sphere[run]) } }
            let count = spans.reduce(0) { $0 + $1.count }
            screen.removeAll(keepingCapacity: true)
            screen.append(contentsOf: repeatElement(Point(x: 0, y: 0), count: count))
            side.removeAll(keepingCapacity: true)
            side.append(contentsOf: repeatElement(0, count: count))
            // the points projected in a loop of their own (short, so the processor overlaps its iterations), then
            // recorded for the outline, then put on GL's subpixel grid, as GL JS's triangles are rasterized
            var visible = 0
            var clearOfPoles = true
            screen.withUnsafeMutableBufferPointer { screen in
                side.withUnsafeMutableBufferPointer { side in
                    var j = 0
                    if let projector {
                        for run in spans {
                            for k in run {
                                let q = projector.project(sphere[k])
                                screen[j] = Point(x: q.x, y: q.y)
                                side[j] = q.side
                                j += 1
                            }
                        }
                    } else {
                        for run in spans {
                            for k in run {
                                let q = g.project(sphere: sphere[k], worldX: world[k].x - flatShift, y: world[k].y, wrapped: false)
                                screen[j] = Point(x: q.x, y: q.y)
                                side[j] = q.side
                                j += 1
                            }
                        }
                    }
                    if records {
                        j = 0
                        for run in spans {
                            for k in run {
                                let p = world[k]
                                scratch.outlineRecords.addPoint(world: p, screen: screen[j], side: side[j])
                                if p.y <= 0 || p.y >= 1 { clearOfPoles = false }
                                j += 1
                            }
                        }
                    }
                    for j in 0..<count {
                        screen[j] = GlobeMeshRasterizer.snapped(Point(x: screen[j].x + offset.x, y: screen[j].y + offset.y))
                        if side[j] >= 0 { visible += 1 }
                    }
                }
            }
            let keptPoints = keeping ? keptSphere : sphere
            if records {
                if clearOfPoles, let key {
                    scratch.outlineRecords.commit(key, closing: ring.first == ring.last ? 2 : 1)
                } else {
                    scratch.outlineRecords.discard()
                }
            }
            let n = screen.count
            if visible == n {
                scratch.screenRings.append(screen)
                continue
            }
            if !g.isSphere {
                // (cut as GL JS cuts it, on the fill grid; a ring over too many cells, round the outside)
                if !appendBlendPieces(world: world, flatShift: flatShift, globe: g, offset: offset) {
                    appendBlendCut(screen: screen, side: side, world: world, clockwise: area > 0, visible: visible, globe: g,
                                   offset: offset, scratch: &out)
                }
                continue
            }
            if visible == 0 {
                if ringEncloses(world, g.world(sphere: g.camera.horizonNormal)) { scratch.screenRings.append(horizonCircle(g.horizon, globe: g, offset: offset)) }
                continue
            }
            out.removeAll(keepingCapacity: true)
            out.reserveCapacity(n + 64)
            var exit: Vector3?
            let clockwise = area > 0
            Self.walkCut(side: side, point: { out.append(screen[$0]) }) { i, j, f, exits in
                let x = g.onHorizon(keptPoints[i] + (keptPoints[j] - keptPoints[i]) * f)
                if exits {
                    out.append(g.screen(sphere: x) + offset)
                    exit = x
                } else if let e = exit {
                    appendHorizonArc(from: e, to: x, clockwise: clockwise, horizon: g.horizon, globe: g, offset: offset, into: &out)
                    out.append(g.screen(sphere: x) + offset)
                    exit = nil
                }
            }
            // Each exit is joined to the next entry along the horizon; either way round differs by the
            // whole horizon circle, and the orientation picks the right one only when the ring does not
            // wander behind the horizon and back with its interior outside. Even-odd filling makes any
            // error the whole visible disc: compare the point facing the camera with the ring itself
            // and add the disc once more when they disagree.
            let facing = g.camera.horizonNormal
            let facingScreen = g.screen(sphere: facing) + offset
            if PaintContext.evenOddContains(out, facingScreen) != ringEncloses(world, g.world(sphere: facing)) {
                scratch.screenRings.append(out)
                scratch.screenRings.append(horizonCircle(g.horizon, globe: g, offset: offset))
                continue
            }
            scratch.screenRings.append(out)
        }
    }

    /// A ring's screen points (`screen`, `visible` of them in front of GL JS's clip, as `side` says) in a blend with
    /// Mercator, cut where GL JS's blended clip z passes w (no circle on the sphere: no horizon to close the cut along)
    /// into `scratch.screenRings`. Each exit is joined to the next entry round the outside of the globe, far off the screen:
    /// out from the facing point's screen position, round a circle the ring's way, and back in; the fill keeps to the
    /// runs of the globe's tile meshes (the background's cover), whose outline is where GL JS clips there, so that the
    /// way round the outside draws nothing itself. A ring wholly past the clip draws nothing, or all of what the clip
    /// shows of the globe when it holds it (the clip's rectangle, kept to the cover); a partly hidden ring whose cut
    /// disagrees with the ring about the facing point gets that rectangle once more (even-odd), as on the sphere.
    /// (`out`: the cut ring's scratch, emptied first.)
    private mutating func appendBlendCut(screen: [Point], side: [Double], world: [Point], clockwise: Bool, visible: Int,
                                         globe g: GlobeView, offset: Point, scratch out: inout [Point]) {
        func appendRectangle() {
            let (x0, y0, x1, y1) = (Double(clip.x0) - 1, Double(clip.y0) - 1, Double(clip.x1) + 1, Double(clip.y1) + 1)
            scratch.screenRings.append([Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)])
        }
        let facing = g.camera.horizonNormal
        let facingWorld = g.world(sphere: facing)
        if visible == 0 {
            if ringEncloses(world, globeCover?.probe ?? facingWorld) { appendRectangle() }
            return
        }
        let centre = g.screen(sphere: facing) + offset
        let far = 4 * Double(max(canvasWidth, canvasHeight)) + (centre - Point(x: Double(canvasWidth) / 2, y: Double(canvasHeight) / 2)).length
        func angle(_ p: Point) -> Double { atan2(p.y - centre.y, p.x - centre.x) }
        func outward(_ a: Double) -> Point { Point(x: centre.x + far * cos(a), y: centre.y + far * sin(a)) }
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(screen.count + 70)
        var exit: Double?
        Self.walkCut(side: side, point: { out.append(screen[$0]) }) { i, j, f, exits in
            let crossing = screen[i] + (screen[j] - screen[i]) * f
            if exits {
                out.append(crossing)
                exit = angle(crossing)
            } else if let a0 = exit {
                // round the outside the ring's way: clockwise on screen (y down: the angle growing) for a clockwise ring
                let a1 = angle(crossing)
                var delta = a1 - a0
                if clockwise { while delta < 0 { delta += 2 * .pi } } else { while delta > 0 { delta -= 2 * .pi } }
                let steps = max(2, Int((abs(delta) / (2 * .pi / 64)).rounded(.up)))
                for m in 0...steps { out.append(outward(a0 + delta * Double(m) / Double(steps))) }
                out.append(crossing)
                exit = nil
            }
        }
        scratch.screenRings.append(out)
        if PaintContext.evenOddContains(out, centre) != ringEncloses(world, facingWorld) { appendRectangle() }
    }

    /// Walks a closed ring cut by a clip (`side[i] >= 0`: point `i` in front of it; one at least), from its first point
    /// in front: `point(i)` for each point in front, `crossing(i, j, f, exits)` where the edge from point `i` to the next,
    /// `j`, crosses the clip (`f` of the way along it; `exits` when it leaves).
    @inline(__always)
    static func walkCut(side: [Double], point: (Int) -> Void, crossing: (Int, Int, Double, Bool) -> Void) {
        let n = side.count
        guard let start = side.firstIndex(where: { $0 >= 0 }) else { return }
        // (i and j stepped round the ring, not worked out by remainders: a division each)
        var i = start
        for _ in 0..<n {
            defer { i = i + 1 < n ? i + 1 : 0 }
            let j = i + 1 < n ? i + 1 : 0
            let vi = side[i] >= 0, vj = side[j] >= 0
            if vi { point(i) }
            if vi == vj { continue }
            crossing(i, j, side[i] / (side[i] - side[j]), vi)
        }
    }

    /// The horizon as a ring of 256 screen points (the whole visible disc).
    private func horizonCircle(_ horizon: (centre: Vector3, radius: Double, e1: Vector3, e2: Vector3, clockwise: Bool),
                               globe g: GlobeView, offset: Point) -> [Point] {
        var circle: [Point] = []
        circle.reserveCapacity(256)
        for k in 0..<256 {
            let a = Double(k) / 256 * 2 * .pi
            let s = horizon.centre + (horizon.e1 * cos(a) + horizon.e2 * sin(a)) * horizon.radius
            circle.append(g.screen(sphere: s) + offset)
        }
        return circle
    }

    /// Whether a closed ring of screen points encloses `p` (even-odd).
    static func evenOddContains(_ ring: [Point], _ p: Point) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Points along the horizon from `e` to `x` (ends excluded), turning clockwise or anticlockwise on screen.
    private func appendHorizonArc(from e: Vector3, to x: Vector3, clockwise: Bool,
                                  horizon h: (centre: Vector3, radius: Double, e1: Vector3, e2: Vector3, clockwise: Bool),
                                  globe g: GlobeView, offset: Point, into out: inout [Point]) {
        func angle(_ p: Vector3) -> Double {
            let r = p - h.centre
            return atan2(r.dot(h.e2), r.dot(h.e1))
        }
        let a0 = angle(e), a1 = angle(x)
        let increasing = clockwise == h.clockwise
        var delta = a1 - a0
        if increasing { while delta < 0 { delta += 2 * .pi } } else { while delta > 0 { delta -= 2 * .pi } }
        let steps = Int((abs(delta) / (2 * .pi / 256)).rounded(.up))
        guard steps > 1 else { return }
        for k in 1..<steps {
            let a = a0 + delta * Double(k) / Double(steps)
            let s = h.centre + (h.e1 * cos(a) + h.e2 * sin(a)) * h.radius
            out.append(g.screen(sphere: s) + offset)
        }
    }

    /// Whether a ring whose points lie in `box` may enclose world point `p` (``ringEncloses(_:_:)``): false when `p`
    /// is outside the box's rows or no world copy of it is within the box's columns.
    static func boxMayEnclose(_ box: WorldBounds, _ p: Point) -> Bool {
        guard box.minX.isFinite, box.maxX.isFinite else { return false }
        // no edge crosses a row outside the ring's rows (nor its last: every edge ends at or above it)
        if p.y < box.minY || p.y >= box.maxY { return false }
        return p.x - ((p.x - box.minX).rounded(.down)) <= box.maxX
    }

    /// Whether a closed ring (world points) encloses world point `p` (tried on each world copy the
    /// ring's x range reaches), by the even-odd rule.
    private func ringEncloses(_ ring: [Point], _ p: Point) -> Bool {
        let box = WorldBounds.enclosing([ring])
        guard Self.boxMayEnclose(box, p) else { return false }
        let minX = box.minX, maxX = box.maxX
        var x = p.x - ((p.x - minX).rounded(.down))
        while x <= maxX {
            var inside = false
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y) && x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
            if inside { return true }
            x += 1
        }
        return false
    }

    /// A line (world points, shifted by `copy` worlds) on the globe as the world points of its runs in front of the
    /// horizon, split on GL JS's line grid (`closed` joins the last point to the first; the runs end on the horizon),
    /// with the distance along the line at each run's start: the whole line's length up to there, hidden parts
    /// included, as `measure` (world point to plane point) lays it out, restarting at zero past `resetPast` at a vertex
    /// as the line tessellator restarts it (GL JS's line distance runs on behind the horizon: its clipping plane hides
    /// a vertex, the vertex stays in the line). Without `measure`, every start is 0.
    ///
    /// In a blend with Mercator the line keeps one world copy, ``blendCopyShift(low:high:globe:)``'s for `within` (world
    /// x; the line's own span when nil): the runs' world points are in that copy (draw them unwrapped).
    func globeMeasuredWorldRuns(_ line: [Point], copy: Int, closed: Bool, globe g: GlobeView,
                                granularity: (base: Int, minimum: Int) = GlobeGranularity.line,
                                measure: ((Point) -> Point)? = nil, resetPast: Double = .infinity,
                                startDistance: Double = 0, within: (low: Double, high: Double)? = nil) -> [(run: [Point], start: Double)] {
        let t = transform
        let cells = GlobeGranularity.cellsAcrossWorld(granularity, tileZoom: globeDataTileZoom)
        let tileUnits = globeTileUnits
        var world: [Point] = []
        world.reserveCapacity(line.count * 2)
        let count = line.count
        let segments = closed ? count : count - 1
        guard count >= 2 else { return [] }
        for i in 0..<count {
            var a = t.quantized(line[i]); a.x += Double(copy)
            world.append(a)
            if i < segments {
                var b = t.quantized(line[(i + 1) % count]); b.x += Double(copy)
                GlobeSubdivision.split(a, b, cells: cells, units: tileUnits, rule: .walk, into: &world)
                if closed && i == count - 1 { world.append(b) }
            }
        }
        if !g.isSphere, let first = world.first {
            // (a whole number of worlds off every point: the line's shape and distances are the same)
            let span = within.map { (low: $0.low + Double(copy), high: $0.high + Double(copy)) }
                ?? world.reduce((low: first.x, high: first.x)) { (low: min($0.low, $1.x), high: max($0.high, $1.x)) }
            let flatShift = blendCopyShift(low: span.low, high: span.high, globe: g)
            if flatShift != 0 { for k in world.indices { world[k].x -= flatShift } }
        }
        var runs: [(run: [Point], start: Double)] = []
        var run: [Point] = []
        var previous: (s: Vector3, side: Double, world: Point)?
        // the distance along the line at the previous point and at the current run's start
        var distance = startDistance, start = startDistance, previousPlane = Point(x: 0, y: 0)
        for p in world {
            let s = g.spherePoint(worldX: p.x, y: p.y)
            let side = g.project(sphere: s, worldX: p.x, y: p.y, wrapped: false).side
            let plane = measure?(p) ?? previousPlane
            if let prev = previous, (prev.side >= 0) != (side >= 0) {
                let f = prev.side / (prev.side - side)
                // the crossing, on the world segment (its sphere point is on the horizon to within the grid)
                run.append(Point(x: prev.world.x + (p.x - prev.world.x) * f, y: prev.world.y + (p.y - prev.world.y) * f))
                if side < 0 {
                    if run.count >= 2 { runs.append((run, start)) }
                    run = []
                } else {
                    start = distance + (plane - previousPlane).length * f
                }
            }
            if previous != nil, measure != nil {
                distance += (plane - previousPlane).length
                if distance > resetPast { distance = 0 }
            }
            if side >= 0 {
                if run.isEmpty { start = distance }
                run.append(p)
            }
            previous = (s, side, p)
            previousPlane = plane
        }
        if run.count >= 2 { runs.append((run, start)) }
        return runs
    }
}

extension PaintContext {
    /// The pixels (within the clip) that may show the world polygon `corners` on the globe: the screen
    /// bounds of its edges (split eight times each) and of a pole it reaches, a pixel wider; the whole
    /// clip when part of it is behind the horizon.
    func globePixelBounds(ofWorld corners: [Point], globe g: GlobeView) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var reachesTop = false, reachesBottom = false
        for (i, a) in corners.enumerated() {
            let b = corners[(i + 1) % corners.count]
            for k in 0..<8 {
                let f = Double(k) / 8
                let x = a.x + (b.x - a.x) * f, y = a.y + (b.y - a.y) * f
                if y <= 0 { reachesTop = true }
                if y >= 1 { reachesBottom = true }
                let q = g.project(worldX: x, y: y)
                guard q.side >= 0 else {
                    return clip.isEmpty ? nil : (clip.x0, clip.y0, clip.x1, clip.y1)
                }
                minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
            }
        }
        for (pole, reaches) in [(Vector3(0, 1, 0), reachesTop), (Vector3(0, -1, 0), reachesBottom)] where reaches {
            guard g.camera.isVisible(pole) else { continue }
            let p = g.screen(sphere: pole)
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let x0 = clip.firstColumn(atOrRightOf: minX - 1), x1 = clip.firstColumn(atOrRightOf: maxX + 1)
        let y0 = clip.firstRow(atOrBelow: minY - 1), y1 = clip.firstRow(atOrBelow: maxY + 1)
        return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
    }
}
