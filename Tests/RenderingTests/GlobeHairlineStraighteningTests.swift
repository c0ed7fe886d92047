import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// A hairline on the globe is drawn along chords where its points barely bend on screen
/// (``PaintContext/straightenedRun(_:_:_:_:within:)``): every point left out must lie within the tolerance of the
/// chord drawn in its place, the run's ends and its bends must stay, and the globe's runs must leave out GL JS's
/// split points along a line the sphere barely bends.
@Suite struct GlobeHairlineStraighteningTests {
    /// The distance from `p` to the segment `a`-`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
        return (Point(x: a.x + dx * t, y: a.y + dy * t) - p).length
    }

    @Test("every point left out lies within the tolerance of the chord drawn in its place; ends and bends stay")
    func leftOutPointsLieOnTheirChord() {
        var generator = SystemRandomNumberGenerator()
        var leftOut = 0, total = 0
        for trial in 0..<400 {
            // a polyline along a gently curving path with some jitter and, now and then, a sharp bend
            let count = Int.random(in: 2...120, using: &generator)
            var screen: [Point] = []
            var p = Point(x: 100, y: 100), heading = Double.random(in: 0..<(2 * .pi), using: &generator)
            let curvature = Double.random(in: -0.002...0.002, using: &generator)
            let jitter = [0, 0.001, 0.01, 0.05][trial % 4]
            for _ in 0..<count {
                screen.append(Point(x: p.x + Double.random(in: -jitter...jitter, using: &generator),
                                    y: p.y + Double.random(in: -jitter...jitter, using: &generator)))
                heading += curvature + (Int.random(in: 0..<40, using: &generator) == 0 ? 1.2 : 0)
                let step = Double.random(in: 0.05...6, using: &generator)
                p = Point(x: p.x + cos(heading) * step, y: p.y + sin(heading) * step)
            }
            // world points that name their index, to find which were kept
            let world = (0..<count).map { Point(x: Double($0), y: 0) }
            let within = 1.0 / 32
            let first = trial % 3 == 0 ? min(1, count - 2) : 0
            let last = count - 1
            guard last > first else { continue }
            let kept = PaintContext.straightenedRun(world, screen, first, last, within: within).map { Int($0.x) }
            #expect(kept.first == first && kept.last == last)
            #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
            for (a, b) in zip(kept, kept.dropFirst()) {
                #expect(b - a <= 17, "at most 16 points left out in a row")
                for j in (a + 1)..<b {
                    let d = Self.distance(screen[j], screen[a], screen[b])
                    #expect(d <= within * (1 + 1e-9), "trial \(trial): point \(j) lies \(d) px from its chord \(a)-\(b)")
                }
            }
            leftOut += (last - first + 1) - kept.count
            total += last - first + 1
        }
        // the cases did what they are here for: many points left out, many kept
        #expect(leftOut > total / 4)
        #expect(leftOut < total - total / 10)
    }

    @Test("a point the line turns at is kept, however short its segments")
    func bendsAreKept() {
        let screen = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10.1, y: 0.1), Point(x: 20, y: 0.1), Point(x: 20, y: 10)]
        let world = (0..<screen.count).map { Point(x: Double($0), y: 0) }
        let kept = PaintContext.straightenedRun(world, screen, 0, screen.count - 1, within: 1.0 / 32).map { Int($0.x) }
        #expect(kept == [0, 1, 2, 3, 4])
        // a point that doubles back along the chord is kept too (it lies on the chord's line, not between its ends)
        let back = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 0), Point(x: 20, y: 0)]
        let keptBack = PaintContext.straightenedRun(world, back, 0, 3, within: 1.0 / 32).map { Int($0.x) }
        #expect(keptBack.contains(1))
    }

    @Test("the globe's runs leave out the split points of a meridian the sphere barely bends, and stay within the tolerance")
    func globeRunsLeaveOutSplitPoints() throws {
        let (width, height) = (640, 480)
        let pixels = UnsafeMutablePointer<Float>.allocate(capacity: 4 * width * height)
        defer { pixels.deallocate() }
        var saved = 0, all = 0
        for camera in [MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 10), zoom: 1.5),
                       MapCamera(center: LocationCoordinate2D(latitude: 50, longitude: -20), zoom: 3.4, bearing: 30),
                       MapCamera(center: LocationCoordinate2D(latitude: -10, longitude: 100), zoom: 2, pitch: 40)] {
            var t = Transform(camera: camera, width: width, height: height)
            t.globeness = 1
            let g = try #require(t.globe)
            let context = PaintContext(transform: t, pixels: pixels, canvasWidth: width, canvasHeight: height,
                                       clip: PixelClip(width: width, height: height))
            // a meridian, a parallel and a diagonal through the view's centre (two points each: the rest is GL JS's grid)
            let lon = camera.center.longitude, lat = camera.center.latitude
            for (a, b) in [((lon, -70.0), (lon, 70.0)), ((lon - 80, lat), (lon + 80, lat)), ((lon - 40, lat - 30), (lon + 40, lat + 30))] {
                let line = [Transform.mercator(LocationCoordinate2D(latitude: a.1, longitude: a.0)),
                            Transform.mercator(LocationCoordinate2D(latitude: b.1, longitude: b.0))]
                let full = context.globeVisibleWorldRuns(line, copy: 0, closed: false, globe: g, margin: 4)
                let straightened = context.globeVisibleWorldRuns(line, copy: 0, closed: false, globe: g, margin: 4,
                                                                 straightenedWithin: 1.0 / 32)
                #expect(full.count == straightened.count)
                for (run, kept) in zip(full, straightened) {
                    #expect(run.first == kept.first && run.last == kept.last)
                    all += run.count
                    saved += run.count - kept.count
                    // every point of the full run lies within the tolerance of the straightened polyline on screen
                    let screen = kept.map { w -> Point in let q = g.project(worldX: w.x, y: w.y); return Point(x: q.x, y: q.y) }
                    for w in run {
                        let q = g.project(worldX: w.x, y: w.y)
                        let p = Point(x: q.x, y: q.y)
                        let d = zip(screen, screen.dropFirst()).map { Self.distance(p, $0, $1) }.min() ?? 0
                        #expect(d <= 1.0 / 32 + 1e-9, "\(camera): a point lies \(d) px from the straightened line")
                    }
                }
            }
        }
        #expect(all > 100)
        #expect(saved > all / 5, "\(saved) of \(all) points left out")
    }
}
