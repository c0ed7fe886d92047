import GeoJSON
import MapStyle
import Foundation

/// A rectangle in screen points (CSS pixels), origin top left.
public struct ScreenRect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A zero-size rectangle at `point`.
    public init(point: Point) { self.init(x: point.x, y: point.y, width: 0, height: 0) }

    public var minX: Double { min(x, x + width) }
    public var maxX: Double { max(x, x + width) }
    public var minY: Double { min(y, y + height) }
    public var maxY: Double { max(y, y + height) }
}

/// One feature a scene draws under a query: its layer and its index in that layer's features.
package struct SceneHit: Sendable, Hashable {
    package var layerIndex: Int
    package var featureIndex: Int
}

/// Finds the features a ``RenderScene`` draws under a screen point or inside a screen rectangle,
/// hit-testing the geometry as drawn (each layer type tests its own: circle radius and stroke,
/// line width and gap, fill area, translations). Results are topmost first.
package struct SceneHitTester: Sendable {
    package let scene: RenderScene
    var geometry: HitTestGeometry

    package init(scene: RenderScene) {
        self.scene = scene
        geometry = HitTestGeometry(transform: scene.transform, bearing: scene.camera.bearing)
        // one globe: every longitude once
        if scene.transform.globe != nil { geometry.copyOffsets = [0] }
    }

    /// Hits under `point` (screen points), topmost first.
    package func hits(at point: Point) -> [SceneHit] { hits(in: ScreenRect(point: point)) }

    /// Hits touching `rect` (screen points), topmost first.
    ///
    /// Layers are walked from the top; fill-extrusion features are ordered among themselves by
    /// distance from the camera, as MapLibre GL JS merges them: at each extrusion layer, the
    /// nearest remaining extrusions of that layer or any above it come out first.
    package func hits(in rect: ScreenRect) -> [SceneHit] {
        var solids: [(hit: SceneHit, distance: Double)] = []
        for layerIndex in scene.layers.indices.reversed() {
            guard let extrusions = scene.layers[layerIndex] as? FillExtrusionLayer else { continue }
            for h in extrusions.hitsWithDistance(in: rect, geometry) {
                solids.append((SceneHit(layerIndex: layerIndex, featureIndex: h.index), h.distance))
            }
        }
        solids = solids.enumerated().sorted { a, b in
            a.element.distance != b.element.distance ? a.element.distance < b.element.distance : a.offset < b.offset
        }.map(\.element)
        var next = 0
        var out: [SceneHit] = []
        for layerIndex in scene.layers.indices.reversed() {
            if scene.layers[layerIndex] is FillExtrusionLayer {
                while next < solids.count && solids[next].hit.layerIndex >= layerIndex {
                    out.append(solids[next].hit)
                    next += 1
                }
                continue
            }
            for i in scene.layers[layerIndex].hits(in: rect, geometry) {
                out.append(SceneHit(layerIndex: layerIndex, featureIndex: i))
            }
        }
        return out
    }
}

