import GeoJSON
import Testing
@testable import Tiling

/// geojson-vt's test-clip.js, on the internal clip function.
@Suite struct ClipTests {
    static let geom1: [Double] = [0,0,0,50,0,0,50,10,0,20,10,0,20,20,0,30,20,0,30,30,0,50,30,0,50,40,0,25,40,0,25,50,0,0,50,0,0,60,0,25,60,0]
    static let geom2: [Double] = [0,0,0,50,0,0,50,10,0,0,10,0]

    func feature(_ coords: [Double], _ type: ProjectedType, source: Int32) -> ProjectedFeature {
        var length = 0.0
        var i = 0
        while i + 3 < coords.count {
            let dx = coords[i + 3] - coords[i], dy = coords[i + 4] - coords[i + 1]
            length += (dx * dx + dy * dy).squareRoot()
            i += 3
        }
        let rings: ContiguousArray<ProjectedRing> = type.isPoints ? [] : [ProjectedRing(
            start: 0, count: coords.count / 3, size: length, startDistance: 0, endDistance: length, beginsPolygon: type.isPolygon)]
        return ProjectedFeature(type: type, coords: ContiguousArray(coords), rings: rings, source: source)
    }

    /// Each ring's coordinates of a feature.
    func rings(_ f: ProjectedFeature) -> [[Double]] {
        f.rings.map { Array(f.coords[$0.start..<$0.end]) }
    }

    @Test func clipsPolylines() throws {
        let clipped = try #require(clip(
            [feature(Self.geom1, .lineString, source: 1), feature(Self.geom2, .lineString, source: 2)],
            scale: 1, 10, 40, axis: 0, minAll: -.infinity, maxAll: .infinity, lineMetrics: false))
        #expect(clipped.count == 2)
        #expect(rings(clipped[0]) == [
            [10,0,1,40,0,1], [40,10,1,20,10,0,20,20,0,30,20,0,30,30,0,40,30,1],
            [40,40,1,25,40,0,25,50,0,10,50,1], [10,60,1,25,60,0],
        ])
        #expect(rings(clipped[1]) == [[10,0,1,40,0,1], [40,10,1,10,10,1]])
        #expect(clipped[0].type == .multiLineString && clipped[1].source == 2)
        #expect(clipped[0].minX == 10 && clipped[0].maxX == 40 && clipped[0].maxY == 60)
    }

    @Test func clipsLinesWithMetrics() throws {
        let clipped = try #require(clip(
            [feature(Self.geom1, .lineString, source: 0)], scale: 1, 10, 40, axis: 0,
            minAll: -.infinity, maxAll: .infinity, lineMetrics: true))
        #expect(clipped.map { [$0.rings[0].startDistance, $0.rings[0].endDistance] } == [[10, 40], [70, 130], [160, 200], [230, 245]])
    }

    @Test func clipsPolygons() throws {
        let ring1 = Self.geom1 + Self.geom1.prefix(3)
        let ring2 = Self.geom2 + Self.geom2.prefix(3)
        let clipped = try #require(clip(
            [feature(ring1, .polygon, source: 1), feature(ring2, .polygon, source: 2)],
            scale: 1, 10, 40, axis: 0, minAll: -.infinity, maxAll: .infinity, lineMetrics: false))
        #expect(rings(clipped[0]) == [[
            10,0,1,40,0,1,40,10,1,20,10,0,20,20,0,30,20,0,30,30,0,40,30,1,40,40,1,25,40,0,25,50,0,10,50,1,10,60,1,25,60,0,10,24,1,10,0,1,
        ]])
        #expect(rings(clipped[1]) == [[10,0,1,40,0,1,40,10,1,10,10,1,10,0,1]])
    }

    @Test func clipsPoints() throws {
        let clipped = try #require(clip(
            [feature(Self.geom1, .multiPoint, source: 1), feature(Self.geom2, .multiPoint, source: 2)],
            scale: 1, 10, 40, axis: 0, minAll: -.infinity, maxAll: .infinity, lineMetrics: false))
        #expect(clipped.count == 1)
        #expect(Array(clipped[0].coords) == [20,10,0,20,20,0,30,20,0,30,30,0,25,40,0,25,50,0,25,60,0])
        #expect(clipped[0].minX == 20 && clipped[0].minY == 10 && clipped[0].maxX == 30 && clipped[0].maxY == 60)
    }

    @Test func simplifyKeepsImportantPoints() {
        // geojson-vt test-simplify: a zig-zag keeps its corners, drops points within tolerance
        var coords: [Double] = [0,0,1, 1,0.001,0, 2,0,0, 3,5,0, 4,0,0, 5,0.001,0, 6,0,1]
        var stack = [(Int, Int)]()
        _ = coords.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: 18, sqTolerance: 0.01, stack: &stack) }
        let kept = stride(from: 0, to: coords.count, by: 3).filter { coords[$0 + 2] > 0.01 }.map { coords[$0] }
        #expect(kept == [0, 2, 3, 4, 6])
        // a long straight run collapses to its end points
        var line = [Double]()
        for i in 0..<10_000 { line += [Double(i), 0, 0] }
        line[2] = 1
        line[line.count - 1] = 1
        let last = line.count - 3
        _ = line.withUnsafeMutableBufferPointer { simplify($0, first: 0, last: last, sqTolerance: 1e-9, stack: &stack) }
        #expect(stride(from: 0, to: line.count, by: 3).filter { line[$0 + 2] > 1e-9 }.count == 2)
    }
}
