import MapStyle
import Foundation

/// One vertex of MapLibre's line mesh: a point on the line, its extrusion (in half-widths), the
/// shader's normal attribute (x = round flag, y = -1/+1 side) and the distance along the line.
struct LineVertex: Sendable {
    var position: Point
    var extrude: Point
    var normal: Point
    /// `a_direction`: -1, 0 or +1 (which way a cap extends); rotates `line-offset` at caps.
    var direction: Double
    var along: Double
}

/// A port of MapLibre Native's polyline tessellation (`gfx::PolylineGenerator`): joins (miter, bevel,
/// flip-bevel, fake-round pie slices, round), caps (butt, square, round), extra vertices near sharp
/// corners and line-distance resets, producing the same triangles MapLibre's line shader draws.
struct LineTessellator {
    private(set) var vertices: [LineVertex] = []
    private(set) var triangles: [(Int, Int, Int)] = []
    private var e1 = -1, e2 = -1, e3 = -1

    /// Geometry options.
    struct Options {
        var join: LineJoin
        var cap: LineCap
        var miterLimit: Double
        var roundLimit: Double
        /// Distance from a sharp corner at which an extra vertex is placed (15 tile pixels).
        var sharpCornerOffset: Double
        /// Distance along the line after which it restarts at zero (MapLibre's buffer limit).
        var maxDistance: Double
        /// Polygon ring (closed, butt end cap, joined all round).
        var polygon: Bool
        /// Vector-tile units per plane pixel: MapLibre rounds corner vertices to whole units and
        /// stores distances in steps of two units. Zero disables both.
        var tileUnitsPerPixel: Double = 0
        /// The distance along the line at its first point (a piece of a longer line: the globe's runs in
        /// front of the horizon).
        var startDistance: Double = 0
        /// For a piece of a polygon's ring that starts at the ring's first point: the ring's point before it, so
        /// that the piece's first point is joined as the whole ring's is (``polygon``), not capped.
        var before: Point? = nil
        /// For a piece of a ring that ends at the ring's last point: the ring's point after it (its second).
        var after: Point? = nil
    }

    private var unitsPerPixel = 0.0

    /// Rounds a vector to whole tile units (MapLibre's int16 vertex coordinates).
    private func roundedToUnits(_ v: Point) -> Point {
        guard unitsPerPixel > 0 else { return v }
        return Point(x: (v.x * unitsPerPixel).rounded() / unitsPerPixel, y: (v.y * unitsPerPixel).rounded() / unitsPerPixel)
    }

    init() {}

    /// The bytes its storage holds (``PaintScratch``).
    var byteCount: Int {
        vertices.capacity * MemoryLayout<LineVertex>.stride + triangles.capacity * MemoryLayout<(Int, Int, Int)>.stride
    }

    private static let cosHalfSharpCorner = cos(75.0 / 2.0 * Double.pi / 180)
    private static let degreesPerTriangle = 20.0

