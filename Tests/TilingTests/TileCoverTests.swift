import Foundation
import Geo
import MercatorTestSupport
import Testing
@testable import Tiling

@Suite("Tile cover")
struct TileCoverTests {
    @Test("an unrotated view covers the grid of tiles under it, nearest the centre first")
    func axisAligned() {
        // z2: tiles are 0.25 wide; the view spans x 0.3...0.6, y 0.1...0.4.
        let corners = [(x: 0.3, y: 0.1), (x: 0.6, y: 0.1), (x: 0.6, y: 0.4), (x: 0.3, y: 0.4)]
        let tiles = TileCover.tiles(covering: corners, zoom: 2, center: (0.45, 0.25))
        #expect(Set(tiles.map(\.canonical.description)) == ["2/1/0", "2/2/0", "2/1/1", "2/2/1"])
        #expect(tiles.allSatisfy { $0.wrap == 0 })
        let nearest = TileCover.tiles(covering: corners, zoom: 2, center: (0.55, 0.35)).first
        #expect(nearest?.canonical == TileID(z: 2, x: 2, y: 1))
    }

    @Test("a view whose edge lies on a tile edge, but for rounding noise, does not take the next row or column")
    func edgeOnTileEdge() {
        // z1: the view is exactly tile 1/0/0, its right and bottom edges 1e-13 past the tile's
        let corners = [(x: 0.0, y: 0.0), (x: 0.5 + 1e-13, y: 0.0), (x: 0.5 + 1e-13, y: 0.5 + 1e-13), (x: 0.0, y: 0.5 + 1e-13)]
        #expect(TileCover.tiles(covering: corners, zoom: 1, center: (0.25, 0.25)).map(\.description) == ["1/0/0"])
        // a real overlap still counts
        let wider = [(x: 0.0, y: 0.0), (x: 0.5001, y: 0.0), (x: 0.5001, y: 0.5), (x: 0.0, y: 0.5)]
        #expect(Set(TileCover.tiles(covering: wider, zoom: 1, center: (0.25, 0.25)).map(\.description)) == ["1/0/0", "1/1/0"])
    }

    @Test("views across the antimeridian get tiles of the neighbouring world copies")
    func wrapping() {
        let corners = [(x: -0.1, y: 0.45), (x: 0.1, y: 0.45), (x: 0.1, y: 0.55), (x: -0.1, y: 0.55)]
        let tiles = TileCover.tiles(covering: corners, zoom: 1, center: (0, 0.5))
        #expect(Set(tiles.map(\.description)) == ["1/1/0@-1", "1/1/1@-1", "1/0/0", "1/0/1"])
    }

    @Test("rotated views: exactly the tiles whose squares meet the polygon (against a brute-force check)")
    func matchesBruteForce() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let z = Int(rng.unit() * 6)
            let cx = rng.unit(), cy = rng.unit(), r = 0.02 + rng.unit() * 0.3, angle = rng.unit() * .pi
            let aspect = 0.3 + rng.unit()
            let corners = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (u, v) in
                (x: cx + r * (u * cos(angle) - v * aspect * sin(angle)), y: cy + r * (u * sin(angle) + v * aspect * cos(angle)))
            }
            let got = Set(TileCover.tiles(covering: corners, zoom: z, center: (cx, cy)).map(\.description))
            let n = 1 << z
            var expected = Set<String>()
            let xs = corners.map(\.x), ys = corners.map(\.y)
            for row in max(0, Int((ys.min()! * Double(n)).rounded(.down)))...min(n - 1, Int((ys.max()! * Double(n)).rounded(.down))) {
                for column in Int((xs.min()! * Double(n)).rounded(.down))...Int((xs.max()! * Double(n)).rounded(.down)) {
                    let square = [(Double(column), Double(row)), (Double(column + 1), Double(row)),
                                  (Double(column + 1), Double(row + 1)), (Double(column), Double(row + 1))]
                    if Self.intersects(corners.map { ($0.x * Double(n), $0.y * Double(n)) }, square) {
                        expected.insert(UnwrappedTileID(z: z, x: column, y: row).description)
                    }
                }
            }
            // Tiles that only touch the polygon at an edge or corner may be included; none may be missing.
            #expect(expected.isSubset(of: got), "z\(z): missing \(expected.subtracting(got))")
            let extra = got.subtracting(expected)
            #expect(extra.count <= 2 * Int(Double(got.count).squareRoot()) + 4, "z\(z): \(extra.count) extra of \(got.count)")
        }
    }

    @Test("covering zoom and overscaling follow the source's tile size and zoom range")
    func sourceZooms() {
        #expect(TileCover.coveringZoom(cameraZoom: 3.7, tileSize: 512) == 3)
        #expect(TileCover.coveringZoom(cameraZoom: 3.7, tileSize: 256) == 4)
        #expect(TileCover.coveringZoom(cameraZoom: 3.4, tileSize: 256, rounding: .toNearestOrAwayFromZero) == 4)
        let view = [(x: 0.49, y: 0.49), (x: 0.51, y: 0.49), (x: 0.51, y: 0.51), (x: 0.49, y: 0.51)]
        let tiles = TileCover.sourceTiles(covering: view, center: (0.5, 0.5), cameraZoom: 16.2, tileSize: 512,
                                          minimumZoom: 0, maximumZoom: 14)
        #expect(tiles.allSatisfy { $0.tile.canonical.z == 14 && $0.overscaledZ == 16 && $0.overscaleFactor == 4 })
        #expect(TileCover.sourceTiles(covering: view, center: (0.5, 0.5), cameraZoom: 2, tileSize: 512,
                                      minimumZoom: 5, maximumZoom: 14).isEmpty)
    }

    /// Whether two convex polygons overlap with positive area (separating axis test).
    static func intersects(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> Bool {
        for polygon in [a, b] {
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                let normal = (q.1 - p.1, p.0 - q.0)
                let pa = a.map { $0.0 * normal.0 + $0.1 * normal.1 }, pb = b.map { $0.0 * normal.0 + $0.1 * normal.1 }
                if pa.max()! <= pb.min()! + 1e-12 || pb.max()! <= pa.min()! + 1e-12 { return false }
            }
        }
        return true
    }
}
