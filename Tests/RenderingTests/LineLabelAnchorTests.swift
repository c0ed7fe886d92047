import Testing
@testable import Rendering

/// Where labels go along lines: MapLibre's anchor spacing, clipping, angle checks and line merging.
@Suite struct LineLabelAnchorTests {
    static func metrics(spacing: Double = 250 * 16, maxAngle: Double = 45, length: Double = 40) -> LineLabelAnchors.Metrics {
        LineLabelAnchors.Metrics(spacing: spacing, maxAngle: maxAngle * .pi / 180, shapedLabelLength: length, hasText: true,
                                 boxScale: 16 * 16 / 24, overscaling: 1)
    }

    @Test("anchors repeat every symbol-spacing along a straight line, starting half a label in, inside the tile")
    func spacing() {
        let line = [Point(x: 100, y: 4000), Point(x: 8000, y: 4000)]
        let m = Self.metrics()
        let anchors = LineLabelAnchors.anchors(line, m)
        #expect(anchors.count == 2)
        let first = (m.shapedLabelLength / 2 + 48) * m.boxScale
        #expect(anchors[0].x == (100 + first).rounded())
        #expect(anchors[1].x - anchors[0].x == m.spacing)
        #expect(anchors.allSatisfy { $0.y == 4000 && $0.angle == 0 && $0.segment == 0 })
    }

    @Test("a line continued from the tile's edge starts half a spacing in; a short line gets one anchor in its middle")
    func continuedAndShort() {
        let m = Self.metrics()
        let continued = LineLabelAnchors.anchors([Point(x: 0, y: 10), Point(x: 8000, y: 10)], m)
        #expect(continued.first?.x == m.spacing / 2)
        // the first anchor (725 units in) leaves no room for the label's end: the middle is tried
        let short = LineLabelAnchors.anchors([Point(x: 1000, y: 10), Point(x: 1900, y: 10)], m)
        #expect(short.count == 1 && short.first?.x == 1450)
        let tooShort = LineLabelAnchors.anchors([Point(x: 1000, y: 10), Point(x: 1100, y: 10)], m)
        #expect(tooShort.isEmpty, "the label is longer than the line")
    }

    @Test("anchors are found in single precision, as MapLibre Native finds them: a position half a unit from a whole one rounds as Native's does")
    func singlePrecision() {
        // a road of the render suite's Berlin tile, laid out on a tile overscaled four times ("main", 59 units
        // long at 24 points, text 16, spacing 60): in double precision the third anchor's y is 6535.4998 and
        // rounds down; in Native's floats it is 6535.5 and rounds up (a quarter pixel at this zoom)
        let line = [(5408, 6382), (5346, 6414), (5306, 6428), (5266, 6442), (5194, 6456), (5136, 6468), (4228, 6678), (4108, 6690),
                    (4024, 6696)].map { Point(x: Double($0.0), y: Double($0.1)) }
        let m = LineLabelAnchors.Metrics(spacing: 60 * 4, maxAngle: 45 * .pi / 180, shapedLabelLength: 59, hasText: true,
                                         boxScale: 4 * 16 / 24, overscaling: 4)
        let anchors = LineLabelAnchors.anchors(line, m).map { [$0.x, $0.y] }
        #expect(anchors == [[5311, 6426], [5078, 6481], [4844, 6536], [4610, 6590], [4376, 6644], [4141, 6687]])
    }

