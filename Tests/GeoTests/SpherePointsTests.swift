import Foundation
import Geo
import Testing

@Suite("Sphere points of many positions at once")
struct SpherePointsTests {
    /// Positions over the whole world, past its top and bottom edges (a tile's buffer reaches past the poles' cut),
    /// in a count that leaves a remainder after the batches of four.
    static let world: [Vector3] = {
        var points: [Vector3] = []
        for i in 0..<43 {
            let f = Double(i) / 42
            points.append(Vector3(f, f * 1.2 - 0.1, 7))
            points.append(Vector3(1 - f, 0.5 + 0.49 * sin(f * 9), -3))
        }
        points.append(Vector3(0.25, -30, 0))  // far past the north pole's edge: the clamp
        points.append(Vector3(0.75, 31, 0))
        return points
    }()

    @Test("the scalar way gives spherePoint's values exactly")
    func scalarMatches() {
        var points = Self.world
        points.withUnsafeMutableBufferPointer { GlobeProjection.spherePoints(inPlace: $0, vectorized: false) }
        for (p, w) in zip(points, Self.world) {
            #expect(p == GlobeProjection.spherePoint(worldX: w.x, worldY: w.y))
        }
    }

    @Test("four at a time (where the machine allows) stays within 1e-15 of spherePoint, on the unit sphere")
    func vectorizedMatches() {
        for count in [0, 1, 3, 4, 5, 8, 31, Self.world.count] {
            var points = Array(Self.world.prefix(count))
            points.withUnsafeMutableBufferPointer { GlobeProjection.spherePoints(inPlace: $0) }
            for (p, w) in zip(points, Self.world) {
                let expected = GlobeProjection.spherePoint(worldX: w.x, worldY: w.y)
                #expect((p - expected).length < 1e-15, "\(w.x), \(w.y): \(p) against \(expected)")
                #expect(abs(p.length - 1) < 2e-15)
            }
        }
    }

    @Test("a vector's coordinates lie as three doubles, as the C loop reads them")
    func layout() {
        #expect(MemoryLayout<Vector3>.stride == 24)
        #expect(MemoryLayout<Vector3>.offset(of: \Vector3.y) == 8)
        #expect(MemoryLayout<Vector3>.offset(of: \Vector3.z) == 16)
    }
}
