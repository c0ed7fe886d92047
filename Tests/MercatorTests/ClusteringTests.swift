import Foundation
import Mercator
import MercatorTestSupport
import Testing

@Suite("Clustered shape sources")
struct ClusteringTests {
    static func map(zoom: Double) throws -> Map {
        let url = try #require(SharedFixtures.url("data/supercluster_places.geojson"))
        let style: JSONValue = [
            "version": 8,
            "sources": ["places": ["type": "geojson", "data": .string(url.path), "cluster": true, "clusterRadius": 40,
                                   "clusterProperties": ["max_rank": ["max", ["get", "scalerank"]], "sum": ["+", ["get", "scalerank"]]]]],
            "layers": [
                ["id": "clusters", "type": "circle", "source": "places", "filter": ["has", "point_count"],
                 "paint": ["circle-radius": ["step", ["get", "point_count"], 10, 10, 20], "circle-color": "red"]],
                ["id": "points", "type": "circle", "source": "places", "filter": ["!", ["has", "point_count"]],
                 "paint": ["circle-radius": 3, "circle-color": "blue"]],
            ],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: zoom), size: MapSize(width: 512, height: 512))
    }

    @Test("a clustered source draws clusters with point_count and clusterProperties, and conserves points", .needsShared)
    func clusters() throws {
        let map = try Self.map(zoom: 0)
        let all = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 512, height: 512))
        let clusters = all.filter { $0.layerIdentifier == "clusters" }
        let points = all.filter { $0.layerIdentifier == "points" }
        #expect(!clusters.isEmpty)
        let counted = clusters.compactMap { $0.feature.attribute(forKey: "point_count")?.number }.reduce(0, +)
        #expect(Int(counted) + points.count == 162)
        let first = try #require(clusters.first?.feature)
        #expect(first.attribute(forKey: "cluster") == .bool(true))
        #expect(first.attribute(forKey: "cluster_id") != nil)
        #expect(first.attribute(forKey: "point_count_abbreviated") != nil)
        #expect(first.attribute(forKey: "max_rank")?.number != nil)
        #expect(first.attribute(forKey: "sum")?.number != nil)
        // Deeper in, fewer clusters.
        let deep = try Self.map(zoom: 6).visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 512, height: 512))
        #expect(deep.filter { $0.layerIdentifier == "clusters" }.count <= clusters.count)
        _ = try map.snapshot()
    }

    @Test("children, leaves (offset, limit) and expansion zoom of a drawn cluster", .needsShared)
    func clusterAPI() throws {
        let map = try Self.map(zoom: 0)
        let clusters = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 512, height: 512), styleLayerIdentifiers: ["clusters"])
        let cluster = try #require(clusters.max { ($0.feature.attribute(forKey: "point_count")?.number ?? 0) < ($1.feature.attribute(forKey: "point_count")?.number ?? 0) }?.feature)
        let count = Int(try #require(cluster.attribute(forKey: "point_count")?.number))
        #expect(count > 2)
        let children = try map.children(ofCluster: cluster, inShapeSource: "places")
        #expect(children.count >= 2)
        #expect(children.reduce(0) { $0 + Int($1.attribute(forKey: "point_count")?.number ?? 1) } == count)
        let leaves = try map.leaves(ofCluster: cluster, inShapeSource: "places", offset: 0, limit: 1000)
        #expect(leaves.count == count)
        #expect(leaves.allSatisfy { $0.attribute(forKey: "cluster") == nil && $0 is PointFeature })
        let page = try map.leaves(ofCluster: cluster, inShapeSource: "places", offset: 1, limit: 2)
        #expect(page.map { $0.attribute(forKey: "name") } == leaves[1...2].map { $0.attribute(forKey: "name") })
        #expect(try map.zoomLevel(forExpandingCluster: cluster, inShapeSource: "places") >= 1)

        let point = try #require(try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 512, height: 512), styleLayerIdentifiers: ["points"]).first?.feature)
        #expect(throws: MapQueryError.self) { try map.children(ofCluster: point, inShapeSource: "places") }
        #expect(throws: MapQueryError.self) { try map.leaves(ofCluster: cluster, inShapeSource: "nowhere") }
    }
}
