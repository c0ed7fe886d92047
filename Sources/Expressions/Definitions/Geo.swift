import Foundation
import GeoJSON

typealias Pt = (Double, Double)

/// Tile-space helpers of the spec's `geometry_util` (8192-unit tiles, Web Mercator).
enum TileGeometry {
    static let extent = 8192.0

    static func mercatorX(_ lng: Double) -> Double { (180 + lng) / 360 }
    static func mercatorY(_ lat: Double) -> Double { WebMercator.unclampedWorldY(latitude: lat) }

    /// World tile coordinates at the canonical zoom (`getTileCoordinates`).
    static func tileCoordinates(_ p: Pt, _ c: TileID) -> Pt {
        let tiles = pow(2.0, Double(c.z))
        return (jsRound(mercatorX(p.0) * tiles * extent), jsRound(mercatorY(p.1) * tiles * extent))
    }

    /// Feature coordinates inside the tile (what a vector tile stores).
    static func tilePoint(_ p: Pt, _ c: TileID) -> Pt {
        let tiles = pow(2.0, Double(c.z))
        return (jsRound((mercatorX(p.0) * tiles - Double(c.x)) * extent), jsRound((mercatorY(p.1) * tiles - Double(c.y)) * extent))
    }

    static func lngLat(fromTile p: Pt, _ c: TileID) -> Pt {
        let tiles = pow(2.0, Double(c.z))
        let x = (p.0 / extent + Double(c.x)) / tiles
        let y = (p.1 / extent + Double(c.y)) / tiles
        return (WebMercator.longitude(worldX: x), WebMercator.latitude(worldY: y))
    }

    /// Feature geometry as tile-space point lists, the way a vector tile feature holds it.
    static func featureRings(_ g: Geometry, _ c: TileID) -> [[Pt]] {
        func list(_ l: PositionList) -> [Pt] { (0..<l.count).map { tilePoint((l.x($0), l.y($0)), c) } }
        switch g {
        case .point(let p): return [[tilePoint((p.longitude, p.latitude), c)]]
        case .multiPoint(let l): return list(l).map { [$0] }
        case .lineString(let l): return [list(l)]
        case .multiLineString(let ls): return ls.map(list)
        case .polygon(let rings): return rings.map(list)
        case .multiPolygon(let polys): return polys.flatMap { $0.map(list) }
        case .geometryCollection: return []
        }
    }

    typealias BBox = (Double, Double, Double, Double)
    static let emptyBBox: BBox = (.infinity, .infinity, -.infinity, -.infinity)

    static func update(_ b: inout BBox, _ p: Pt) {
        b.0 = min(b.0, p.0); b.1 = min(b.1, p.1); b.2 = max(b.2, p.0); b.3 = max(b.3, p.1)
    }
    static func boxWithinBox(_ a: BBox, _ b: BBox) -> Bool {
        if a.0 <= b.0 { return false }
        if a.2 >= b.2 { return false }
        if a.1 <= b.1 { return false }
        if a.3 >= b.3 { return false }
        return true
    }
    static func rayIntersect(_ p: Pt, _ p1: Pt, _ p2: Pt) -> Bool {
        ((p1.1 > p.1) != (p2.1 > p.1)) && (p.0 < (p2.0 - p1.0) * (p.1 - p1.1) / (p2.1 - p1.1) + p1.0)
    }
    static func pointOnBoundary(_ p: Pt, _ p1: Pt, _ p2: Pt) -> Bool {
        let x1 = p.0 - p1.0, y1 = p.1 - p1.1, x2 = p.0 - p2.0, y2 = p.1 - p2.1
        return (x1 * y2 - x2 * y1 == 0) && (x1 * x2 <= 0) && (y1 * y2 <= 0)
    }
    static func perp(_ v1: Pt, _ v2: Pt) -> Double { v1.0 * v2.1 - v1.1 * v2.0 }
    static func twoSided(_ p1: Pt, _ p2: Pt, _ q1: Pt, _ q2: Pt) -> Bool {
        let x1 = p1.0 - q1.0, y1 = p1.1 - q1.1, x2 = p2.0 - q1.0, y2 = p2.1 - q1.1, x3 = q2.0 - q1.0, y3 = q2.1 - q1.1
        let det1 = x1 * y3 - x3 * y1, det2 = x2 * y3 - x3 * y2
        return (det1 > 0 && det2 < 0) || (det1 < 0 && det2 > 0)
    }
    static func segmentIntersectSegment(_ a: Pt, _ b: Pt, _ c: Pt, _ d: Pt) -> Bool {
        if perp((d.0 - c.0, d.1 - c.1), (b.0 - a.0, b.1 - a.1)) == 0 { return false }
        return twoSided(a, b, c, d) && twoSided(c, d, a, b)
    }
    static func lineIntersectPolygon(_ p1: Pt, _ p2: Pt, _ polygon: [[Pt]]) -> Bool {
        for ring in polygon where ring.count > 1 {
            for j in 0..<(ring.count - 1) where segmentIntersectSegment(p1, p2, ring[j], ring[j + 1]) { return true }
        }
        return false
    }
    static func pointWithinPolygon(_ point: Pt, _ rings: [[Pt]], trueIfOnBoundary: Bool = false) -> Bool {
        var inside = false
        for ring in rings where ring.count > 1 {
            for j in 0..<(ring.count - 1) {
                if pointOnBoundary(point, ring[j], ring[j + 1]) { return trueIfOnBoundary }
                if rayIntersect(point, ring[j], ring[j + 1]) { inside.toggle() }
            }
        }
        return inside
    }
    static func pointWithinPolygons(_ point: Pt, _ polygons: [[[Pt]]]) -> Bool {
        polygons.contains { pointWithinPolygon(point, $0) }
    }
    static func lineStringWithinPolygon(_ line: [Pt], _ polygon: [[Pt]]) -> Bool {
        for p in line where !pointWithinPolygon(p, polygon) { return false }
        if line.count > 1 {
            for i in 0..<(line.count - 1) where lineIntersectPolygon(line[i], line[i + 1], polygon) { return false }
        }
        return true
    }
    static func lineStringWithinPolygons(_ line: [Pt], _ polygons: [[[Pt]]]) -> Bool {
        polygons.contains { lineStringWithinPolygon(line, $0) }
    }
}

