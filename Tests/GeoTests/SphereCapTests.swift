import Foundation
import Geo
import Testing

/// The cap bounding a world rectangle on the sphere: the globe's painters skip a whole feature by it, so it must
/// hold every sphere point of the rectangle, and be small enough to skip anything.
@Suite struct SphereCapTests {
    /// Rectangles (Web Mercator fractions): small, near a pole, across the antimeridian (x past 1), tall, thin.
    static let rectangles = [
        WorldBounds(minX: 0.55, minY: 0.40, maxX: 0.60, maxY: 0.45),
        WorldBounds(minX: 0.10, minY: 0.00, maxX: 0.30, maxY: 0.08),
        WorldBounds(minX: 0.95, minY: 0.30, maxX: 1.15, maxY: 0.55),
        WorldBounds(minX: 0.20, minY: 0.05, maxX: 0.45, maxY: 0.95),
        WorldBounds(minX: 0.70, minY: 0.62, maxX: 0.70001, maxY: 0.62001),
    ]

    @Test("The cap of a world rectangle holds every sphere point of it, edges and corners included")
    func holdsTheRectangle() {
        for b in Self.rectangles {
            let cap = SphereCap(worldBounds: b, margin: 0)
            #expect(cap.cosRadius > 0, "a rectangle under half a world gets a cap smaller than a hemisphere: \(b)")
            var farthest = 1.0
            for i in 0...200 {
                for j in 0...200 {
                    let x = b.minX + (b.maxX - b.minX) * Double(i) / 200
                    let y = b.minY + (b.maxY - b.minY) * Double(j) / 200
                    let p = GlobeProjection.spherePoint(worldX: x, worldY: y)
                    farthest = min(farthest, p.dot(cap.centre))
                    #expect(p.dot(cap.centre) >= cap.cosRadius - 1e-12, "\(b): (\(x), \(y)) outside its cap")
                }
            }
            // and it is tight: no wider than the rectangle's farthest point and the sampling's degree (and a bit)
            let radius = acos(max(-1, min(1, cap.cosRadius))), reach = acos(max(-1, min(1, farthest)))
            #expect(radius <= reach + 2 * .pi / 360 + 1e-6, "\(b): a cap of \(radius) rad for points within \(reach)")
        }
    }

    @Test("A rectangle of half the world's longitudes or more, or one that is not finite, gets the whole sphere")
    func wideRectanglesAreTheWholeSphere() {
        for b in [WorldBounds(minX: 0.1, minY: 0.4, maxX: 0.6, maxY: 0.5), WorldBounds(minX: -1, minY: 0, maxX: 2, maxY: 1),
                  WorldBounds(minX: 0.1, minY: -.infinity, maxX: 0.2, maxY: 0.5),
                  WorldBounds(minX: 0.2, minY: 0.5, maxX: 0.1, maxY: 0.4)] {
            #expect(SphereCap(worldBounds: b, margin: 0).cosRadius <= -1, "\(b)")
        }
    }

    @Test("Behind the horizon, in front of it and off the screen are told as the cap's highest point tells them, its centre first")
    func testsAgreeWithHighestPoints() {
        let d = 0.5 / tan(0.6435011087932844 / 2) * 768
        let cameras = [GlobeCamera(longitude: 60, latitude: 20, worldSize: 512 * 10, bearing: 72, pitch: 0, width: 1024, height: 768, distance: d),
                       GlobeCamera(longitude: -120, latitude: 35, worldSize: 512 * 20, bearing: 10, pitch: 60, width: 600, height: 400, distance: d)]
        var hidden = 0, shown = 0, missed = 0
        // caps of every size, all over the sphere
        let sizes: [Double] = [1e-5, 1e-3, 0.01, 0.05, 0.15]
        var caps: [(x: Double, y: Double, size: Double)] = []
        for i in 0..<40 {
            for j in 0..<25 {
                for size in sizes { caps.append((x: Double(i) / 40, y: 0.02 + Double(j) * 0.04, size: size)) }
            }
        }
        for g in cameras {
            for (x, y, size) in caps {
                let cap = SphereCap(worldBounds: WorldBounds(minX: x, minY: y, maxX: x + size, maxY: min(1, y + size)), margin: 0)
                let n = g.horizonNormal
                #expect(g.hides(cap) == (cap.highest(n) - g.horizonDistance < -1e-9))
                #expect(g.shows(cap) == (-cap.highest(n * -1) - g.horizonDistance > 1e-9))
                if g.hides(cap) { hidden += 1 }
                if g.shows(cap) { shown += 1 }
                // off the screen (told from the centre first too): only when every point of it in front of the camera is
                let (left, top, right, bottom) = (100.0, 50.0, 500.0, 300.0)
                let misses = g.screenMisses(cap, left: left, top: top, right: right, bottom: bottom)
                if misses { missed += 1 }
                if misses {
                    for k in 0..<16 {
                        let p = GlobeProjection.spherePoint(worldX: x + size * Double(k % 4) / 3, worldY: min(1, y + size * Double(k / 4) / 3))
                        guard g.isVisible(p) else { continue }
                        let q = g.screen(p)
                        #expect(q.x < left || q.x > right || q.y < top || q.y > bottom, "\(cap) point \(k) at \(q)")
                    }
                }
            }
        }
        // each answer given both ways, many times
        #expect(hidden > 1000 && shown > 200 && missed > 1000, "\(hidden) hidden, \(shown) shown, \(missed) off the rectangle")
    }

    @Test("The cap of points off the unit sphere bounds their directions (SwiftShader's sines put them up to 2e-4 off)")
    func boundsDirectionsOfPointsOffTheSphere() {
        // four points a thousandth of the world apart (a zoom 10 tile's corners) a little outside the sphere, as
        // SwiftShader's sines put them: the cap had shrunk to its margin, every point's dot with the centre past 1, and a
        // tile under the view's centre was missed
        let scales = [1.00019, 1.00012, 1.0001, 1.00015]
        var points: [Vector3] = []
        for (k, scale) in scales.enumerated() {
            let p = GlobeProjection.spherePoint(worldX: 0.3682 + 0.001 * Double(k % 2), worldY: 0.4238 + 0.001 * Double(k / 2))
            points.append(p * scale)
        }
        let cap = SphereCap(bounding: points, margin: 0)
        for p in points {
            #expect(p.dot(cap.centre) / p.length >= cap.cosRadius - 1e-12, "\(p) outside \(cap)")
        }
        #expect(cap.sinRadius > 0.001, "\(cap)")
    }
}
