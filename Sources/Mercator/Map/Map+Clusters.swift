public import GeoJSON
import Tiling

/// The SDK's cluster API (`-[MLNShapeSource childrenOfCluster:]`, `leavesOfCluster:offset:limit:`,
/// `zoomLevelForExpandingCluster:`) on a clustered shape source of the map's style.
///
/// `cluster` is a cluster feature as drawn or queried: it carries `cluster`, `cluster_id` and
/// `point_count` attributes.
extension Map {
    /// The clusters and points one zoom deeper that make up `cluster`.
    public func children(ofCluster cluster: any Feature, inShapeSource source: String) throws -> [any Feature] {
        let (index, id) = try clusterIndex(source, cluster)
        return try index.children(ofCluster: id).map(ShapeDecoding.feature(for:))
    }

    /// The points inside `cluster`, at most `limit` of them after skipping `offset`.
    public func leaves(ofCluster cluster: any Feature, inShapeSource source: String, offset: Int = 0, limit: Int = 10) throws -> [any Feature] {
        let (index, id) = try clusterIndex(source, cluster)
        return try index.leaves(ofCluster: id, limit: max(0, limit), offset: max(0, offset)).map(ShapeDecoding.feature(for:))
    }

    /// The zoom at which `cluster` splits into several children.
    public func zoomLevel(forExpandingCluster cluster: any Feature, inShapeSource source: String) throws -> Double {
        let (index, id) = try clusterIndex(source, cluster)
        return Double(try index.expansionZoom(ofCluster: id))
    }

    private func clusterIndex(_ source: String, _ cluster: any Feature) throws -> (ClusterIndex, Int) {
        guard case .clusters(let index)? = try shapeSourceData(source).index else { throw MapQueryError.notClustered(source) }
        guard cluster.attribute(forKey: "cluster")?.bool == true, let n = cluster.attribute(forKey: "cluster_id")?.number,
              n.isFinite, n == n.rounded(), abs(n) < 1e15 else {
            throw MapQueryError.notACluster
        }
        return (index, Int(n))
    }
}
