import Foundation
import GeoJSON

/// Port of the spec's `CheapRuler` subset (distances in metres near a latitude).
struct CheapRuler {
    let kx: Double, ky: Double
    init(lat: Double) {
        let re = 6378.137, fe = 1 / 298.257223563
        let e2 = fe * (2 - fe)
        let rad = Double.pi / 180
        let m = rad * re * 1000
        let coslat = cos(lat * rad)
        let w2 = 1 / (1 - e2 * (1 - coslat * coslat))
        let w = w2.squareRoot()
        kx = m * w * coslat
        ky = m * w * w2 * (1 - e2)
    }
    func wrap(_ d: Double) -> Double {
        var deg = d
        while deg < -180 { deg += 360 }
        while deg > 180 { deg -= 360 }
        return deg
    }
    func distance(_ a: Pt, _ b: Pt) -> Double {
        let dx = wrap(a.0 - b.0) * kx, dy = (a.1 - b.1) * ky
        return (dx * dx + dy * dy).squareRoot()
    }
    func pointOnLine(_ line: [Pt], _ p: Pt) -> Pt {
        var minDist = Double.infinity
        var minX = Double.nan, minY = Double.nan
        if line.count < 2 { return (minX, minY) }
        for i in 0..<(line.count - 1) {
            var x = line[i].0, y = line[i].1
            var dx = wrap(line[i + 1].0 - x) * kx
            var dy = (line[i + 1].1 - y) * ky
            var t = 0.0
            if dx != 0 || dy != 0 {
                t = (wrap(p.0 - x) * kx * dx + (p.1 - y) * ky * dy) / (dx * dx + dy * dy)
                if t > 1 { x = line[i + 1].0; y = line[i + 1].1 } else if t > 0 { x += (dx / kx) * t; y += (dy / ky) * t }
            }
            dx = wrap(p.0 - x) * kx
            dy = (p.1 - y) * ky
            let sq = dx * dx + dy * dy
            if sq < minDist { minDist = sq; minX = x; minY = y }
        }
        return (minX, minY)
    }
}

/// One simple geometry argument of `distance`.
enum SimpleGeometry {
    case point(Pt)
    case line([Pt])
    case polygon([[Pt]])
}

/// `["distance", geojson]`: shortest distance in metres from the feature to the given geometry.
final class DistanceExpr: Expr, @unchecked Sendable {
    let geometries: [SimpleGeometry]
    init(geometries: [SimpleGeometry]) { self.geometries = geometries; super.init(type: .number) }
    override var outputDefined: Bool { true }

