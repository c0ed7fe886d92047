import Geo

extension HeatmapLayer {
    /// The layer with only the points inside `tile` (its own extent, not its buffer): a tile's heatmap bucket is a circle
    /// bucket, which skips points outside the tile (`x < 0 || x >= EXTENT || y < 0 || y >= EXTENT`, in MapLibre Native
    /// and GL JS alike), so a point in two tiles' buffers adds its kernel once.
    func keepingPoints(in tile: TileID) -> HeatmapLayer {
        let n = Double(1 << tile.z)
        let extent = GeoJSONRenderSource.tileExtent
        var kept = self
        kept.points = []
        kept.featureIndex = []
        for (point, feature) in zip(points, featureIndex) {
            // tile units, rounded: the positions were quantized to the tile's grid
            let x = ((point.position.x * n - Double(tile.x)) * extent).rounded()
            let y = ((point.position.y * n - Double(tile.y)) * extent).rounded()
            guard x >= 0, x < extent, y >= 0, y < extent else { continue }
            kept.points.append(point)
            kept.featureIndex.append(feature)
        }
        return kept
    }

    /// Adds `other`'s points, its features numbered after the first `featureOffset` (the tiles of a source draw into one
    /// density texture: MapLibre draws every tile's kernels into one framebuffer, then colours it once).
    mutating func append(_ other: HeatmapLayer, featureOffset: Int) {
        points += other.points
        featureIndex += other.featureIndex.map { $0 + featureOffset }
        featureCount = featureOffset + other.featureCount
    }

    /// The layer with no points, drawn as this one is (its paint), to append tiles to.
    var emptied: HeatmapLayer {
        var empty = self
        empty.points = []
        empty.featureIndex = []
        empty.featureCount = 0
        return empty
    }
}