    /// Tessellates one line (plane coordinates). Rings for polygons must repeat their first point last.
    mutating func tessellate(_ coordinates: [Point], options: Options) {
        vertices.removeAll(keepingCapacity: true)
        triangles.removeAll(keepingCapacity: true)
        unitsPerPixel = options.tileUnitsPerPixel
        var len = coordinates.count
        while len >= 2 && coordinates[len - 1] == coordinates[len - 2] { len -= 1 }
        var first = 0
        while first < len - 1 && coordinates[first] == coordinates[first + 1] { first += 1 }
        if len < (options.polygon ? 3 : 2) { return }
        let miterLimit = options.join == .bevel ? 1.05 : options.miterLimit
        let beginCap = options.cap
        let endCap: LineCap = options.polygon ? .butt : options.cap
        var distance = options.startDistance
        var startOfLine = true
        var current: Point? = nil
        var prev: Point? = nil
        var next: Point? = nil
        var prevNormal: Point? = nil
        var nextNormal: Point? = nil
        e1 = -1; e2 = -1; e3 = -1
        if options.polygon {
            current = coordinates[len - 2]
            nextNormal = (coordinates[first] - coordinates[len - 2]).normalized.perpendicular
        } else if let before = options.before, before != coordinates[first] {
            current = before
            nextNormal = (coordinates[first] - before).normalized.perpendicular
        }
        for i in first..<len {
            if options.polygon && i == len - 1 {
                next = coordinates[first + 1]
            } else if i + 1 < len {
                next = coordinates[i + 1]
            } else {
                next = options.after == coordinates[i] ? nil : options.after
            }
            if let n = next, coordinates[i] == n { continue }
            if let n = nextNormal { prevNormal = n }
            if let c = current { prev = c }
            let cur = coordinates[i]
            current = cur
            nextNormal = next.map { ($0 - cur).normalized.perpendicular } ?? prevNormal
            if prevNormal == nil { prevNormal = nextNormal }
            guard let pn = prevNormal, let nn = nextNormal else { continue }
            var joinNormal = pn + nn
            if joinNormal.x != 0 || joinNormal.y != 0 { joinNormal = joinNormal.normalized }
            let cosAngle = pn.dot(nn)
            let cosHalfAngle = joinNormal.dot(nn)
            let miterLength = cosHalfAngle != 0 ? 1 / cosHalfAngle : .infinity
            let approxAngle = 2 * (max(0, 2 - 2 * cosHalfAngle)).squareRoot()
            let isSharpCorner = cosHalfAngle < LineTessellator.cosHalfSharpCorner && prev != nil && next != nil
            if isSharpCorner && i > first, let p = prev {
                let prevLength = (cur - p).length
                if prevLength > 2 * options.sharpCornerOffset {
                    let newPrev = cur - roundedToUnits((cur - p) * (options.sharpCornerOffset / prevLength))
                    distance += (newPrev - p).length
                    addCurrentVertex(newPrev, &distance, pn, 0, 0, false, options.maxDistance)
                    prev = newPrev
                }
            }
            let middle = prev != nil && next != nil
            enum Kind { case miter, bevel, round, fakeRound, flipBevel }
            var kind: Kind
            switch options.join {
            case .miter: kind = .miter
            case .bevel: kind = .bevel
            case .round: kind = .round
            }
            let currentCap = next != nil ? beginCap : endCap
            if middle {
                if kind == .round {
                    if miterLength < options.roundLimit { kind = .miter } else if miterLength <= 2 { kind = .fakeRound }
                }
                if kind == .miter && miterLength > miterLimit { kind = .bevel }
                if kind == .bevel {
                    if miterLength > 2 { kind = .flipBevel }
                    if miterLength < miterLimit { kind = .miter }
                }
            }
            if let p = prev { distance += (cur - p).length }
            if middle && kind == .miter {
                addCurrentVertex(cur, &distance, joinNormal * miterLength, 0, 0, false, options.maxDistance)
            } else if middle && kind == .flipBevel {
                var jn: Point
                if miterLength > 100 {
                    jn = nn * -1
                } else {
                    let direction: Double = pn.x * nn.y - pn.y * nn.x > 0 ? -1 : 1
                    let bevelLength = miterLength * (pn + nn).length / max((pn - nn).length, 1e-12)
                    jn = joinNormal.perpendicular * bevelLength * direction
                }
                addCurrentVertex(cur, &distance, jn, 0, 0, false, options.maxDistance)
                addCurrentVertex(cur, &distance, jn * -1, 0, 0, false, options.maxDistance)
            } else if middle && (kind == .bevel || kind == .fakeRound) {
                let lineTurnsLeft = pn.x * nn.y - pn.y * nn.x > 0
                let offset = -(max(0, miterLength * miterLength - 1)).squareRoot()
                let offsetA = lineTurnsLeft ? offset : 0
                let offsetB = lineTurnsLeft ? 0 : offset
                if !startOfLine {
                    addCurrentVertex(cur, &distance, pn, offsetA, offsetB, false, options.maxDistance)
                }
                if kind == .fakeRound {
                    let n = Int((approxAngle * 180 / Double.pi / LineTessellator.degreesPerTriangle).rounded())
                    if n > 1 {
                        for m in 1..<n {
                            var t = Double(m) / Double(n)
                            if t != 0.5 {
                                let t2 = t - 0.5
                                let a = 1.0904 + cosAngle * (-3.2452 + cosAngle * (3.55645 - cosAngle * 1.43519))
                                let b = 0.848013 + cosAngle * (-1.06021 + cosAngle * 0.215638)
                                t = t + t * t2 * (t - 1) * (a * t2 * t2 + b)
                            }
                            let fractional = (pn * (1 - t) + nn * t).normalized
                            addPieSliceVertex(cur, distance, fractional, lineTurnsLeft)
                        }
                    }
                }
                if next != nil {
                    addCurrentVertex(cur, &distance, nn, -offsetA, -offsetB, false, options.maxDistance)
                }
            } else if !middle && currentCap == .butt {
                if !startOfLine { addCurrentVertex(cur, &distance, pn, 0, 0, false, options.maxDistance) }
                if next != nil { addCurrentVertex(cur, &distance, nn, 0, 0, false, options.maxDistance) }
            } else if !middle && currentCap == .square {
                if !startOfLine {
                    addCurrentVertex(cur, &distance, pn, 1, 1, false, options.maxDistance)
                    e1 = -1; e2 = -1
                }
                if next != nil { addCurrentVertex(cur, &distance, nn, -1, -1, false, options.maxDistance) }
            } else if middle ? kind == .round : currentCap == .round {
                if !startOfLine {
                    addCurrentVertex(cur, &distance, pn, 0, 0, false, options.maxDistance)
                    addCurrentVertex(cur, &distance, pn, 1, 1, true, options.maxDistance)
                    e1 = -1; e2 = -1
                }
                if next != nil {
                    addCurrentVertex(cur, &distance, nn, -1, -1, true, options.maxDistance)
                    addCurrentVertex(cur, &distance, nn, 0, 0, false, options.maxDistance)
                }
            }
            if isSharpCorner && i < len - 1, let n = next {
                let nextLength = (cur - n).length
                if nextLength > 2 * options.sharpCornerOffset {
                    let newCurrent = cur + roundedToUnits((n - cur) * (options.sharpCornerOffset / nextLength))
                    distance += (newCurrent - cur).length
                    addCurrentVertex(newCurrent, &distance, nn, 0, 0, false, options.maxDistance)
                    current = newCurrent
                }
            }
            startOfLine = false
        }
    }

