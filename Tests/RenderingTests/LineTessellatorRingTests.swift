import Testing
import MapStyle
@testable import Rendering

/// A ring cut into pieces (the globe's runs near a band) keeps the joins the whole ring has where it closes.
@Suite struct LineTessellatorRingTests {
    private let ring = [Point(x: 0, y: 0), Point(x: 100, y: 10), Point(x: 120, y: 90), Point(x: 40, y: 120),
                        Point(x: -20, y: 60), Point(x: 0, y: 0)]

    private func options(polygon: Bool = false, join: LineJoin = .miter) -> LineTessellator.Options {
        LineTessellator.Options(join: join, cap: .butt, miterLimit: 2, roundLimit: 1.05, sharpCornerOffset: 15,
                                maxDistance: .infinity, polygon: polygon)
    }

    /// The vertices at `p` (position and extrusion: what the triangles cover).
    private func corners(_ t: LineTessellator, at p: Point) -> [[Double]] {
        t.vertices.filter { $0.position == p }.map { [$0.extrude.x, $0.extrude.y, $0.normal.y] }
    }

    @Test("a piece starting or ending where a ring closes is joined there as the ring is", arguments: [LineJoin.miter, .bevel, .round])
    func piecesKeepTheClosingJoin(_ join: LineJoin) {
        var whole = LineTessellator()
        whole.tessellate(ring, options: options(polygon: true, join: join))
        let joined = corners(whole, at: ring[0])
        #expect(joined.count >= 4, "joined at the start and at the end")

        var head = LineTessellator(), tail = LineTessellator()
        var headOptions = options(join: join), tailOptions = options(join: join)
        headOptions.before = ring[4]
        tailOptions.after = ring[1]
        head.tessellate(Array(ring[0...2]), options: headOptions)
        tail.tessellate(Array(ring[2...5]), options: tailOptions)
        #expect(corners(head, at: ring[0]) + corners(tail, at: ring[0]) == joined)

        // without the ring's neighbours, the pieces are capped there
        var capped = LineTessellator()
        capped.tessellate(Array(ring[0...2]), options: options(join: join))
        #expect(corners(capped, at: ring[0]) != corners(head, at: ring[0]))
    }
}
