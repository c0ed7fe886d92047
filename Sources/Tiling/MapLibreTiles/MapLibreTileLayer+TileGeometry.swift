package import GeoJSON

extension MapLibreTileLayer {
    /// The layer's geometry in tile coordinates, placed at tile `x`, `y`, `z`: the same columns an MVT
    /// layer decodes into (``TileLayerGeometry``), with each polygon's rings grouped as the tile groups them.
    package func tileGeometry(x: Int, y: Int, z: Int) -> TileLayerGeometry {
        var starts = [Int]()
        starts.reserveCapacity(features.count + 1)
        var ringCounts = [Int]()
        for feature in features {
            starts.append(ringCounts.count)
            if feature.type == .polygon { ringCounts += feature.polygonRingCounts }
        }
        starts.append(ringCounts.count)
        let storage = ColumnStorage(name: name, extent: extent,
                                    features: features.map { (id: $0.id, rawType: UInt32($0.type.rawValue), geometry: $0.geometry) })
        return TileLayerGeometry(columns: VectorTileColumns(storage: storage), x: x, y: y, z: z,
                                 polygonRings: (starts: starts, ringCounts: ringCounts))
    }

    /// Every feature as GeoJSON whose geometry stays in the tile's coordinates (``tileGeometry(x:y:z:)``)
    /// and is built in longitude/latitude only when read: the same identifiers, properties and
    /// geometry as ``geoJSONFeatures(x:y:z:)``, drawn as an MVT layer's features are (no
    /// longitude/latitude step).
    package func tileFeatures(x: Int, y: Int, z: Int) -> [GeoJSONFeature] {
        let geometry = tileGeometry(x: x, y: y, z: z)
        var out = [GeoJSONFeature]()
        out.reserveCapacity(features.count)
        for (i, feature) in features.enumerated() {
            out.append(GeoJSONFeature(identifier: feature.identifier, deferredGeometry: geometry, index: i,
                                      properties: feature.properties))
        }
        return out
    }
}
