import Foundation
import GeoJSON
@testable import Rendering
import Testing

@Suite("Gesture math: glides and pinches as MapLibre Native computes them")
struct GestureMathTests {
    @Test("A glide slows by the rate each millisecond and stops under one point per second")
    func glide() {
        let glide = GestureMath.Glide(velocity: Point(x: 1000, y: 0), rate: 0.998)
        // Speed after t seconds is v·rate^(1000 t): it falls to 1 point/s at log(1/1000)/(1000·log 0.998).
        let expected = log(1.0 / 1000) / (1000 * log(0.998))
        #expect(abs(glide.duration - expected) < 1e-9)
        // The distance is the integral of the speed; after the stop it no longer grows.
        let total = glide.offset(at: glide.duration).x
        #expect(abs(total - 1000 * (pow(0.998, 1000 * expected) - 1) / (1000 * log(0.998))) < 1e-9)
        #expect(glide.offset(at: glide.duration + 5).x == total)
        #expect(glide.offset(at: 0).x == 0)
        #expect(GestureMath.Glide(velocity: Point(x: 0.5, y: 0), rate: 0.998).duration == 0)
    }

    @Test("A pinch zooms by log2 of the spread and turns clockwise fingers into a lower bearing")
    func pinch() {
        let step = GestureMath.pinch(from: [Point(x: 0, y: 0), Point(x: 100, y: 0)],
                                     to: [Point(x: 0, y: 0), Point(x: 0, y: 200)])
        #expect(abs(step.zoomDelta - 1) < 1e-12)
        #expect(abs(step.bearingDelta + 90) < 1e-12)
        #expect(step.from == Point(x: 50, y: 0) && step.to == Point(x: 0, y: 100))
        let degenerate = GestureMath.pinch(from: [Point(x: 5, y: 5), Point(x: 5, y: 5)],
                                           to: [Point(x: 0, y: 0), Point(x: 10, y: 0)])
        #expect(degenerate.zoomDelta == 0 && degenerate.bearingDelta == 0)
    }

    @Test("Two fingers dragged up side by side tilt; apart or sideways they do not")
    func verticalDrag() {
        let start = [Point(x: 100, y: 300), Point(x: 200, y: 300)]
        #expect(GestureMath.isVerticalDrag(from: start, to: [Point(x: 101, y: 280), Point(x: 201, y: 281)]))
        #expect(!GestureMath.isVerticalDrag(from: start, to: [Point(x: 120, y: 290), Point(x: 220, y: 290)]))
        #expect(!GestureMath.isVerticalDrag(from: start, to: [Point(x: 100, y: 280), Point(x: 200, y: 320)]))
        #expect(GestureMath.velocity(from: Point(x: 0, y: 0), at: 1, to: Point(x: 10, y: 0), at: 1) == Point(x: 0, y: 0))
    }
}
