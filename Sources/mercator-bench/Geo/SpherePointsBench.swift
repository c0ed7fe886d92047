import ArgumentParser
import Foundation
import Geo

/// `mercator-bench sphere-points`: the unit-sphere points of a globe line mesh's vertices, one at a time
/// (``GlobeProjection/spherePoint(worldX:worldY:)``: the C library's `exp` and `sincos` per point) against all at once
/// (``GlobeProjection/spherePoints(inPlace:vectorized:)``: four at a time with glibc's vector math library where the
/// machine has it), side by side in one run: nanoseconds a point (medians) and the ratio, and how far apart the values are.
struct SpherePointsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sphere-points",
        abstract: "Sphere points of Web Mercator positions, one at a time against four at a time (ns a point, ratio).")

    @Option(help: "Points a batch (a globe line mesh at zoom 3 holds about 35,000 vertices).") var points = 35_000
    @Option(help: "Batches timed for each way, alternated.") var runs = 41
    @Flag(help: "Print one JSON line.") var json = false

    func run() throws {
        guard points >= 1, runs >= 1 else { throw ValidationError("--points and --runs must be at least 1") }
        // world positions over the middle latitudes and every longitude (deterministic)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let world = (0..<points).map { _ in Vector3(next(), 0.15 + 0.7 * next(), 0) }
        var one = world, all = world
        var oneTimes: [Double] = [], allTimes: [Double] = []
        for _ in 0..<runs {
            one = world
            oneTimes.append(Measure.seconds {
                for i in one.indices { one[i] = GlobeProjection.spherePoint(worldX: one[i].x, worldY: one[i].y) }
            } * 1e9 / Double(points))
            all = world
            allTimes.append(Measure.seconds {
                all.withUnsafeMutableBufferPointer { GlobeProjection.spherePoints(inPlace: $0) }
            } * 1e9 / Double(points))
        }
        var largest = 0.0
        for i in world.indices { largest = max(largest, (one[i] - all[i]).length) }
        let (a, b) = (Measure.median(oneTimes), Measure.median(allTimes))
        let vectorized = GlobeProjection.spherePointsAreVectorized
        if json {
            print(#"{"bench":"sphere-points","points":\#(points),"one_at_a_time_ns":\#(a),"batch_ns":\#(b),"speedup":\#(a / b),"vectorized":\#(vectorized),"largest_difference":\#(largest)}"#)
        } else {
            print(String(format: "sphere-points, %d points: one at a time %.2f ns a point, at once %.2f ns (%@): %.2fx; largest difference %.2g",
                         points, a, b, vectorized ? "four at a time, libmvec" : "scalar: no AVX2 or libmvec here", a / b, largest))
        }
    }
}
