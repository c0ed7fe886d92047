import MapStyle
import Foundation

/// One part of a stroke: a polygon (segment body, bevel triangle, cap or join disc) in the caller's
/// coordinates. The parts overlap at joins; fill them together with the non-zero rule for the outline.
struct StrokePiece: Sendable {
    /// The region.
    var polygon: [Point] = []
}

/// Stroke geometry parameters, in plane pixels.
struct StrokeStyle: Sendable {
    /// Half the stroke's extent from the centre line (MapLibre's `outset`).
    var extent: Double
    var join: LineJoin
    var cap: LineCap
    var miterLimit: Double
    var roundLimit: Double
}

/// Splits a polyline into stroke pieces with MapLibre's join rules: segment quads ending at miter
/// lines or butt ends, bevel triangles, round caps/joins (half discs), pie slices and square caps.
///
/// Used by the exact-area `Canvas.stroke`; the MapLibre-matching line painter uses ``LineTessellator``.
struct Stroker {
    private var piece = StrokePiece()
    /// Segments per half circle for round pieces.
    static let arcSegments = 16

    init() {}

    /// Removes consecutive duplicate points.
    static func deduplicated(_ points: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(points.count)
        for p in points where p.x.isFinite && p.y.isFinite {
            if let last = out.last, abs(last.x - p.x) < 1e-9, abs(last.y - p.y) < 1e-9 { continue }
            out.append(p)
        }
        return out
    }

    /// Shifts a polyline sideways by `offset` (positive = right of the direction), along miter vectors.
    static func offsetting(_ points: [Point], by offset: Double) -> [Point] {
        guard points.count >= 2, offset != 0 else { return points }
        var out = points
        for i in 0..<points.count {
            let nPrev = i > 0 ? (points[i] - points[i - 1]).normalized.perpendicular : nil
            let nNext = i + 1 < points.count ? (points[i + 1] - points[i]).normalized.perpendicular : nil
            var m: Point
            switch (nPrev, nNext) {
            case let (a?, b?):
                let c = 1 + a.dot(b)
                m = c > 1e-6 ? (a + b) * (1 / c) : a
            case let (a?, nil): m = a
            case let (nil, b?): m = b
            default: m = Point(x: 0, y: 0)
            }
            out[i] = points[i] + m * offset
        }
        return out
    }

    /// What happens at one interior vertex: where the incoming segment ends, where the outgoing one
    /// starts, and which extra piece fills the outside of the turn.
    private struct Join {
        var endLeft: Point, endRight: Point
        var startLeft: Point, startRight: Point
        enum Extra { case none, bevel(Point, Point), sector(Point, Point), halfDiscs }
        var extra: Extra = .none
    }

    /// Resolves the join at `b` between directions `d` (incoming) and `dNext` (outgoing) as MapLibre's
    /// line bucket does: round below the round limit and bevel below the miter limit become miter,
    /// miter past the miter limit becomes bevel, gentle round joins are drawn as pie slices.
    private func join(at b: Point, d: Point, dNext: Point, style: StrokeStyle) -> Join {
        let e = style.extent
        let nr = d.perpendicular, nNext = dNext.perpendicular
        let denom = 1 + nr.dot(nNext)
        let miterLength = denom > 1e-12 ? (2 / denom).squareRoot() : .infinity
        var kind = style.join
        var fakeRound = false
        if kind == .round {
            if miterLength < style.roundLimit { kind = .miter } else if miterLength <= 2 { fakeRound = true }
        }
        if kind == .miter && miterLength > style.miterLimit { kind = .bevel }
        if kind == .bevel && miterLength < style.miterLimit { kind = .miter }
        let outer: Double = nr.dot(dNext) <= 0 ? 1 : -1
        var j = Join(endLeft: b - nr * e, endRight: b + nr * e, startLeft: b - nNext * e, startRight: b + nNext * e)
        switch kind {
        case .miter:
            let m = (nr + nNext) * (1 / denom)
            j.endLeft = b - m * e
            j.endRight = b + m * e
            j.startLeft = j.endLeft
            j.startRight = j.endRight
        case .bevel:
            j.extra = .bevel(b + nr * (outer * e), b + nNext * (outer * e))
        case .round:
            j.extra = fakeRound ? .sector(nr * outer, nNext * outer) : .halfDiscs
        }
        return j
    }

