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