    static func simple(_ g: JSONValue?) -> [SimpleGeometry]? {
        let c = g?["coordinates"]
        switch g?["type"]?.string {
        case "Point": return GeoJSONCoordinates.point(c).map { [.point($0)] }
        case "MultiPoint": return GeoJSONCoordinates.line(c).map { $0.map { .point($0) } }
        case "LineString": return GeoJSONCoordinates.line(c).map { [.line($0)] }
        case "MultiLineString": return GeoJSONCoordinates.polygon(c).map { $0.map { .line($0) } }
        case "Polygon": return GeoJSONCoordinates.polygon(c).map { [.polygon($0)] }
        case "MultiPolygon":
            guard let a = c?.array else { return nil }
            var out: [SimpleGeometry] = []
            for p in a { guard let q = GeoJSONCoordinates.polygon(p) else { return nil }; out.append(.polygon(q)) }
            return out
        default: return nil
        }
    }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            return context.error("'distance' expression requires exactly one argument, but found \(args.count - 1) instead.")
        }
        let g = args[1]
        switch g["type"]?.string {
        case "FeatureCollection":
            var all: [SimpleGeometry] = []
            for f in g["features"]?.array ?? [] { all += simple(f["geometry"]) ?? [] }
            return DistanceExpr(geometries: all)
        case "Feature":
            if let s = simple(g["geometry"]) { return DistanceExpr(geometries: s) }
        default:
            if g["coordinates"] != nil, let s = simple(g) { return DistanceExpr(geometries: s) }
        }
        return context.error("'distance' expression requires valid geojson object that contains polygon geometry type.")
    }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        guard let f = ctx.feature, let g = f.geometry, let c = ctx.canonical else { return .number(.nan) }
        let rings = TileGeometry.featureRings(g, c)
        switch f.geometryType {
        case "Point":
            let pts = rings.flatMap { $0 }.map { TileGeometry.lngLat(fromTile: $0, c) }
            if pts.isEmpty { return .number(.nan) }
            return .number(Self.setDistance(pts, isLine: false, geometries, CheapRuler(lat: pts[0].1)))
        case "LineString":
            let pts = rings.flatMap { $0 }.map { TileGeometry.lngLat(fromTile: $0, c) }
            if rings.isEmpty || pts.isEmpty { return .number(.nan) }
            return .number(Self.setDistance(pts, isLine: true, geometries, CheapRuler(lat: pts[0].1)))
        case "Polygon":
            if rings.isEmpty || rings[0].isEmpty { return .number(.nan) }
            let polygons = Self.classifyRings(rings).map { $0.map { $0.map { TileGeometry.lngLat(fromTile: $0, c) } } }
            guard let first = polygons.first?.first?.first else { return .number(.nan) }
            let ruler = CheapRuler(lat: first.1)
            var dist = Double.infinity
            for geometry in geometries {
                for polygon in polygons {
                    switch geometry {
                    case .point(let p): dist = min(dist, Self.pointsToPolygon([p], isLine: false, polygon, ruler, dist))
                    case .line(let l): dist = min(dist, Self.pointsToPolygon(l, isLine: true, polygon, ruler, dist))
                    case .polygon(let q): dist = min(dist, Self.polygonToPolygon(polygon, q, ruler, dist))
                    }
                    if dist == 0 { return .number(0) }
                }
            }
            return .number(dist)
        default:
            return .number(.nan)
        }
    }

    static func setDistance(_ pts: [Pt], isLine: Bool, _ geometries: [SimpleGeometry], _ ruler: CheapRuler) -> Double {
        var dist = Double.infinity
        for geometry in geometries {
            switch geometry {
            case .point(let p): dist = min(dist, pointSetToPointSet(pts, isLine, [p], false, ruler, dist))
            case .line(let l): dist = min(dist, pointSetToPointSet(pts, isLine, l, true, ruler, dist))
            case .polygon(let q): dist = min(dist, pointsToPolygon(pts, isLine: isLine, q, ruler, dist))
            }
            if dist == 0 { return 0 }
        }
        return dist
    }

    // MARK: - Ported helpers

    typealias Range2 = (Int, Int)
    static let minPointsSize = 100, minLinePointsSize = 50

    static func rangeSize(_ r: Range2) -> Int { r.1 - r.0 + 1 }
    static func isRangeSafe(_ r: Range2, _ threshold: Int) -> Bool { r.1 >= r.0 && r.1 < threshold }
    static func splitRange(_ r: Range2, _ isLine: Bool) -> (Range2?, Range2?) {
        if r.0 > r.1 { return (nil, nil) }
        let size = rangeSize(r)
        if isLine {
            if size == 2 { return (r, nil) }
            let s1 = size / 2
            return ((r.0, r.0 + s1), (r.0 + s1, r.1))
        }
        if size == 1 { return (r, nil) }
        let s1 = size / 2 - 1
        return ((r.0, r.0 + s1), (r.0 + s1 + 1, r.1))
    }
    static func bbox(_ coords: [Pt], _ r: Range2) -> TileGeometry.BBox {
        var b = TileGeometry.emptyBBox
        if !isRangeSafe(r, coords.count) { return b }
        for i in r.0...r.1 { TileGeometry.update(&b, coords[i]) }
        return b
    }
    static func polygonBBox(_ p: [[Pt]]) -> TileGeometry.BBox {
        var b = TileGeometry.emptyBBox
        for ring in p { for q in ring { TileGeometry.update(&b, q) } }
        return b
    }
    static func isValid(_ b: TileGeometry.BBox) -> Bool { b.0 != -.infinity && b.1 != -.infinity && b.2 != .infinity && b.3 != .infinity }
    static func bboxDistance(_ a: TileGeometry.BBox, _ b: TileGeometry.BBox, _ ruler: CheapRuler) -> Double {
        if !isValid(a) || !isValid(b) { return .nan }
        var dx = 0.0, dy = 0.0
        if a.2 < b.0 { dx = b.0 - a.2 }
        if a.0 > b.2 { dx = a.0 - b.2 }
        if a.1 > b.3 { dy = a.1 - b.3 }
        if a.3 < b.1 { dy = b.1 - a.3 }
        return ruler.distance((0, 0), (dx, dy))
    }
    static func pointToLine(_ p: Pt, _ line: [Pt], _ ruler: CheapRuler) -> Double { ruler.distance(p, ruler.pointOnLine(line, p)) }
    static func segmentToSegment(_ p1: Pt, _ p2: Pt, _ q1: Pt, _ q2: Pt, _ ruler: CheapRuler) -> Double {
        let d1 = min(pointToLine(p1, [q1, q2], ruler), pointToLine(p2, [q1, q2], ruler))
        let d2 = min(pointToLine(q1, [p1, p2], ruler), pointToLine(q2, [p1, p2], ruler))
        return min(d1, d2)
    }
    static func lineToLine(_ l1: [Pt], _ r1: Range2, _ l2: [Pt], _ r2: Range2, _ ruler: CheapRuler) -> Double {
        if !(isRangeSafe(r1, l1.count) && isRangeSafe(r2, l2.count)) { return .infinity }
        var dist = Double.infinity
        var i = r1.0
        while i < r1.1 {
            var j = r2.0
            while j < r2.1 {
                if TileGeometry.segmentIntersectSegment(l1[i], l1[i + 1], l2[j], l2[j + 1]) { return 0 }
                dist = min(dist, segmentToSegment(l1[i], l1[i + 1], l2[j], l2[j + 1], ruler))
                j += 1
            }
            i += 1
        }
        return dist
    }
    static func pointsToPoints(_ a: [Pt], _ r1: Range2, _ b: [Pt], _ r2: Range2, _ ruler: CheapRuler) -> Double {
        if !(isRangeSafe(r1, a.count) && isRangeSafe(r2, b.count)) { return .nan }
        var dist = Double.infinity
        for i in r1.0...r1.1 {
            for j in r2.0...r2.1 {
                dist = min(dist, ruler.distance(a[i], b[j]))
                if dist == 0 { return dist }
            }
        }
        return dist
    }
    static func pointToPolygon(_ p: Pt, _ polygon: [[Pt]], _ ruler: CheapRuler) -> Double {
        if TileGeometry.pointWithinPolygon(p, polygon, trueIfOnBoundary: true) { return 0 }
        var dist = Double.infinity
        for ring in polygon where !ring.isEmpty {
            let front = ring[0], back = ring[ring.count - 1]
            if front.0 != back.0 || front.1 != back.1 {
                dist = min(dist, pointToLine(p, [back, front], ruler))
                if dist == 0 { return dist }
            }
            dist = min(dist, ruler.distance(p, ruler.pointOnLine(ring, p)))
            if dist == 0 { return dist }
        }
        return dist
    }
    static func lineToPolygon(_ line: [Pt], _ r: Range2, _ polygon: [[Pt]], _ ruler: CheapRuler) -> Double {
        if !isRangeSafe(r, line.count) { return .nan }
        for i in r.0...r.1 where TileGeometry.pointWithinPolygon(line[i], polygon, trueIfOnBoundary: true) { return 0 }
        var dist = Double.infinity
        var i = r.0
        while i < r.1 {
            let p1 = line[i], p2 = line[i + 1]
            for ring in polygon where !ring.isEmpty {
                var k = ring.count - 1
                for j in 0..<ring.count {
                    let q1 = ring[k], q2 = ring[j]
                    if TileGeometry.segmentIntersectSegment(p1, p2, q1, q2) { return 0 }
                    dist = min(dist, segmentToSegment(p1, p2, q1, q2, ruler))
                    k = j
                }
            }
            i += 1
        }
        return dist
    }
    static func polygonIntersect(_ a: [[Pt]], _ b: [[Pt]]) -> Bool {
        for ring in a { for p in ring where TileGeometry.pointWithinPolygon(p, b, trueIfOnBoundary: true) { return true } }
        return false
    }
    static func polygonToPolygon(_ p1: [[Pt]], _ p2: [[Pt]], _ ruler: CheapRuler, _ current: Double) -> Double {
        let b1 = polygonBBox(p1), b2 = polygonBBox(p2)
        if current != .infinity && bboxDistance(b1, b2, ruler) >= current { return current }
        if TileGeometry.boxWithinBox(b1, b2) {
            if polygonIntersect(p1, p2) { return 0 }
        } else if polygonIntersect(p2, p1) { return 0 }
        var dist = Double.infinity
        for r1 in p1 where !r1.isEmpty {
            var l = r1.count - 1
            for i in 0..<r1.count {
                let a = r1[l], b = r1[i]
                for r2 in p2 where !r2.isEmpty {
                    var k = r2.count - 1
                    for j in 0..<r2.count {
                        let q1 = r2[k], q2 = r2[j]
                        if TileGeometry.segmentIntersectSegment(a, b, q1, q2) { return 0 }
                        dist = min(dist, segmentToSegment(a, b, q1, q2, ruler))
                        k = j
                    }
                }
                l = i
            }
        }
        return dist
    }

    static func pointsToPolygon(_ points: [Pt], isLine: Bool, _ polygon: [[Pt]], _ ruler: CheapRuler, _ current: Double) -> Double {
        guard let first = points.first, let p0 = polygon.first?.first else { return .nan }
        var miniDist = min(ruler.distance(first, p0), current)
        if miniDist == 0 { return miniDist }
        var queue: [(Double, Range2)] = [(0, (0, points.count - 1))]
        let polyBBox = polygonBBox(polygon)
        while let pair = queue.popLast() {
            if pair.0 >= miniDist { continue }
            let range = pair.1
            let threshold = isLine ? minLinePointsSize : minPointsSize
            if rangeSize(range) <= threshold {
                if !isRangeSafe(range, points.count) { return .nan }
                if isLine {
                    let d = lineToPolygon(points, range, polygon, ruler)
                    if d.isNaN || d == 0 { return d }
                    miniDist = min(miniDist, d)
                } else {
                    for i in range.0...range.1 {
                        miniDist = min(miniDist, pointToPolygon(points[i], polygon, ruler))
                        if miniDist == 0 { return 0 }
                    }
                }
            } else {
                let (a, b) = splitRange(range, isLine)
                for r in [a, b].compactMap({ $0 }) {
                    let d = bboxDistance(bbox(points, r), polyBBox, ruler)
                    if d < miniDist { queue.append((d, r)) }
                }
            }
        }
        return miniDist
    }

    static func pointSetToPointSet(_ s1: [Pt], _ isLine1: Bool, _ s2: [Pt], _ isLine2: Bool, _ ruler: CheapRuler, _ current: Double) -> Double {
        guard let a0 = s1.first, let b0 = s2.first else { return .nan }
        var miniDist = min(current, ruler.distance(a0, b0))
        if miniDist == 0 { return miniDist }
        var queue: [(Double, Range2, Range2)] = [(0, (0, s1.count - 1), (0, s2.count - 1))]
        while let pair = queue.popLast() {
            if pair.0 >= miniDist { continue }
            let ra = pair.1, rb = pair.2
            let t1 = isLine1 ? minLinePointsSize : minPointsSize
            let t2 = isLine2 ? minLinePointsSize : minPointsSize
            if rangeSize(ra) <= t1 && rangeSize(rb) <= t2 {
                if !isRangeSafe(ra, s1.count) && isRangeSafe(rb, s2.count) { return .nan }
                if isLine1 && isLine2 {
                    miniDist = min(miniDist, lineToLine(s1, ra, s2, rb, ruler))
                } else if isLine1 && !isLine2 {
                    let sub = Array(s1[ra.0...ra.1])
                    for i in rb.0...rb.1 {
                        miniDist = min(miniDist, pointToLine(s2[i], sub, ruler))
                        if miniDist == 0 { return miniDist }
                    }
                } else if !isLine1 && isLine2 {
                    let sub = Array(s2[rb.0...rb.1])
                    for i in ra.0...ra.1 {
                        miniDist = min(miniDist, pointToLine(s1[i], sub, ruler))
                        if miniDist == 0 { return miniDist }
                    }
                } else {
                    miniDist = min(miniDist, pointsToPoints(s1, ra, s2, rb, ruler))
                }
            } else {
                let (a1, a2) = splitRange(ra, isLine1)
                let (b1, b2) = splitRange(rb, isLine2)
                for (x, y) in [(a1, b1), (a1, b2), (a2, b1), (a2, b2)] {
                    guard let x, let y else { continue }
                    let d = bboxDistance(bbox(s1, x), bbox(s2, y), ruler)
                    if d < miniDist { queue.append((d, x, y)) }
                }
            }
        }
        return miniDist
    }

    /// The spec's `classifyRings` (outer rings and their holes by winding).
    static func classifyRings(_ rings: [[Pt]]) -> [[[Pt]]] {
        if rings.count <= 1 { return [rings] }
        var polygons: [[[Pt]]] = []
        var polygon: [[Pt]]?
        var ccw: Bool?
        for ring in rings {
            var sum = 0.0
            var j = ring.count - 1
            for i in 0..<ring.count {
                let p1 = ring[i], p2 = ring[j]
                sum += (p2.0 - p1.0) * (p1.1 + p2.1)
                j = i
            }
            if sum == 0 { continue }
            if ccw == nil { ccw = sum < 0 }
            if ccw == (sum < 0) {
                if let p = polygon { polygons.append(p) }
                polygon = [ring]
            } else {
                polygon?.append(ring)
            }
        }
        if let p = polygon { polygons.append(p) }
        return polygons
    }
}
