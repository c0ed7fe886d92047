package import GeoJSON

/// One feature table of a ``MapLibreTile``: name, extent and its features, decoded.
package struct MapLibreTileLayer: Sendable {
    /// The layer name (never empty).
    package let name: String
    /// Coordinates across the tile.
    package let extent: Int
    /// The features, in tile order.
    package let features: [MapLibreTileFeature]

    /// Reads a feature table (after its tag): metadata (name, extent, columns), then each column's streams.
    init(_ r: inout MLTReader) throws(MLTError) {
        let at = r.position
        name = try r.string()
        guard !name.isEmpty else { throw MLTError(.emptyLayerName, offset: at) }
        let extentAt = r.position
        let extent = try r.varint32()
        guard extent > 0 else { throw MLTError(.countMismatch("extent 0"), offset: extentAt) }
        self.extent = Int(extent)
        // Every column takes at least its one-byte type code.
        let columnCount = try r.count("column count", minimumBytes: 1)
        var columns = [MLTColumn]()
        for _ in 0..<columnCount { columns.append(try MLTColumn.read(&r)) }
        guard columns.filter({ $0.kind == .geometry }).count == 1 else {
            throw MLTError(.invalidColumns("a layer needs exactly one geometry column"), offset: at)
        }
        guard columns.filter({ if case .id = $0.kind { true } else { false } }).count <= 1 else {
            throw MLTError(.invalidColumns("more than one id column"), offset: at)
        }

        var ids: [UInt64?]?
        var geometries = [MLTFeatureGeometry]()
        var properties = [MLTPropertyColumn]()
        var columnOffsets = [Int]()
        for column in columns {
            let columnAt = r.position
            switch column.kind {
            case .id(let wide):
                let present = column.nullable ? try MLTColumn.presence(&r) : nil
                let m = try MLTStreamMetadata.read(&r)
                let dense = try MLTIntegerStream.decode(m, &r, signed: false, wide: wide)
                if let present {
                    var out = [UInt64?]()
                    out.reserveCapacity(present.count)
                    var i = 0
                    for p in present {
                        guard p else { out.append(nil); continue }
                        guard i < dense.count else { throw MLTError(.countMismatch("more present bits than ids"), offset: columnAt) }
                        out.append(dense[i])
                        i += 1
                    }
                    guard i == dense.count else { throw MLTError(.countMismatch("\(dense.count) ids for \(i) present bits"), offset: columnAt) }
                    ids = out
                } else {
                    ids = dense
                }
            case .geometry:
                let streamCount = try r.count("geometry stream count", minimumBytes: 1)
                geometries = try MLTGeometryColumn(&r, streamCount: streamCount).features()
            default:
                for p in try column.readProperties(&r) {
                    properties.append(p)
                    columnOffsets.append(columnAt)
                }
            }
        }
        guard r.isAtEnd else { throw MLTError(.trailingBytes(r.remaining), offset: r.position) }

        let n = geometries.count
        if let ids, ids.count != n { throw MLTError(.countMismatch("\(ids.count) ids for \(n) geometries"), offset: at) }
        for (p, o) in zip(properties, columnOffsets) {
            if let values = p.values, values.count != n {
                throw MLTError(.countMismatch("\(values.count) values of \(p.name) for \(n) geometries"), offset: o)
            }
        }
        // Columns absent from the tile add nothing: leaving them out keeps the loop below to the values decoded.
        properties.removeAll { $0.values == nil }
        // The keys every feature may have, in column order; each feature keeps those it has a value
        // for. Features with the same present columns share one key array and hash index.
        let keys = properties.map(\.name)
        let keySets = KeySetMemo()
        var features = [MapLibreTileFeature]()
        features.reserveCapacity(n)
        var present = [Int]()
        for i in 0..<n {
            present.removeAll(keepingCapacity: true)
            var values = [JSONValue]()
            values.reserveCapacity(properties.count)
            for c in properties.indices {
                if let v = properties[c].values?[i] {
                    present.append(c)
                    values.append(v)
                }
            }
            // Two columns of one name (malformed, but possible): the last one wins.
            let object = present.withUnsafeBufferPointer { keySets.object(keyIndices: $0, values: values, keys: keys) }
            features.append(MapLibreTileFeature(id: ids?[i], extent: self.extent, shape: geometries[i], properties: object))
        }
        self.features = features
    }

    /// Every feature as GeoJSON with longitude/latitude geometry, for tile `x`, `y`, `z`, converted
    /// as the MVT layer's ``VectorTileLayer/geoJSONFeatures(x:y:z:)``.
    package func geoJSONFeatures(x: Int, y: Int, z: Int) -> [GeoJSONFeature] {
        features.map { $0.geoJSONFeature(x: x, y: y, z: z) }
    }
}