/// Screen-space geometry tests shared by the layer types' hit tests: projection onto the three
/// world copies around the view, translations, distances between rectangles, segments and rings.
package struct HitTestGeometry: Sendable {
    let transform: Transform
    let bearing: Double
    /// The longitude shifts features are tested at: the world copies around the view, or one
    /// tile's copy for a tiled source's features.
    var copyOffsets: [Double] = [0, -360, 360]

    /// The same tests for features that belong to world copy `wrap` only (a source tile's).
    func pinned(toWorldCopy wrap: Int) -> HitTestGeometry {
        var g = self
        g.copyOffsets = [Double(wrap) * 360]
        return g
    }

    /// The world (Web Mercator fractions, the view's copy) under `rect` widened by `padding` screen points: the bounds of
    /// its corners' and centre's world points; nil when one of them shows no ground (the sky, space beside the globe).
    func worldBounds(of rect: ScreenRect, padding: Double) -> WorldBounds? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let x0 = rect.minX - padding, x1 = rect.maxX + padding, y0 = rect.minY - padding, y1 = rect.maxY + padding
        for p in [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1),
                  Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2)] {
            guard let w = transform.worldPosition(atScreen: p), w.x.isFinite, w.y.isFinite else { return nil }
            minX = min(minX, w.x); minY = min(minY, w.y); maxX = max(maxX, w.x); maxY = max(maxY, w.y)
        }
        return WorldBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    // MARK: Geometry

    /// The Web Mercator point on the world copies tested.
    private func copies(_ m: Point) -> [Point] {
        copyOffsets.map { Point(x: m.x + $0 / 360, y: m.y) }
    }

    /// A layer translation in screen points (rotated with the map for `.map`).
    func offset(_ t: Point, _ anchor: TranslateAnchor) -> Point {
        guard anchor == .map, bearing != 0 else { return t }
        let b = -bearing * .pi / 180
        return Point(x: t.x * cos(b) - t.y * sin(b), y: t.x * sin(b) + t.y * cos(b))
    }

    private func shifted(_ p: Point, _ s: Point) -> Point { Point(x: p.x + s.x, y: p.y + s.y) }

    private func project(_ ring: [Point], copy: Double, shift: Point) -> [Point] {
        ring.map { m in
            let c = Point(x: m.x + copy / 360, y: m.y)
            // on the globe a point behind the horizon touches nothing (NaN fails every distance test)
            if transform.isHiddenOnGlobe(worldFraction: c) { return Point(x: .nan, y: .nan) }
            return shifted(transform.screenPoint(mercator: c), shift)
        }
    }

    /// On the globe: whether the world under any corner of `r` (less `shift`) lies inside the polygon
    /// (tried on the world copies next to it), by the even-odd rule in Web Mercator.
    private func globeCornersInside(_ polygon: [[Point]], _ r: ScreenRect, shift: Point) -> Bool {
        for corner in corners(r) {
            guard let w = transform.worldPosition(atScreen: Point(x: corner.x - shift.x, y: corner.y - shift.y)) else { continue }
            for k in [0.0, -1, 1] where PlaneGeometry.contains(polygon, Point(x: w.x + k, y: w.y)) { return true }
        }
        return false
    }

    private func distance(_ r: ScreenRect, _ p: Point) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX)
        let dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let vx = b.x - a.x, vy = b.y - a.y
        let len = vx * vx + vy * vy
        var t = len > 0 ? ((p.x - a.x) * vx + (p.y - a.y) * vy) / len : 0
        t = max(0, min(1, t))
        let dx = a.x + t * vx - p.x, dy = a.y + t * vy - p.y
        return (dx * dx + dy * dy).squareRoot()
    }

    private func corners(_ r: ScreenRect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    /// Distance between a segment and a rectangle (0 when they touch).
    private func distance(_ r: ScreenRect, _ a: Point, _ b: Point) -> Double {
        if distance(r, a) == 0 || distance(r, b) == 0 { return 0 }
        let k = corners(r)
        for i in 0..<4 where PlaneGeometry.segmentsIntersect(a, b, k[i], k[(i + 1) % 4]) { return 0 }
        var best = min(distance(r, a), distance(r, b))
        for c in k { best = min(best, distance(c, a, b)) }
        return best
    }

    /// Whether lines stroked `reach` points either side of their centre, moved `offset` points to
    /// the right of their direction (`line-offset`, MapLibre's `offsetLine`), touch the rectangle.
    /// In a pitched view the test is MapLibre's: in the map plane, against the query rectangle laid
    /// on the map, with the reach in map units (lines far away are thinner on the screen).
    func linesTouch(_ lines: [[Point]], _ r: ScreenRect, reach: Double, offset: Double = 0, shift: Point, closed: Bool) -> Bool {
        let t = transform
        if t.isPitched {
            let ratio = t.pixelRatio
            let ring = corners(r).compactMap { t.plane(screen: Point(x: ($0.x - shift.x) * ratio, y: ($0.y - shift.y) * ratio)) }
            if ring.count == 4 {
                for copy in copyOffsets {
                    for line in lines {
                        var pts = line.map { t.plane(mercator: Point(x: $0.x + copy / 360, y: $0.y)) }
                        if closed, pts.count > 2, let f = pts.first, f != pts.last { pts.append(f) }
                        if offset != 0 { pts = Self.offsetLine(pts, by: offset * ratio) }
                        if Self.polygon(ring, touchesLine: pts, within: reach * ratio) { return true }
                    }
                }
                return false
            }
        }
        for copy in copyOffsets {
            for line in lines {
                var pts = project(line, copy: copy, shift: shift)
                if offset != 0 {
                    if closed, pts.count > 2, let f = pts.first, f != pts.last { pts.append(f) }
                    pts = Self.offsetLine(pts, by: offset)
                }
                guard let first = pts.first else { continue }
                if pts.count == 1, distance(r, first) <= reach { return true }
                for j in 1..<max(pts.count, 1) where distance(r, pts[j - 1], pts[j]) <= reach { return true }
                if closed, pts.count > 2, distance(r, pts[pts.count - 1], first) <= reach { return true }
            }
        }
        return false
    }

    /// A line moved `distance` to the right of its direction (y down), each vertex along the bisector
    /// of its two segments, lengthened to keep the distance from both (MapLibre's `offsetLine`).
    static func offsetLine(_ line: [Point], by distance: Double) -> [Point] {
        guard line.count > 1 else { return line }
        func perp(_ a: Point, _ b: Point) -> Point {
            let d = (b - a).normalized
            return Point(x: -d.y, y: d.x)
        }
        return line.indices.map { i in
            let aToB = i == 0 ? Point(x: 0, y: 0) : perp(line[i - 1], line[i])
            let bToC = i + 1 == line.count ? Point(x: 0, y: 0) : perp(line[i], line[i + 1])
            var extrude = (aToB + bToC).normalized
            let cosHalfAngle = extrude.x * bToC.x + extrude.y * bToC.y
            if cosHalfAngle != 0 { extrude = extrude * (1 / cosHalfAngle) }
            return line[i] + extrude * distance
        }
    }

    /// Whether the polygon `ring` meets the line buffered by `radius` (MapLibre's
    /// `polygonIntersectsBufferedMultiLine`).
    static func polygon(_ ring: [Point], touchesLine line: [Point], within radius: Double) -> Bool {
        if line.contains(where: { PlaneGeometry.contains([ring], $0) }) { return true }
        func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
            let v = b - a, len = v.dot(v)
            let t = len > 0 ? max(0, min(1, (p - a).dot(v) / len)) : 0
            return (a + v * t - p).length
        }
        let edges = ring.indices.map { (ring[$0], ring[($0 + 1) % ring.count]) }
        if line.count == 1 { return edges.contains { segmentDistance(line[0], $0.0, $0.1) <= radius } }
        for j in 1..<line.count {
            let (a, b) = (line[j - 1], line[j])
            for (c, d) in edges {
                if PlaneGeometry.segmentsIntersect(a, b, c, d) { return true }
                if segmentDistance(c, a, b) <= radius || segmentDistance(a, c, d) <= radius || segmentDistance(b, c, d) <= radius {
                    return true
                }
            }
        }
        return false
    }

    func polygonsTouch(_ polygons: [[[Point]]], _ r: ScreenRect, shift: Point) -> Bool {
        for copy in copyOffsets {
            for polygon in polygons {
                let rings = polygon.map { project($0, copy: copy, shift: shift) }
                if transform.globe != nil {
                    if globeCornersInside(polygon, r, shift: shift) { return true }
                } else if corners(r).contains(where: { PlaneGeometry.contains(rings, $0) }) { return true }
                for ring in rings where !ring.isEmpty {
                    if ring.contains(where: { distance(r, $0) == 0 }) { return true }
                    for j in ring.indices where distance(r, ring[j], ring[(j + 1) % ring.count]) == 0 { return true }
                }
            }
        }
        return false
    }

    /// Whether a circle of `reach` screen points around any of `points` touches the rectangle.
    /// Whether circles of `reach` points around `points` touch the rectangle, in a pitched view as
    /// MapLibre's circle query tests them: circles lying in the map plane (`alignedWithMap`) are
    /// tested there, against the query rectangle laid on the map; circles on the screen shrink with
    /// distance when they scale with the map (`scaledWithMap`), and map-plane circles that keep
    /// their screen size grow.
    func circlesTouch(_ points: [Point], _ r: ScreenRect, reach: Double, shift: Point,
                      alignedWithMap: Bool, scaledWithMap: Bool) -> Bool {
        let t = transform
        guard t.isPitched else { return pointsTouch(points, r, reach: reach, shift: shift) }
        let ratio = t.pixelRatio
        if alignedWithMap {
            let screenCorners = corners(r).map { Point(x: ($0.x - shift.x) * ratio, y: ($0.y - shift.y) * ratio) }
            let ring = screenCorners.compactMap { t.plane(screen: $0) }
            guard ring.count == 4 else { return pointsTouch(points, r, reach: reach, shift: shift) }
            return points.contains { c in
                copies(c).contains { copy in
                    let p = t.plane(mercator: copy)
                    let size = reach * ratio * (scaledWithMap ? 1 : t.w(plane: p))
                    if PlaneGeometry.contains([ring], p) { return true }
                    return ring.indices.contains { distance(p, ring[$0], ring[($0 + 1) % 4]) <= size }
                }
            }
        }
        return points.contains { c in
            copies(c).contains { copy in
                let size = scaledWithMap ? reach / t.w(plane: t.plane(mercator: copy)) : reach
                return distance(r, shifted(t.screenPoint(mercator: copy), shift)) <= size
            }
        }
    }

    /// Where MapLibre's per-tile query results put a point: the (row, world copy, column) of the
    /// source tile holding its copy nearest the view's centre, at the view's tile zoom.
    func tileOrder(of point: Point?) -> TileOrder {
        guard let point else { return TileOrder(row: 0, wrap: 0, column: 0) }
        let t = transform
        let n = pow(2, Double(t.tileZoom))
        let center = Transform.mercator(t.camera.center)
        var m = point
        m.x += (center.x - m.x).rounded()
        guard m.x.isFinite, m.y.isFinite, abs(m.x) < 1e6 else { return TileOrder(row: 0, wrap: 0, column: 0) }
        let wrap = m.x.rounded(.down)
        return TileOrder(row: Int(max(0, min(n - 1, (m.y * n).rounded(.down)))), wrap: Int(wrap),
                         column: Int(((m.x - wrap) * n).rounded(.down)))
    }

    /// A source tile's place in MapLibre's query order.
    struct TileOrder: Comparable {
        var row: Int, wrap: Int, column: Int
        static func < (a: TileOrder, b: TileOrder) -> Bool { (a.row, a.wrap, a.column) < (b.row, b.wrap, b.column) }
    }

    func pointsTouch(_ points: [Point], _ r: ScreenRect, reach: Double, shift: Point) -> Bool {
        points.contains { c in
            copies(c).contains {
                !transform.isHiddenOnGlobe(worldFraction: $0) && distance(r, shifted(transform.screenPoint(mercator: $0), shift)) <= reach
            }
        }
    }
}
