import GeoJSON
import Testing
@testable import Rendering

/// The order GL JS draws the symbols of a layer sorted by viewport y in (``SymbolDrawOrder``): tile by tile, each
/// tile's by the anchor's y in tile units turned by the bearing.
@Suite struct SymbolDrawOrderTests {
    /// The indices of `anchors` (longitude, latitude) in drawing order.
    static func order(_ anchors: [(Double, Double)], zoom: Int = 1, bearing: Double = 0) -> [Int] {
        let keys = anchors.enumerated().map { i, a in
            SymbolDrawOrder(anchor: LocationCoordinate2D(latitude: a.1, longitude: a.0), index: i, copy: 0, zoom: zoom,
                            bearing: bearing)
        }
        return keys.indices.sorted { keys[$0] < keys[$1] }
    }

    @Test("within a tile, north up: the anchor higher in the tile first; on a tie, the later feature first")
    func withinATile() {
        #expect(Self.order([(-100, 30), (-100, 60), (-120, 45)]) == [1, 2, 0])
        #expect(Self.order([(-100, 30), (-120, 30)]) == [1, 0])
    }

    @Test("turned 90° (east up), the anchor furthest east first, whatever its latitude")
    func turned() {
        #expect(Self.order([(-170, 70), (-20, 10), (-100, 40)], bearing: 90) == [1, 2, 0])
    }

    @Test("tile by tile: the top row's tiles first, each row from the left, before the anchors' own y")
    func tileByTile() {
        // (1, 0, 0) holds the first, (1, 1, 0) the second, (1, 0, 1) the third: the second's anchor lies lower in its
        // tile than the third's in its own, and is drawn before it all the same
        #expect(Self.order([(-90, 80), (90, 1), (-90, -1)]) == [0, 1, 2])
        // with the map turned half round, the bottom row's tiles come first
        #expect(Self.order([(-90, 80), (-90, -1)], bearing: 180) == [1, 0])
    }

    @Test("near a pole of a turned globe, icons on one meridian stack by their y in the tile (the random case 13-027)")
    func nearThePole() {
        // at 70°, 77.8° N is drawn before 75.07° N, so the latter lies over it, as GL JS draws them (the screen's y on
        // the sphere runs the other way there)
        #expect(Self.order([(-134.9, 77.8282), (-134.9, 75.0661)], bearing: 70) == [0, 1])
    }
}
