package import GeoJSON

/// One vector tile layer decoded whole, in one pass, into flat columns: every feature's id, type,
/// property indices and geometry points, each kind in one buffer shared by the whole layer.
///
/// This is the decoder for reading a layer through: no per-feature allocation at all. Features are
/// views (``Feature``) into the columns; their properties resolve against the layer's ``keys`` and
/// ``values`` tables and their rings are views of the layer's coordinates. ``VectorTileLayer`` is the
/// lazy alternative (a feature decoded when opened), for reading a few features of a large layer.
///
/// ```swift
/// let layer = try tile.columns(named: "roads")!
/// for feature in layer {
///     let kind = feature.value(forKey: "class")
///     for ring in feature.rings { for point in ring { … } }
/// }
/// ```
package struct VectorTileColumns: Sendable, RandomAccessCollection {
    @usableFromInline let storage: ColumnStorage

    init(storage: ColumnStorage) { self.storage = storage }

    /// The layer name.
    package var name: String { storage.name }
    /// Coordinates across the tile (4096 unless the tile says otherwise).
    package var extent: Int { storage.extent }
    /// The spec version the layer declares (1 when absent).
    package var version: Int { storage.version }
    /// Property keys, indexed by a feature's key indices.
    package var keys: [String] { storage.keys }
    /// Property values, indexed by a feature's value indices.
    package var values: [VectorTileValue] { storage.values }

    @inlinable package var startIndex: Int { 0 }
    /// The number of features.
    @inlinable package var endIndex: Int { storage.featureCount }

    /// Feature `i` (a view: nothing is decoded or copied).
    @inlinable package subscript(i: Int) -> Feature {
        precondition(i >= 0 && i < storage.featureCount, "feature index out of range")
        return Feature(storage: storage, index: i)
    }

    /// The number of points in the layer, all features and rings.
    package var pointCount: Int { storage.pointCount }

    /// Every feature as GeoJSON with longitude/latitude geometry, for tile `x`, `y`, `z`
    /// (vector-tile-js `toGeoJSON`); features of unknown type are left out.
    package func geoJSONFeatures(x: Int, y: Int, z: Int) -> [GeoJSONFeature] {
        var out = [GeoJSONFeature]()
        out.reserveCapacity(count)
        for feature in self {
            if let f = feature.geoJSONFeature(x: x, y: y, z: z) { out.append(f) }
        }
        return out
    }
}

extension VectorTile {
    /// Decodes layer `i` whole into columns (see ``VectorTileColumns``); throws the first problem found,
    /// with its byte offset.
    package func columns(at i: Int) throws(VectorTileError) -> VectorTileColumns {
        VectorTileColumns(storage: try ColumnStorage(bytes: bytes, range: layerRanges[i]))
    }

    /// Decodes the first layer called `name` whole into columns, or `nil` when there is none.
    package func columns(named name: String) throws(VectorTileError) -> VectorTileColumns? {
        guard let i = layerNames.firstIndex(of: name) else { return nil }
        return try columns(at: i)
    }
}
