import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
import Tiling
@testable import Rendering

/// A vector tile's features go from tile coordinates straight to world coordinates: the same
/// polygons, lines and points (to rounding) as through their longitude/latitude geometry.
struct TileGeometryConversionTests {
    static func close(_ a: [Point], _ b: [Point]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) < 1e-12 && abs($0.y - $1.y) < 1e-12 }
    }

    @Test(.needsShared) func streetTileConvertsAsThroughLongitudeLatitude() throws {
        let url = try #require(SharedFixtures.url("conformance/render-tests/tiles/14-8802-5374.mvt"))
        let tile = try VectorTile(data: Data(contentsOf: url))
        var compared = 0
        for l in 0..<tile.layerCount {
            let layer = TileLayerGeometry(columns: try tile.columns(at: l), x: 8802, y: 5374, z: 14)
            for feature in layer.features() {
                let tiled = SelectedFeature(feature: feature, geometry: nil)
                #expect(tiled.tileGeometry != nil)
                let geometry = feature.geometry
                let polygons = GeometryConversion.polygons(tiled), expected = GeometryConversion.polygons(geometry)
                #expect(polygons.count == expected.count)
                for (p, e) in zip(polygons, expected) {
                    #expect(p.count == e.count)
                    for (r, s) in zip(p, e) { #expect(Self.close(r, s)) }
                }
                let (lines, closed) = GeometryConversion.lines(tiled), (expectedLines, expectedClosed) = GeometryConversion.lines(geometry)
                #expect(closed == expectedClosed && lines.count == expectedLines.count)
                for (r, s) in zip(lines, expectedLines) { #expect(Self.close(r, s)) }
                #expect(Self.close(GeometryConversion.points(tiled), GeometryConversion.points(geometry)))
                let labelLines = SymbolLayerBuilder.lineStrings(tiled), expectedLabelLines = SymbolLayerBuilder.lineStrings(geometry)
                #expect(labelLines.count == expectedLabelLines.count)
                for (r, s) in zip(labelLines, expectedLabelLines) { #expect(Self.close(r, s)) }
                compared += 1
            }
        }
        #expect(compared > 5000)
    }

    /// A GeoJSON source's drawn geometry (simplified, a cluster) is what is converted, not the feature's.
    @Test func drawnGeometryWins() {
        let feature = GeoJSONFeature(geometry: .point(Position(longitude: 0, latitude: 0)))
        let drawn = SelectedFeature(feature: feature, geometry: .point(Position(longitude: 90, latitude: 0)))
        #expect(drawn.tileGeometry == nil)
        #expect(GeometryConversion.points(drawn) == [Point(x: 0.75, y: 0.5)])
    }
}
