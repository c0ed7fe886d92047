package import GeoJSON

/// One feature of a ``MapLibreTileLayer``: id, type, properties and geometry in tile coordinates
/// (the same flat ``VectorTileGeometry`` the MVT decoder fills).
package struct MapLibreTileFeature: Sendable {
    /// The id, or `nil` when the layer has no id column or the feature's id is null.
    package let id: UInt64?
    /// Point, line or polygon (multi-geometries are several rings of the same type).
    package let type: TileFeatureType
    /// The geometry: one ring per point, line or polygon ring; polygon rings closed.
    package let geometry: VectorTileGeometry
    /// For polygons, the number of rings of each polygon (its exterior ring, then its holes).
    package let polygonRingCounts: [Int]
    /// The properties (null values left out, as MVT leaves out absent tags).
    package let properties: JSONObject
    /// The layer's extent.
    let extent: Int

    init(id: UInt64?, extent: Int, shape: MLTFeatureGeometry, properties: JSONObject) {
        self.id = id
        self.extent = extent
        type = shape.type
        geometry = shape.geometry
        polygonRingCounts = shape.polygonRingCounts
        self.properties = properties
    }

    /// The identifier as a GeoJSON feature identifier.
    package var identifier: FeatureIdentifier? {
        guard let id else { return nil }
        return id <= UInt64(Int64.max) ? .int(Int64(id)) : .uint(id)
    }

    /// The feature as GeoJSON with longitude/latitude geometry for tile `x`, `y` at zoom `z`; polygons
    /// are grouped as the tile groups them (not by winding, which MVT needs).
    package func geoJSONFeature(x: Int, y: Int, z: Int) -> GeoJSONFeature {
        var groups = [[Int]]()
        var ring = 0
        for n in polygonRingCounts {
            groups.append(Array(ring..<(ring + n)))
            ring += n
        }
        let shape = geometry.geoJSONGeometry(type: type, extent: extent, x: x, y: y, z: z, polygons: type == .polygon ? groups : nil)
        return GeoJSONFeature(identifier: identifier, geometry: shape, properties: properties)
    }
}
