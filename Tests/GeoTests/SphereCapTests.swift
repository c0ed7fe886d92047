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
}
