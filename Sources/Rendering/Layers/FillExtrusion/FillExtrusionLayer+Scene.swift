import Foundation
import GeoJSON
import MapStyle

extension FillExtrusionLayer: SceneLayer {
    package var featureCount: Int { features.count }

    package func validate(layerIndex i: Int) throws(RenderError) {
        try check(color, "fill-extrusion-color", layerIndex: i)
        try check(height, "fill-extrusion-height", layerIndex: i)
        try check(base, "fill-extrusion-base", layerIndex: i)
    }

    package var queryReach: Double { translate.length }

    package func paint(in context: inout PaintContext) {
        // on the globe, extrusions stand on the sphere (FillExtrusionPainter+Globe)
        if let globe = context.transform.globe {
            context.paintGlobeFillExtrusion(self, globe: globe)
            return
        }
        context.paintFillExtrusion(self)
    }

    /// Features whose solid, as projected on screen (roof and walls), touches the query, nearest first:
    /// the query's distance to a face is read off the face's plane, as MapLibre GL JS sorts extrusions.
    package func hits(in rect: ScreenRect, _ g: HitTestGeometry) -> [Int] {
        hitsWithDistance(in: rect, g).map(\.index)
    }

    /// The hits nearest first, each with its distance (inverse depth: smaller is nearer), which
    /// orders extrusions of different layers among each other in a query's results.
    func hitsWithDistance(in rect: ScreenRect, _ g: HitTestGeometry) -> [(index: Int, distance: Double)] {
        let t = g.transform
        let ratio = t.pixelRatio
        let query = ExtrusionQuery(minX: rect.minX * ratio, minY: rect.minY * ratio, maxX: rect.maxX * ratio, maxY: rect.maxY * ratio)
        let shift: Point = {
            let v = Point(x: translate.x * ratio, y: translate.y * ratio)
            return translateAnchor == .map ? t.rotate(v) : v
        }()
        let metres = t.pixelsPerMeter
        var found: [(index: Int, distance: Double)] = []
        for (i, feature) in features.enumerated() {
            let zBase = ExtrusionShading.sanitized(base[i]) * metres, zTop = ExtrusionShading.sanitized(height[i]) * metres
            let offsets = feature.wrap.map { [Double($0) * 360] } ?? g.copyOffsets
            var best = Double.infinity
            for offset in offsets {
                for polygon in feature.polygons {
                    let copy = Int((offset / 360).rounded())
                    let planes = polygon.map { ring in ring.map { t.plane(mercator: $0, copy: copy) + shift } }
                    best = min(best, query.distance(to: planes, zBase: zBase, zTop: zTop, transform: t))
                }
            }
            if best < .infinity { found.append((i, best)) }
        }
        return found.sorted { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index > $1.index) }
    }
}

/// A query rectangle in device pixels tested against projected extrusions.
struct ExtrusionQuery {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    var isPoint: Bool { minX == maxX && minY == maxY }

    /// How far (inverse-depth order: smaller is nearer) the nearest face of the solid under the query
    /// is, or infinity when the query misses it: the roof (all rings) and each wall are tested.
    func distance(to rings: [[Point]], zBase: Double, zTop: Double, transform t: Transform) -> Double {
        func project(_ p: Point, _ z: Double) -> (Point, Double)? {
            let c = t.cameraPoint(plane: p, z: z)
            guard c.depth > 1e-9, c.depth.isFinite, c.w > 1e-9 else { return nil }
            return (t.screen(camera: c), -t.depthKey(c))
        }
        var top: [[(Point, Double)]] = [], bottom: [[(Point, Double)]] = []
        for ring in rings {
            let ts = ring.compactMap { project($0, zTop) }, bs = ring.compactMap { project($0, zBase) }
            guard ts.count == ring.count, bs.count == ring.count, ring.count >= 3 else { return .infinity }
            top.append(ts)
            bottom.append(bs)
        }
        guard !top.isEmpty else { return .infinity }
        var best = Double.infinity
        if intersects(top.map { $0.map(\.0) }) { best = faceDistance(top[0]) }
        for (r, ring) in top.enumerated() {
            let base = bottom[r]
            for k in ring.indices {
                let next = (k + 1) % ring.count
                let face = [ring[k], ring[next], base[next], base[k]]
                if intersects([face.map(\.0)]) { best = min(best, faceDistance(face)) }
            }
        }
        return best
    }

    /// Whether the query touches the polygon (even-odd over `rings`).
    private func intersects(_ rings: [[Point]]) -> Bool {
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
        if corners.contains(where: { PlaneGeometry.contains(rings, $0) }) { return true }
        for ring in rings {
            for k in ring.indices {
                let a = ring[k], b = ring[(k + 1) % ring.count]
                if a.x >= minX && a.x <= maxX && a.y >= minY && a.y <= maxY { return true }
                if !isPoint {
                    for e in 0..<4 where PlaneGeometry.segmentsIntersect(a, b, corners[e], corners[(e + 1) % 4]) { return true }
                }
            }
        }
        return false
    }

    /// The face's depth key at the query point (barycentric over its first non-degenerate corners),
    /// or for a box the nearest corner's.
    private func faceDistance(_ face: [(Point, Double)]) -> Double {
        guard isPoint else { return face.map(\.1).min() ?? .infinity }
        let p = Point(x: minX, y: minY)
        let a = face[0]
        var i = 1
        while i < face.count, face[i].0.x == a.0.x, face[i].0.y == a.0.y { i += 1 }
        guard i < face.count else { return .infinity }
        let b = face[i]
        for c in face[(i + 1)...] {
            let ab = Point(x: b.0.x - a.0.x, y: b.0.y - a.0.y), ac = Point(x: c.0.x - a.0.x, y: c.0.y - a.0.y)
            let ap = Point(x: p.x - a.0.x, y: p.y - a.0.y)
            let abab = ab.x * ab.x + ab.y * ab.y, abac = ab.x * ac.x + ab.y * ac.y, acac = ac.x * ac.x + ac.y * ac.y
            let abap = ab.x * ap.x + ab.y * ap.y, acap = ac.x * ap.x + ac.y * ap.y
            let denominator = abab * acac - abac * abac
            let v = (acac * abap - abac * acap) / denominator
            let w = (abab * acap - abac * abap) / denominator
            let distance = a.1 * (1 - v - w) + b.1 * v + c.1 * w
            if distance.isFinite { return distance }
        }
        return .infinity
    }
}
