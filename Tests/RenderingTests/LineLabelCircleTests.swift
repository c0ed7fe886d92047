import Testing
@testable import Rendering

/// The collision circles of labels along lines, laid out in tile space as MapLibre Native lays them out.
@Suite struct LineLabelCircleTests {
    static let line = [Point(x: 0, y: 0), Point(x: 10_000, y: 0)]
    static let anchor = Point(x: 5000, y: 0)

    @Test("circles every half box from the label's start, as many again spread beyond both ends")
    func straightLine() {
        // a label 400 units long, circles 100 across: 8 over the label, 4 padding circles on each side
        let circles = LineLabelCircles.layout(line: Self.line, anchor: Self.anchor, segment: 0, labelLength: 400,
                                              boxSize: 100, overscaling: 1)
        #expect(circles.count == 16)
        #expect(circles.allSatisfy { $0.center.y == 0 })
        let label = circles[4..<12].map(\.center.x)
        #expect(label == [4850, 4900, 4950, 5000, 5050, 5100, 5150, 5200], "the first circle's edge is the label's start")
        // padding circles lie twice as far apart
        func near(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 } }
        #expect(near(circles[0..<4].map(\.center.x), [4450, 4550, 4650, 4750]))
        #expect(near(circles[12..<16].map(\.center.x), [5250, 5350, 5450, 5550]))
        // distances from the anchor shrink by a fifth, except within a step of it
        for c in circles {
            let offset = c.center.x - Self.anchor.x
            #expect(abs(c.distance - (abs(offset) < 50 ? 0 : offset * 0.8)) < 1e-6, "\(c)")
        }
    }

    @Test("overscaled tiles get more padding circles")
    func overscaled() {
        let circles = LineLabelCircles.layout(line: Self.line, anchor: Self.anchor, segment: 0, labelLength: 400,
                                              boxSize: 100, overscaling: 4)
        // 1 + 0.4 x log2(4) = 1.8: floor(8 x 1.8 / 2) = 7 on each side
        #expect(circles.count == 8 + 2 * 7)
    }

    @Test("circles stop at the line's ends; a label without room before its anchor gets none")
    func lineEnds() {
        let short = [Point(x: 4800, y: 0), Point(x: 5300, y: 0)]
        let circles = LineLabelCircles.layout(line: short, anchor: Self.anchor, segment: 0, labelLength: 400,
                                              boxSize: 100, overscaling: 1)
        #expect(circles.map(\.center.x) == [4850, 4900, 4950, 5000, 5050, 5100, 5150, 5200, 5250])
        let noRoom = [Point(x: 4900, y: 0), Point(x: 6000, y: 0)]
        #expect(LineLabelCircles.layout(line: noRoom, anchor: Self.anchor, segment: 0, labelLength: 400,
                                        boxSize: 100, overscaling: 1).isEmpty)
    }

    @Test("circles follow the line round its corners")
    func corner() {
        // the anchor lies 100 units past a corner; the label, 400 long, starts 200 before it
        let bent = [Point(x: 4900, y: 0), Point(x: 5000, y: 0), Point(x: 5000, y: 1000)]
        let circles = LineLabelCircles.layout(line: bent, anchor: Point(x: 5000, y: 100), segment: 1, labelLength: 400,
                                              boxSize: 100, overscaling: 1)
        #expect(circles.first?.center == Point(x: 4950, y: 0), "the first circle lies before the corner")
        #expect(circles.allSatisfy { ($0.center.y == 0 && $0.center.x >= 4900) || $0.center.x == 5000 }, "every circle is on the line")
        #expect(circles.contains { $0.center == Point(x: 5000, y: 100) && $0.distance == 0 })
    }

    @Test("a degenerate size or anchor gives no circles")
    func degenerate() {
        #expect(LineLabelCircles.layout(line: Self.line, anchor: Self.anchor, segment: 0, labelLength: 400, boxSize: 0, overscaling: 1).isEmpty)
        #expect(LineLabelCircles.layout(line: Self.line, anchor: Self.anchor, segment: 1, labelLength: 400, boxSize: 100, overscaling: 1).isEmpty)
        #expect(LineLabelCircles.layout(line: Self.line, anchor: Self.anchor, segment: 0, labelLength: .infinity, boxSize: 100,
                                        overscaling: 1).isEmpty)
    }
}
