import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

@Suite struct ShapeSourceTilesTests {
    @Test func convertsStyleUnitsLikeMapLibreNative() {
        let options = ShapeSourceOptions()
        #expect(options.tileOptions.extent == 8192)
        #expect(options.tileOptions.buffer == 2048)
        #expect(options.tileOptions.tolerance == 6)
        #expect(options.tileOptions.maxZoom == 18)
        let cluster = options.clusterOptions()
        #expect(cluster.radius == 800 && cluster.extent == 8192 && cluster.maxZoom == 17 && cluster.minPoints == 2)
    }

    @Test(.needsShared) func choosesClusteringOnlyWithPoints() throws {
        let points = ClusterIndexTests.places
        let clustered = try ShapeSourceTiles(features: points, options: ShapeSourceOptions(cluster: true))
        guard case .clusters = clustered else {
            Issue.record("expected clusters")
            return
        }
        let tile = try #require(clustered.tile(TileID(z: 0, x: 0, y: 0)))
        #expect(tile.contains { $0.properties?["point_count"] != nil })
        let empty = try ShapeSourceTiles(features: [], options: ShapeSourceOptions(cluster: true))
        guard case .shapes = empty else {
            Issue.record("an empty clustered source tiles shapes, as MapLibre Native does")
            return
        }
        let shapes = try ShapeSourceTiles(features: points, options: ShapeSourceOptions())
        // the 2048-unit buffer is a quarter of the world: points within 90° of the antimeridian also
        // appear wrapped onto the other side of tile 0/0/0
        let longitudes = points.compactMap { f -> Double? in
            if case .point(let p)? = f.geometry { return p.longitude }
            return nil
        }
        let wrapped = longitudes.filter { $0 < -90 || $0 >= 90 }.count
        #expect(shapes.tile(TileID(z: 0, x: 0, y: 0))?.count == longitudes.count + wrapped)
    }
}
