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
}