/// Reads GeoJSON coordinates from JSON.
enum GeoJSONCoordinates {
    static func point(_ v: JSONValue?) -> Pt? {
        guard let a = v?.array, a.count >= 2, let x = a[0].number, let y = a[1].number else { return nil }
        return (x, y)
    }
    static func line(_ v: JSONValue?) -> [Pt]? {
        guard let a = v?.array else { return nil }
        var out: [Pt] = []
        for p in a { guard let q = point(p) else { return nil }; out.append(q) }
        return out
    }
    static func polygon(_ v: JSONValue?) -> [[Pt]]? {
        guard let a = v?.array else { return nil }
        var out: [[Pt]] = []
        for r in a { guard let q = line(r) else { return nil }; out.append(q) }
        return out
    }
}

/// `["within", geojson]`: whether the feature lies inside the given polygons.
final class WithinExpr: Expr, @unchecked Sendable {
    let polygons: [[[Pt]]] // lon/lat polygons
    init(polygons: [[[Pt]]]) { self.polygons = polygons; super.init(type: .boolean) }
    override var outputDefined: Bool { true }

    static func parse(_ args: [JSONValue], _ context: ParsingContext) -> Expr? {
        guard args.count == 2 else {
            return context.error("'within' expression requires exactly one argument, but found \(args.count - 1) instead.")
        }
        let g = args[1]
        func polys(_ geom: JSONValue?) -> [[[Pt]]]? {
            switch geom?["type"]?.string {
            case "Polygon": return GeoJSONCoordinates.polygon(geom?["coordinates"]).map { [$0] }
            case "MultiPolygon":
                guard let a = geom?["coordinates"]?.array else { return nil }
                var out: [[[Pt]]] = []
                for p in a { guard let q = GeoJSONCoordinates.polygon(p) else { return nil }; out.append(q) }
                return out
            default: return nil
            }
        }
        switch g["type"]?.string {
        case "FeatureCollection":
            var all: [[[Pt]]] = []
            for f in g["features"]?.array ?? [] { all += polys(f["geometry"]) ?? [] }
            if !all.isEmpty { return WithinExpr(polygons: all) }
        case "Feature":
            if let p = polys(g["geometry"]) { return WithinExpr(polygons: p) }
        default:
            if let p = polys(g) { return WithinExpr(polygons: p) }
        }
        return context.error("'within' expression requires valid geojson object that contains polygon geometry type.")
    }

    override func evaluate(_ ctx: EvaluationContext) throws(EvalError) -> ExpressionValue {
        guard let f = ctx.feature, let g = f.geometry, let c = ctx.canonical else { return .boolean(false) }
        let rings = TileGeometry.featureRings(g, c)
        let worldSize = pow(2.0, Double(c.z)) * TileGeometry.extent
        let shift = (Double(c.x) * TileGeometry.extent, Double(c.y) * TileGeometry.extent)
        var polyBBox = TileGeometry.emptyBBox
        let tilePolys = polygons.map { $0.map { $0.map { p -> Pt in
            let q = TileGeometry.tileCoordinates(p, c); TileGeometry.update(&polyBBox, q); return q } } }

        func updatePoint(_ p: inout Pt, _ bbox: inout TileGeometry.BBox) {
            if p.0 < polyBBox.0 || p.0 > polyBBox.2 {
                let half = worldSize * 0.5
                var s = (p.0 - polyBBox.0 > half) ? -worldSize : (polyBBox.0 - p.0 > half) ? worldSize : 0
                if s == 0 { s = (p.0 - polyBBox.2 > half) ? -worldSize : (polyBBox.2 - p.0 > half) ? worldSize : 0 }
                p.0 += s
            }
            TileGeometry.update(&bbox, p)
        }

        switch f.geometryType {
        case "Point":
            var bbox = TileGeometry.emptyBBox
            var points: [Pt] = []
            for ring in rings { for q in ring { var p = (q.0 + shift.0, q.1 + shift.1); updatePoint(&p, &bbox); points.append(p) } }
            if !TileGeometry.boxWithinBox(bbox, polyBBox) { return .boolean(false) }
            for p in points where !TileGeometry.pointWithinPolygons(p, tilePolys) { return .boolean(false) }
            return .boolean(true)
        case "LineString":
            var bbox = TileGeometry.emptyBBox
            var lines: [[Pt]] = rings.map { $0.map { q in let p = (q.0 + shift.0, q.1 + shift.1); TileGeometry.update(&bbox, p); return p } }
            if bbox.2 - bbox.0 <= worldSize / 2 {
                bbox = TileGeometry.emptyBBox
                for i in lines.indices { for j in lines[i].indices { updatePoint(&lines[i][j], &bbox) } }
            }
            if !TileGeometry.boxWithinBox(bbox, polyBBox) { return .boolean(false) }
            for l in lines where !TileGeometry.lineStringWithinPolygons(l, tilePolys) { return .boolean(false) }
            return .boolean(true)
        default:
            return .boolean(false)
        }
    }
}