    @Test("lines are cut at the tile's edges segment by segment, crossings rounded in single precision (Native's clipLines)")
    func clipToTile() {
        // out through the right edge, across the corner, in through the bottom edge and out through the left one
        let line = [Point(x: 100, y: 100), Point(x: 9000, y: 500), Point(x: 4000, y: 9000), Point(x: 4000, y: 8000), Point(x: -50, y: 8100)]
        let parts = LineLabelAnchors.clipToTile(line)
        func points(_ p: [(Double, Double)]) -> [Point] { p.map { Point(x: $0.0, y: $0.1) } }
        #expect(parts == [points([(100, 100), (8192, 464)]), points([(8192, 1874), (4475, 8192)]),
                          points([(4000, 8192), (4000, 8000), (0, 8099)])])
    }

    @Test("a sharp bend under the label fails text-max-angle; a gentle one passes")
    func maxAngle() {
        let sharp = [Point(x: 1000, y: 1000), Point(x: 2000, y: 1000), Point(x: 1000, y: 1100)]
        let anchor = LineLabelAnchors.Anchor(x: 1900, y: 1000, angle: 0, segment: 0)
        #expect(!LineLabelAnchors.checkMaxAngle(sharp, anchor, labelLength: 500, windowSize: 200, maxAngle: .pi / 4))
        let gentle = [Point(x: 1000, y: 1000), Point(x: 2000, y: 1000), Point(x: 3000, y: 1100)]
        #expect(LineLabelAnchors.checkMaxAngle(gentle, anchor, labelLength: 500, windowSize: 200, maxAngle: .pi / 4))
    }

    @Test("line-center anchors the middle of the line")
    func center() throws {
        let a = try #require(LineLabelAnchors.centerAnchor([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 300)], Self.metrics(length: 1)))
        #expect(a.x == 100 && a.y == 100 && a.segment == 1)
        #expect(LineLabelAnchors.centerAnchor([Point(x: 0, y: 0), Point(x: 100, y: 0)], Self.metrics(length: 0)) != nil, "an empty label does not trap")
    }

    @Test("clipping keeps the parts of a line inside the tile, crossings on the edges")
    func clip() {
        let parts = LineLabelAnchors.clip([Point(x: -100, y: 100), Point(x: 200, y: 100), Point(x: 200, y: 9000), Point(x: 300, y: 9000),
                                           Point(x: 300, y: 500)])
        #expect(parts.count == 2)
        #expect(parts[0] == [Point(x: 0, y: 100), Point(x: 200, y: 100), Point(x: 200, y: 8192)])
        #expect(parts[1] == [Point(x: 300, y: 8192), Point(x: 300, y: 500)])
        #expect(LineLabelAnchors.clip([Point(x: -5, y: -5), Point(x: -1, y: -9)]).isEmpty)
    }

    /// Points from `(x, y)` pairs.
    static func points(_ pairs: [(Double, Double)]) -> [Point] { pairs.map { Point(x: $0.0, y: $0.1) } }

    @Test("on the globe a tile's line is split on GL JS's grid before anchors are found, each new vertex rounded half up to a whole unit")
    func globeSubdivision() {
        // the values GL JS's `subdivideVertexLine` gives (run on these lines): cells of 16 units at granularity 512
        #expect(LineLabelAnchors.subdivided(Self.points([(10, 5), (75, 40)]), granularity: 512)
                == Self.points([(10, 5), (16, 8), (30, 16), (32, 17), (48, 25), (60, 32), (64, 34), (75, 40)]))
        #expect(LineLabelAnchors.subdivided(Self.points([(100, 300), (20, 300), (20, 250)]), granularity: 256)
                == Self.points([(100, 300), (96, 300), (64, 300), (32, 300), (20, 300), (20, 288), (20, 256), (20, 250)]))
        #expect(LineLabelAnchors.subdivided(Self.points([(0, 0), (5000, 6000)]), granularity: 2)
                == Self.points([(0, 0), (3413, 4096), (4096, 4915), (5000, 6000)]))
        // `Math.round(-0.5)` is 0, and a line in the buffer left of the tile splits on the same grid
        #expect(LineLabelAnchors.subdivided(Self.points([(0, 0), (32, -1)]), granularity: 512) == Self.points([(0, 0), (16, 0), (32, -1)]))
        #expect(LineLabelAnchors.subdivided(Self.points([(-40, 10), (-10, 10)]), granularity: 512)
                == Self.points([(-40, 10), (-32, 10), (-16, 10), (-10, 10)]))
        // a coordinate beyond reason ends the segment where it is (no grid walk to loop on)
        #expect(LineLabelAnchors.subdivided([Point(x: 0, y: 0), Point(x: .infinity, y: 5)], granularity: 512).count == 2)
        // granularity 1 (GL JS's from zoom 9, and every flat style's) leaves the line alone
        let line = Self.points([(10, 5), (75, 40)])
        #expect(LineLabelAnchors.subdivided(line, granularity: 1) == line)
        #expect(LineLabelAnchors.globeGranularity(tileZoom: 0) == 512 && LineLabelAnchors.globeGranularity(tileZoom: 3) == 64)
        #expect(LineLabelAnchors.globeGranularity(tileZoom: 9) == 1 && LineLabelAnchors.globeGranularity(tileZoom: 20) == 1)
    }

    @Test("the split line's rounded bends can refuse a long diagonal's first anchor by text-max-angle: the label goes to its middle")
    func splitBendsMoveTheAnchor() throws {
        // a zoom 0 tile's diagonal (GL JS's random-case finding: 89.9° E 68.1° S to 55.87° W 2.05° S), label "Aa" at 10 px
        let line = Self.points([(6142, 6238), (2825, 4143)])
        let m = LineLabelAnchors.Metrics(spacing: 250 * 16, maxAngle: 45 * .pi / 180, shapedLabelLength: 28, hasText: true,
                                         boxScale: 16 * 10 / 24, overscaling: 1)
        let straight = LineLabelAnchors.anchors(line, m)
        let split = LineLabelAnchors.subdivided(line, granularity: LineLabelAnchors.globeGranularity(tileZoom: 0))
        let onSplit = LineLabelAnchors.anchors(split, m)
        #expect(straight.count == 1 && onSplit.count == 1)
        let first = try #require(straight.first), middle = try #require(onSplit.first)
        let length = LineLabelAnchors.length(line)
        func along(_ a: LineLabelAnchors.Anchor) -> Double { (Point(x: a.x, y: a.y) - line[0]).length }
        #expect(along(first) < length / 4, "on the straight line the first anchor is half a label and a bit in")
        #expect(abs(along(middle) - length / 2) < 2, "on the split line it is refused, and the middle taken")
    }
}
