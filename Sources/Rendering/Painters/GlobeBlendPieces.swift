import Foundation
import Geo

extension PaintContext {
    /// A ring (world points, `flatShift` whole worlds off the copy a blend draws it in) of a blend with Mercator, partly
    /// or wholly past GL JS's blended clip, as GL JS draws it: GL JS cuts a fill on the fill grid (its subdivision) and
    /// clips each triangle where the blended clip z passes w, a plane in clip space, so the cut follows that surface
    /// through the ring's inside. The ring is cut into its cells' pieces, each piece clipped in clip space
    /// (Sutherland-Hodgman on `w - z`, the crossings interpolated there from the vertex in front, as GL interpolates
    /// them) and projected; the pieces go into `scratch.screenRings`, where their shared edges cancel under either fill rule.
    /// False, with nothing added, when the ring spans more than ``blendPieceCells`` cells.
    mutating func appendBlendPieces(world: [Point], flatShift: Double, globe g: GlobeView, offset: Point) -> Bool {
        guard world.count >= 3 else { return true }
        let cells = GlobeGranularity.cellsAcrossWorld(GlobeGranularity.fill, tileZoom: globeDataTileZoom)
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in world {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        // (bounds checked before they become cell indices: a ring far outside the world is cut round the outside)
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite, cells > 0,
              max(abs(minX), abs(maxX), abs(minY), abs(maxY)) * cells < 1e9 else { return false }
        let columns = (Int((minX * cells).rounded(.down)), Int((maxX * cells).rounded(.down)))
        let rows = (Int((minY * cells).rounded(.down)), Int((maxY * cells).rounded(.down)))
        guard (columns.1 - columns.0 + 1) * (rows.1 - rows.0 + 1) <= PaintContext.blendPieceCells else { return false }
        var clipped: [GlobeView.ClipVertex] = []
        for row in rows.0...rows.1 {
            let strip = GlobeSubdivision.clip(world, axis: \.y, from: Double(row) / cells, to: Double(row + 1) / cells)
            if strip.count < 3 { continue }
            for column in columns.0...columns.1 {
                let piece = GlobeSubdivision.clip(strip, axis: \.x, from: Double(column) / cells, to: Double(column + 1) / cells)
                if piece.count < 3 { continue }
                clipped.removeAll(keepingCapacity: true)
                PaintContext.inFront(of: piece.map { p in
                    g.clipVertex(sphere: g.spherePoint(worldX: p.x, y: p.y), flatX: p.x - flatShift, flatY: p.y,
                                 wx: p.x, wy: p.y, pole: false)
                }, into: &clipped)
                if clipped.count < 3 { continue }
                let screen = clipped.map { v in
                    GlobeMeshRasterizer.snapped(Point(x: g.halfWidth + v.x / v.w + offset.x, y: g.halfHeight + v.y / v.w + offset.y))
                }
                // GL JS culls a fill's back faces: a piece the projection turns over (seen from behind) draws nothing
                if (signedArea(piece) > 0) != (signedArea(screen) > 0) { continue }
                scratch.screenRings.append(screen)
            }
        }
        return true
    }

    /// The most fill-grid cells a ring's pieces are cut from (``appendBlendPieces(world:flatShift:globe:offset:)``).
    static let blendPieceCells = 1 << 16

    /// The part of a polygon of clip-space vertices in front of the clip (`d >= 0`) and the near plane (`n >= 0`),
    /// each crossing interpolated from the vertex in front (the same point from either side of a shared edge).
    static func inFront(of polygon: [GlobeView.ClipVertex], into out: inout [GlobeView.ClipVertex]) {
        var current = polygon
        for plane in 0..<2 {
            out.removeAll(keepingCapacity: true)
            let count = current.count
            for k in 0..<count {
                let p = current[k], q = current[(k + 1) % count]
                let dp = plane == 0 ? p.d : p.n, dq = plane == 0 ? q.d : q.n
                if dp >= 0 { out.append(p) }
                if (dp >= 0) != (dq >= 0) {
                    out.append(dp >= 0 ? .mix(p, q, dp / (dp - dq)) : .mix(q, p, dq / (dq - dp)))
                }
            }
            if out.count < 3 { return }
            if plane == 0 { current = out }
        }
    }
}

extension GlobeSubdivision {
    /// A closed ring clipped to the band `from...to` of one coordinate (Sutherland-Hodgman, both sides); each crossing
    /// interpolated from the edge's end with the lower coordinate, so that the rings either side of a cut share it.
    static func clip(_ ring: [Point], axis: WritableKeyPath<Point, Double>, from low: Double, to high: Double) -> [Point] {
        func side(_ input: [Point], keepsAbove: Bool, _ edge: Double) -> [Point] {
            guard let last = input.last else { return [] }
            var out: [Point] = []
            out.reserveCapacity(input.count + 4)
            var previous = last
            for p in input {
                let pin = keepsAbove ? p[keyPath: axis] >= edge : p[keyPath: axis] <= edge
                let qin = keepsAbove ? previous[keyPath: axis] >= edge : previous[keyPath: axis] <= edge
                if pin != qin {
                    let (a, b) = p[keyPath: axis] < previous[keyPath: axis] ? (p, previous) : (previous, p)
                    let t = (edge - a[keyPath: axis]) / (b[keyPath: axis] - a[keyPath: axis])
                    var crossing = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    crossing[keyPath: axis] = edge
                    out.append(crossing)
                }
                if pin { out.append(p) }
                previous = p
            }
            return out
        }
        // (a ring wholly inside is kept as it is)
        if ring.allSatisfy({ $0[keyPath: axis] >= low && $0[keyPath: axis] <= high }) { return ring }
        return side(side(ring, keepsAbove: true, low), keepsAbove: false, high)
    }
}
