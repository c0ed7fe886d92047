import Foundation
package import GeoJSON

/// One layer of a ``VectorTile``: name, extent, version, key and value tables, and an index of its
/// features (decoded one at a time by ``feature(at:)``).
package struct VectorTileLayer: Sendable, RandomAccessCollection {
    /// The decoded tables, shared by the layer's features (one reference to copy).
    final class Storage: Sendable {
        let name: String
        let extent: Int
        let version: Int
        let keys: [String]
        let values: [VectorTileValue]
        let bytes: ContiguousArray<UInt8>
        /// Each feature's id, type and field ranges, read (and its tags checked) in the layer's one pass.
        let headers: ContiguousArray<FeatureHeader>
        /// Why a feature is malformed, by feature index (thrown by `feature(at:)`).
        let featureErrors: [Int: VectorTileError]
        /// The last key set features asked for (features of a layer mostly share their keys).
        let keySets = KeySetMemo()

        init(name: String, extent: Int, version: Int, keys: [String], values: [VectorTileValue], bytes: ContiguousArray<UInt8>,
             headers: ContiguousArray<FeatureHeader>, featureErrors: [Int: VectorTileError]) {
            self.name = name
            self.extent = extent
            self.version = version
            self.keys = keys
            self.values = values
            self.bytes = bytes
            self.headers = headers
            self.featureErrors = featureErrors
        }
    }

    let storage: Storage

    /// The layer name.
    package var name: String { storage.name }
    /// Coordinates across the tile (4096 unless the tile says otherwise).
    package var extent: Int { storage.extent }
    /// The spec version the layer declares (1 when absent).
    package var version: Int { storage.version }
    /// Property keys.
    package var keys: [String] { storage.keys }
    /// Property values.
    package var values: [VectorTileValue] { storage.values }
    var bytes: ContiguousArray<UInt8> { storage.bytes }

    init(bytes: ContiguousArray<UInt8>, range: Range<Int>) throws(VectorTileError) {
        var headers = ContiguousArray<FeatureHeader>(), errors = [Int: VectorTileError]()
        let tables = try withBytes(bytes) { (b) throws(VectorTileError) in
            let tables = try LayerTables(b, range)
            // Features after the tables (which may come in any order): one pass over each message.
            let bounds = tables.featureBounds
            headers.reserveCapacity(bounds.count / 2)
            let keyCount = UInt64(tables.keys.count), valueCount = UInt64(tables.values.count)
            var i = 0
            while i < bounds.count {
                do throws(VectorTileError) {
                    headers.append(try FeatureHeader(b, bounds[i]..<bounds[i + 1], keyCount: keyCount, valueCount: valueCount))
                } catch {
                    errors[headers.count] = error
                    headers.append(FeatureHeader())
                }
                i += 2
            }
            return tables
        }
        storage = Storage(name: tables.name, extent: tables.extent, version: tables.version, keys: tables.keys, values: tables.values,
                          bytes: bytes, headers: headers, featureErrors: errors)
    }

    package var startIndex: Int { 0 }
    /// The number of features.
    package var endIndex: Int { storage.headers.count }

    /// Feature `i`, decoded and checked (id, type, tags); its geometry decodes on request.
    /// Throws for a malformed feature (the collection subscript traps instead; prefer this).
    package func feature(at i: Int) throws(VectorTileError) -> VectorTileFeature {
        let s = storage
        if !s.featureErrors.isEmpty, let error = s.featureErrors[i] { throw error }
        return VectorTileFeature(layer: self, header: s.headers[i])
    }

    /// Feature `i`. Traps on a malformed feature: use ``feature(at:)`` for untrusted tiles.
    package subscript(i: Int) -> VectorTileFeature {
        do { return try feature(at: i) } catch { preconditionFailure("\(error)") }
    }

    /// Every feature as GeoJSON with longitude/latitude geometry, for tile `x`, `y`, `z`
    /// (vector-tile-js `toGeoJSON`); features of unknown type are left out.
    package func geoJSONFeatures(x: Int, y: Int, z: Int) throws(VectorTileError) -> [GeoJSONFeature] {
        var out = [GeoJSONFeature]()
        out.reserveCapacity(count)
        for i in 0..<count {
            if let f = try feature(at: i).geoJSONFeature(x: x, y: y, z: z) { out.append(f) }
        }
        return out
    }
}
