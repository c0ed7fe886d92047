import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// The feature-free query API agrees with the supercluster-style one.
@Suite struct ClusterItemTests {
    @Test(.needsShared) func itemsMatchFeatures() throws {
        let index = try ClusterIndex(points: ClusterIndexTests.places)
        for zoom in [0.0, 2, 5, 17] {
            let items = index.items(west: -180, south: -85, east: 180, north: 85, zoom: zoom)
            let features = index.clusters(west: -180, south: -85, east: 180, north: 85, zoom: zoom)
            #expect(items.count == features.count)
            #expect(items.map(index.feature) == features)
        }
        let children = try index.childItems(ofCluster: 164)
        #expect(children.map(index.feature) == (try index.children(ofCluster: 164)))
        if case .cluster(let id, let count, let position) = children[0] {
            #expect(count == 6 && id > index.points.count)
            #expect(position.latitude > -90 && position.latitude < 90)
        } else {
            Issue.record("first child of 164 should be a cluster")
        }
    }

    @Test(.needsShared) func reducedPropertiesReachItemFeatures() throws {
        let options = ClusterOptions(
            radius: 100,
            map: { props in ["sum": props["scalerank"] ?? 0] },
            reduce: { acc, props in acc["sum"] = .double((acc["sum"]?.number ?? 0) + (props["sum"]?.number ?? 0)) })
        let index = try ClusterIndex(points: ClusterIndexTests.places, options: options)
        let features = index.clusters(west: -180, south: -85, east: 180, north: 85, zoom: 0)
        let viaItems = index.items(west: -180, south: -85, east: 180, north: 85, zoom: 0).map(index.feature)
        #expect(viaItems == features)
        let sums = features.compactMap { $0.properties?["sum"]?.number }
        #expect(sums.contains(298))
        // every cluster's sum equals the sum over its leaves
        for f in features where f.properties?["cluster"] == .bool(true) {
            let id = Int(f.properties?["cluster_id"]?.number ?? -1)
            let leaves = try index.leaves(ofCluster: id, limit: .max)
            let expected = leaves.reduce(0.0) { $0 + ($1.properties?["scalerank"]?.number ?? 0) }
            #expect(f.properties?["sum"]?.number == expected)
            #expect(leaves.count == Int(f.properties?["point_count"]?.number ?? 0))
        }
    }

    @Test(.needsShared) func clusterTileAsGeoJSON() throws {
        let index = try ClusterIndex(points: ClusterIndexTests.places)
        let tile = try #require(index.tile(z: 1, x: 0, y: 0))
        let features = tile.geoJSONFeatures
        #expect(features.count == tile.count)
        for f in features {
            guard case .point(let p)? = f.geometry else {
                Issue.record("cluster tiles hold points")
                continue
            }
            // within the tile (180° W to 0°) plus its margin of radius/extent = 40/512 of a tile (14.06°);
            // items east of the antimeridian come in wrapped, west of 180° W
            #expect(p.longitude > -180 - 14.07 && p.longitude < 14.07)
        }
        let json = tile.vtJSON.array ?? []
        #expect(json.count == tile.count)
        #expect(json.first?["type"] == 1)
    }
}
