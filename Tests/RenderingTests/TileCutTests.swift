import Foundation
import Geo
import Testing
@testable import Rendering

/// A tile's polygons and lines cut to its buffered box (``TileCut``): what the tile draws inside the box is unchanged.
@Suite struct TileCutTests {
    static let box = TileCut.box(z: 3, x: 3, y: 2)

    /// A star of `points` tips around `centre` (world fractions), its tips `outer` and its notches `inner` away: a ring
    /// crossing the box's sides many times, in and out.
    static func star(centre: Point, outer: Double, inner: Double, points: Int = 9) -> [Point] {
        (0..<(2 * points)).map { k in
            let a = Double(k) * .pi / Double(points)
            let r = k.isMultiple(of: 2) ? outer : inner
            return Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
        }
    }

    @Test("the box is the tile and a quarter tile around it")
    func box() {
        let b = Self.box
        #expect(b.minX == 2.75 / 8 && b.maxX == 4.25 / 8 && b.minY == 1.75 / 8 && b.maxY == 3.25 / 8)
    }

    @Test("a ring within the box is kept as it is; one wholly outside is dropped")
    func withinAndOutside() {
        let inside = [Point(x: 0.4, y: 0.3), Point(x: 0.45, y: 0.3), Point(x: 0.45, y: 0.35)]
        #expect(TileCut.cut(ring: inside, to: Self.box) == inside)
        let outside = inside.map { Point(x: $0.x - 0.3, y: $0.y) }
        #expect(TileCut.cut(ring: outside, to: Self.box).isEmpty)
    }

    @Test("a ring crossing the box keeps every point's even-odd side inside the box, and lies within it")
    func windingKept() {
        let b = Self.box
        let centre = Point(x: (b.minX + b.maxX) / 2 + 0.03, y: (b.minY + b.maxY) / 2 - 0.02)
        for (outer, inner) in [(0.15, 0.05), (0.3, 0.08), (0.12, 0.11)] {
            let ring = Self.star(centre: centre, outer: outer, inner: inner)
            let cut = TileCut.cut(ring: ring, to: b)
            #expect(cut != ring)
            #expect(cut.allSatisfy { $0.x >= b.minX && $0.x <= b.maxX && $0.y >= b.minY && $0.y <= b.maxY })
            var inside = 0
            for i in 0..<40 {
                for j in 0..<40 {
                    // sample points strictly inside the box, off its sides
                    let p = Point(x: b.minX + (Double(i) + 0.37) / 40 * (b.maxX - b.minX),
                                  y: b.minY + (Double(j) + 0.61) / 40 * (b.maxY - b.minY))
                    let before = PaintContext.evenOddContains(ring, p)
                    #expect(PaintContext.evenOddContains(cut, p) == before)
                    if before { inside += 1 }
                }
            }
            #expect(inside > 0 && inside < 1600)
        }
    }

    @Test("a polygon covering the box becomes the box; its holes are cut or dropped with it")
    func polygons() {
        let b = Self.box
        let cover = [Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1), Point(x: 0.9, y: 0.9), Point(x: 0.1, y: 0.9)]
        let holeInside = [Point(x: 0.45, y: 0.3), Point(x: 0.47, y: 0.3), Point(x: 0.47, y: 0.32)]
        let holeOutside = [Point(x: 0.2, y: 0.8), Point(x: 0.25, y: 0.8), Point(x: 0.25, y: 0.85)]
        let cut = TileCut.cut(polygons: [[cover, holeInside, holeOutside]], to: b)
        #expect(cut.count == 1 && cut[0].count == 2)
        #expect(Set(cut[0][0].map { [$0.x, $0.y] }) == [[b.minX, b.minY], [b.maxX, b.minY], [b.maxX, b.maxY], [b.minX, b.maxY]])
        #expect(cut[0][1] == holeInside)
        // an exterior outside the box takes its holes with it
        let away = [Point(x: 0.1, y: 0.8), Point(x: 0.2, y: 0.8), Point(x: 0.2, y: 0.9)]
        #expect(TileCut.cut(polygons: [[away, away]], to: b).isEmpty)
    }

    @Test("a ring reaching past the world's west or east edge is left whole (on the globe it wraps into the box)")
    func antimeridian() {
        let box = TileCut.box(z: 3, x: 0, y: 3)
        let ring = [Point(x: 0.95, y: 0.4), Point(x: 1.02, y: 0.4), Point(x: 1.02, y: 0.45), Point(x: 0.95, y: 0.45)]
        #expect(TileCut.cut(ring: ring, to: box) == ring)
    }

    @Test("an open line keeps its pieces inside the box: in order, within it, as long as its part inside")
    func lines() {
        let b = Self.box
        let centre = Point(x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2)
        // a zigzag across the box: in, out past the east side, back in, out past the north side
        let line = [Point(x: centre.x - 0.3, y: centre.y), Point(x: centre.x + 0.3, y: centre.y + 0.05),
                    Point(x: centre.x, y: centre.y + 0.08), Point(x: centre.x + 0.01, y: centre.y - 0.4)]
        let pieces = TileCut.cut(line: line, to: b)
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.count >= 2 && $0.allSatisfy { p in p.x >= b.minX - 1e-15 && p.x <= b.maxX + 1e-15 && p.y >= b.minY - 1e-15 && p.y <= b.maxY + 1e-15 } })
        func length(_ l: [Point]) -> Double { zip(l, l.dropFirst()).reduce(0) { $0 + (($1.1.x - $1.0.x) * ($1.1.x - $1.0.x) + ($1.1.y - $1.0.y) * ($1.1.y - $1.0.y)).squareRoot() } }
        // the length inside the box, sampled
        var inside = 0.0
        for (a, c) in zip(line, line.dropFirst()) {
            let n = 100_000, step = length([a, c]) / Double(n)
            for k in 0..<n {
                let t = (Double(k) + 0.5) / Double(n)
                let p = Point(x: a.x + (c.x - a.x) * t, y: a.y + (c.y - a.y) * t)
                if p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY { inside += step }
            }
        }
        #expect(abs(pieces.reduce(0) { $0 + length($1) } - inside) < 1e-5)
        // within the box: kept as it is; wholly outside: nothing
        let short = [centre, Point(x: centre.x + 0.01, y: centre.y)]
        #expect(TileCut.cut(line: short, to: b) == [short])
        #expect(TileCut.cut(line: short.map { Point(x: $0.x + 0.5, y: $0.y) }, to: b).isEmpty)
        // polygon rings drawn as lines stay closed rings, cut as rings
        let ring = Self.star(centre: centre, outer: 0.2, inner: 0.05)
        #expect(TileCut.cut(lines: [ring], closed: true, to: b) == [TileCut.cut(ring: ring, to: b)])
    }
}