    /// Emits the pieces of one polyline (deduplicated, at least two points). A `closed` ring (polygon
    /// outline) joins its last segment to its first and has no caps.
    mutating func stroke(_ input: [Point], closed: Bool = false, style: StrokeStyle, emit: (StrokePiece) -> Void) {
        var pts = input
        if closed, pts.count > 2, let f = pts.first, let l = pts.last, abs(f.x - l.x) < 1e-9, abs(f.y - l.y) < 1e-9 {
            pts.removeLast()
        }
        let n = pts.count
        guard n >= 2, style.extent > 0 else { return }
        let isClosed = closed && n >= 3
        let e = style.extent
        let segments = isClosed ? n : n - 1
        func direction(_ i: Int) -> Point { (pts[(i + 1) % n] - pts[i]).normalized }
        // joins[v] for every vertex that has both an incoming and an outgoing segment.
        var joins = [Join?](repeating: nil, count: n)
        for v in 0..<n {
            if !isClosed && (v == 0 || v == n - 1) { continue }
            let prev = (v - 1 + n) % n
            joins[v] = join(at: pts[v], d: direction(prev), dNext: direction(v), style: style)
        }
        for i in 0..<segments {
            let a = pts[i], b = pts[(i + 1) % n]
            let d = direction(i)
            let nr = d.perpendicular
            var startLeft = a - nr * e, startRight = a + nr * e
            var endLeft = b - nr * e, endRight = b + nr * e
            if let j = joins[i] {
                startLeft = j.startLeft
                startRight = j.startRight
            } else if style.cap == .square {
                startLeft = startLeft - d * e
                startRight = startRight - d * e
            } else if style.cap == .round {
                emitHalfDisc(center: a, normal: nr, direction: d * -1, extent: e, emit: emit)
            }
            let endJoin = joins[(i + 1) % n]
            if let j = endJoin {
                endLeft = j.endLeft
                endRight = j.endRight
            } else if style.cap == .square {
                endLeft = endLeft + d * e
                endRight = endRight + d * e
            }
            piece.polygon.removeAll(keepingCapacity: true)
            piece.polygon.append(startLeft)
            piece.polygon.append(endLeft)
            piece.polygon.append(endRight)
            piece.polygon.append(startRight)
            emit(piece)
            guard let j = endJoin else {
                if style.cap == .round {
                    emitHalfDisc(center: b, normal: nr, direction: d, extent: e, emit: emit)
                }
                continue
            }
            switch j.extra {
            case .none: break
            case let .bevel(p1, p2):
                piece.polygon.removeAll(keepingCapacity: true)
                piece.polygon.append(b)
                piece.polygon.append(p1)
                piece.polygon.append(p2)
                emit(piece)
            case let .sector(from, to):
                emitSector(center: b, from: from, to: to, extent: e, emit: emit)
            case .halfDiscs:
                let dNext = direction((i + 1) % n)
                emitHalfDisc(center: b, normal: nr, direction: d, extent: e, emit: emit)
                emitHalfDisc(center: b, normal: dNext.perpendicular, direction: dNext * -1, extent: e, emit: emit)
            }
        }
    }

    /// A half disc of radius `extent` on the `direction` side of the chord through `center` along `normal`.
    private mutating func emitHalfDisc(center: Point, normal: Point, direction: Point, extent: Double,
                                       emit: (StrokePiece) -> Void) {
        let k = Stroker.arcSegments
        let r = extent / cos(Double.pi / Double(2 * k))
        piece.polygon.removeAll(keepingCapacity: true)
        for j in 0...k {
            let t = Double.pi * Double(j) / Double(k)
            let v = normal * cos(t) + direction * sin(t)
            piece.polygon.append(center + v * (j == 0 || j == k ? extent : r))
        }
        emit(piece)
    }

    /// A pie slice from unit vector `from` to `to` (the shorter way) around `center`.
    private mutating func emitSector(center: Point, from: Point, to: Point, extent: Double,
                                     emit: (StrokePiece) -> Void) {
        let angle = acos(max(-1, min(1, from.dot(to))))
        let sign: Double = from.cross(to) >= 0 ? 1 : -1
        let k = max(1, Int((angle / (Double.pi / Double(Stroker.arcSegments))).rounded(.up)))
        let step = angle / Double(k)
        let r = extent / cos(step / 2)
        piece.polygon.removeAll(keepingCapacity: true)
        piece.polygon.append(center)
        for j in 0...k {
            let t = sign * step * Double(j)
            let v = Point(x: from.x * cos(t) - from.y * sin(t), y: from.x * sin(t) + from.y * cos(t))
            piece.polygon.append(center + v * (j == 0 || j == k ? extent : r))
        }
        emit(piece)
    }
}
