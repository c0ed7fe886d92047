import GeoJSON
import Testing
@testable import Rendering

/// The source-tile clip (MapLibre's stencil) is applied per row: each row's run of pixels inside a
/// tile is solved once and its ends checked, and must be exactly the pixels the per-pixel test keeps.
@Suite("Tile clip row spans")
struct TileRowSpansTests {
    /// The per-pixel test the spans replace: the world position under the pixel's centre lies in the tile.
    static func inside(_ x: Int, _ y: Int, _ t: Transform, _ tile: TileClip) -> Bool {
        guard let q = t.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { return false }
        return tile.contains(t.worldFraction(plane: q))
    }

    @Test("row spans are exactly the pixels whose centres lie in the tile, flat, turned and pitched",
          arguments: [(0.0, 0.0), (20.0, 0.0), (-137.5, 0.0), (0.0, 45.0), (33.0, 60.0), (90.0, 10.0)])
    func spansMatchThePerPixelTest(bearing: Double, pitch: Double) {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 60.17, longitude: 24.94), zoom: 15.37, bearing: bearing, pitch: pitch)
        let t = Transform(camera: camera, width: 97, height: 83, pixelRatio: 1)
        let band = PixelClip(x0: 0, y0: 11, x1: 97, y1: 70)
        let c = Transform.mercator(camera.center)
        let n = 1 << 14
        let (cx, cy) = (Int(c.x * Double(n)), Int(c.y * Double(n)))
        var checked = 0, insideCount = 0
        for dx in -1...1 {
            for dy in -1...1 {
                let tile = TileClip(z: 14, x: cx + dx, y: cy + dy)
                let spans = TileRowSpans(tile: tile, transform: t, clip: band)
                for y in band.y0..<band.y1 {
                    let (a, b) = spans.span(row: y)
                    for x in band.x0..<band.x1 {
                        let expected = Self.inside(x, y, t, tile)
                        #expect((x >= a && x < b) == expected, "tile \(dx),\(dy) pixel \(x),\(y): span \(a)..<\(b)")
                        checked += 1
                        if expected { insideCount += 1 }
                    }
                }
            }
        }
        #expect(checked == 9 * 97 * 59)
        #expect(insideCount > 0)
    }

    @Test("every pixel of a band belongs to at most one tile and the tiles around the view cover it")
    func tilesPartitionTheBand() {
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0.3, longitude: 0.2), zoom: 4.6, bearing: 27, pitch: 30)
        let t = Transform(camera: camera, width: 64, height: 48, pixelRatio: 2)
        let band = PixelClip(width: 128, height: 96)
        var owners = [Int](repeating: 0, count: 128 * 96)
        for x in 6...9 {
            for y in 6...9 {
                let spans = TileRowSpans(tile: TileClip(z: 4, x: x, y: y), transform: t, clip: band)
                for row in 0..<96 {
                    let (a, b) = spans.span(row: row)
                    for col in a..<max(a, b) { owners[row * 128 + col] += 1 }
                }
            }
        }
        #expect(owners.allSatisfy { $0 == 1 }, "\(owners.filter { $0 != 1 }.count) pixels drawn by no tile or by two")
    }
}