    private mutating func push(_ v: LineVertex) {
        var v = v
        if unitsPerPixel > 0 {
            // linesofar is stored as an integer count of two-unit steps. MapLibre measures whole tile
            // units exactly; in plane pixels a whole count can come out a hair under, so allow for it.
            v.along = (v.along * unitsPerPixel * 0.5 + 1e-6).rounded(.towardZero) * 2 / unitsPerPixel
        }
        vertices.append(v)
        e3 = vertices.count - 1
        if e1 >= 0 && e2 >= 0 { triangles.append((e1, e2, e3)) }
    }

    private mutating func addCurrentVertex(_ p: Point, _ distance: inout Double, _ normal: Point, _ endLeft: Double,
                                           _ endRight: Double, _ round: Bool, _ maxDistance: Double) {
        var extrude = normal
        if endLeft != 0 { extrude = extrude - normal.perpendicular * endLeft }
        push(LineVertex(position: p, extrude: extrude, normal: Point(x: round ? 1 : 0, y: -1),
                        direction: endLeft, along: distance))
        e1 = e2; e2 = e3
        extrude = normal * -1
        if endRight != 0 { extrude = extrude - normal.perpendicular * endRight }
        push(LineVertex(position: p, extrude: extrude, normal: Point(x: round ? 1 : 0, y: 1),
                        direction: -endRight, along: distance))
        e1 = e2; e2 = e3
        if distance > maxDistance / 2 {
            distance = 0
            addCurrentVertex(p, &distance, normal, endLeft, endRight, round, maxDistance)
        }
    }

    private mutating func addPieSliceVertex(_ p: Point, _ distance: Double, _ extrude: Point, _ lineTurnsLeft: Bool) {
        let flipped = extrude * (lineTurnsLeft ? -1 : 1)
        push(LineVertex(position: p, extrude: flipped, normal: Point(x: 0, y: lineTurnsLeft ? 1 : -1),
                        direction: 0, along: distance))
        if lineTurnsLeft { e2 = e3 } else { e1 = e3 }
    }
}

/// A value interpolated linearly over a triangle, as a GPU interpolates a vertex attribute:
/// `value(q) = base + dot(gradient, q - origin)`.
struct AffineValue: Sendable {
    var origin: Point
    var gradient: Point
    var base: Double

    /// The affine function through three points with three values, or nil for a degenerate triangle.
    init?(_ p0: Point, _ p1: Point, _ p2: Point, _ v0: Double, _ v1: Double, _ v2: Double) {
        let e1 = p1 - p0, e2 = p2 - p0
        let det = e1.cross(e2)
        if abs(det) < 1e-12 { return nil }
        let d1 = v1 - v0, d2 = v2 - v0
        gradient = Point(x: (d1 * e2.y - d2 * e1.y) / det, y: (d2 * e1.x - d1 * e2.x) / det)
        origin = p0
        base = v0
    }

    @inline(__always)
    func callAsFunction(_ q: Point) -> Double {
        base + gradient.x * (q.x - origin.x) + gradient.y * (q.y - origin.y)
    }
}
