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
        var features: [GeoJSONFeature] = []
        for l in 0..<tile.layerCount {
            features += TileLayerGeometry(columns: try tile.columns(at: l), x: 8802, y: 5374, z: 14).features()
        }
        #expect(Self.compare(features) > 5000)
    }

    /// The same street tile as a MapLibre tile: its features convert as through their longitude/latitude
    /// geometry too (polygons grouped as the tile groups them).
    @Test(.needsShared) func streetMapLibreTileConvertsAsThroughLongitudeLatitude() throws {
        let url = try #require(SharedFixtures.url("conformance/render-tests/tiles/14-8802-5374.mlt"))
        let tile = try MapLibreTile(data: Data(contentsOf: url))
        let features = tile.layers.flatMap { $0.tileFeatures(x: 8802, y: 5374, z: 14) }
        #expect(Self.compare(features) > 5000)
    }

    /// Compares each feature's conversions from tile coordinates with those of its longitude/latitude
    /// geometry; returns the number compared.
    static func compare(_ features: [GeoJSONFeature]) -> Int {
        var compared = 0
        for feature in features {
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
        return compared
    }

    /// A GeoJSON source's drawn geometry (simplified, a cluster) is what is converted, not the feature's.
    @Test func drawnGeometryWins() {
        let feature = GeoJSONFeature(geometry: .point(Position(longitude: 0, latitude: 0)))
        let drawn = SelectedFeature(feature: feature, geometry: .point(Position(longitude: 90, latitude: 0)))
        #expect(drawn.tileGeometry == nil)
        #expect(GeometryConversion.points(drawn) == [Point(x: 0.75, y: 0.5)])
    }
}
