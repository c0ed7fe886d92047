import Testing
@testable import Rendering

/// Flat run storage: runs and recorded rings read back as they were added.
struct PointRunsTests {
    @Test("runs read back as added, empty ones included, and emptying keeps none")
    func runsReadBack() {
        var runs = PointRuns()
        let a = [Point(x: 0, y: 0), Point(x: 1, y: 2)], b = [Point(x: 3, y: 4), Point(x: 5, y: 6), Point(x: 7, y: 8)]
        runs.append(a)
        runs.append([Point]())
        runs.append(b[1...])
        for p in b { runs.add(p) }
        runs.endRun()
        #expect(runs.count == 4)
        #expect(runs.arrays == [a, [], Array(b[1...]), b])
        #expect(runs.range(3) == 4..<7)
        runs.removeAll()
        #expect(runs.isEmpty && runs.arrays.isEmpty)
        runs.append(b)
        #expect(runs.arrays == [b])
    }

    @Test("outline records: committed rings read back, discarded points dropped, hidden rings kept without points")
    func outlineRecords() {
        var records = GlobeOutlineRecords()
        records.reset(recording: true)
        #expect(records.isRecording)
        func key(_ ring: Int) -> GlobeRingProjection.Key { .init(feature: 0, polygon: 0, copy: 0, ring: ring) }
        func add(_ values: [Double]) {
            for v in values { records.addPoint(world: Point(x: v, y: -v), screen: Point(x: 10 * v, y: 0), side: v) }
        }
        add([1, 2, 3])
        records.commit(key(0), closing: 1)
        add([4, 5])
        records.discard()  // (ring 1 reached a pole: not kept)
        add([6])
        records.appendHidden(key(2))
        add([7, 8])
        records.commit(key(3), closing: 2)
        let first = records.take(key(0))
        #expect(first.map { Array($0.world) } == [Point(x: 1, y: -1), Point(x: 2, y: -2), Point(x: 3, y: -3)])
        #expect(first.map { Array($0.screen) } == [Point(x: 10, y: 0), Point(x: 20, y: 0), Point(x: 30, y: 0)])
        #expect(first?.closing == 1 && first?.hidden == false)
        #expect(records.take(key(1)) == nil)
        let hidden = records.take(key(2))
        #expect(hidden?.hidden == true && hidden?.world.isEmpty == true)
        let last = records.take(key(3))
        #expect(last.map { Array($0.side) } == [7, 8])
        #expect(last?.closing == 2)
        // the outline pass asks in order: a ring passed over is not found again
        #expect(records.take(key(0)) == nil)
        records.reset(recording: false)
        #expect(!records.isRecording && records.take(key(3)) == nil)
    }
}
