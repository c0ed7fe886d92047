package import GeoJSON

extension VectorTileColumns {
    /// One feature of a ``VectorTileColumns`` layer: a view into the layer's columns.
    package struct Feature: Sendable {
        @usableFromInline let storage: ColumnStorage
        /// The feature's position in its layer.
        package let index: Int

        @usableFromInline init(storage: ColumnStorage, index: Int) {
            self.storage = storage
            self.index = index
        }

        /// The `id` field, or `nil` when absent.
        @inlinable package var id: UInt64? { storage.hasID[index] ? storage.ids[index] : nil }

        /// The identifier as a GeoJSON feature identifier.
        package var identifier: FeatureIdentifier? {
            guard let id else { return nil }
            return id <= UInt64(Int64.max) ? .int(Int64(id)) : .uint(id)
        }

        /// The `type` field as stored (0 unknown, 1 point, 2 line, 3 polygon).
        @inlinable package var rawType: Int { Int(storage.types[index]) }

        /// Point, line or polygon; `nil` for an unknown type.
        package var type: TileFeatureType? { TileFeatureType(rawValue: rawType) }

        /// The number of properties (tag pairs; a repeated key counts each time).
        @inlinable package var propertyCount: Int { Int(storage.tagStarts[index + 1] - storage.tagStarts[index]) }

        /// The key and value indices of property `j` (into the layer's ``VectorTileColumns/keys`` and
        /// ``VectorTileColumns/values``).
        @inlinable
        package func propertyIndices(at j: Int) -> (key: Int, value: Int) {
            precondition(j >= 0 && j < propertyCount, "property index out of range")
            let t = 2 * (Int(storage.tagStarts[index]) + j)
            return (Int(storage.tags[t]), Int(storage.tags[t + 1]))
        }

        /// Property `j`: its key and value, in tag order.
        @inlinable
        package func property(at j: Int) -> (key: String, value: VectorTileValue) {
            let (k, v) = propertyIndices(at: j)
            return (storage.keys[k], storage.values[v])
        }

        /// Calls `body` with each property's key and value, in tag order (borrowed from the layer's
        /// tables: the cheapest way through a feature's properties).
        @inlinable
        package func forEachProperty(_ body: (String, VectorTileValue) throws -> Void) rethrows {
            let s = storage
            let from = 2 * s.tagStarts[index], to = 2 * s.tagStarts[index + 1]
            guard from < to else { return }
            try s.keys.withUnsafeBufferPointer { keys in
                try s.values.withUnsafeBufferPointer { values in
                    var t = from
                    while t < to {
                        try body(keys[Int(s.tags[t])], values[Int(s.tags[t + 1])])
                        t += 2
                    }
                }
            }
        }

        /// The value of property `key` (the last one when the key repeats, as vector-tile-js).
        package func value(forKey key: String) -> VectorTileValue? {
            var j = propertyCount - 1
            while j >= 0 {
                let (k, v) = propertyIndices(at: j)
                if storage.keys[k] == key { return storage.values[v] }
                j -= 1
            }
            return nil
        }

        /// The properties as a JSON object (a repeated key keeps its last value, as vector-tile-js).
        package var properties: JSONObject {
            let s = storage
            let from = s.tagStarts[index], n = s.tagStarts[index + 1] - from
            guard n > 0 else { return JSONObject() }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { keyIndices in
                var values = [JSONValue]()
                values.reserveCapacity(n)
                for j in 0..<n {
                    keyIndices[j] = Int(s.tags[2 * (from + j)])
                    values.append(s.values[Int(s.tags[2 * (from + j) + 1])].jsonValue)
                }
                return s.keySets.object(keyIndices: UnsafeBufferPointer(keyIndices), values: values, keys: s.keys)
            }
        }

        /// The geometry's rings (each MoveTo starts one; ClosePath repeats the ring's first point).
        @inlinable package var rings: Rings {
            Rings(storage: storage, rings: Int(storage.ringStarts[index])..<Int(storage.ringStarts[index + 1]))
        }

        /// The geometry as rings of points, copied out (vector-tile-js `loadGeometry`).
        package func geometry() -> [[TilePoint]] { rings.map { Array($0) } }

        /// The geometry as a flat ``VectorTileGeometry`` (copied out).
        package var flatGeometry: VectorTileGeometry {
            var g = VectorTileGeometry()
            let r = rings
            guard let first = r.first else { g.ringOffsets.append(0); return g }
            let from = first.points.lowerBound
            for ring in r { g.ringOffsets.append(Int32(truncatingIfNeeded: ring.points.lowerBound - from)) }
            let to = r.last!.points.upperBound
            g.ringOffsets.append(Int32(truncatingIfNeeded: to - from))
            g.coordinates.append(contentsOf: UnsafeBufferPointer(start: storage.coordinates + 2 * from, count: 2 * (to - from)))
            return g
        }
    }

    /// A feature's rings: views of the layer's coordinates.
    package struct Rings: Sendable, RandomAccessCollection {
        @usableFromInline let storage: ColumnStorage
        /// Layer-wide ring indices.
        @usableFromInline let rings: Range<Int>

        @usableFromInline init(storage: ColumnStorage, rings: Range<Int>) {
            self.storage = storage
            self.rings = rings
        }

        @inlinable package var startIndex: Int { 0 }
        /// The number of rings.
        @inlinable package var endIndex: Int { rings.count }

        /// Ring `i`.
        @inlinable package subscript(i: Int) -> Ring {
            precondition(i >= 0 && i < rings.count, "ring index out of range")
            let r = rings.lowerBound + i
            return Ring(storage: storage, points: Int(storage.pointStarts[r])..<Int(storage.pointStarts[r + 1]))
        }
    }

    /// One ring's points: a view of the layer's coordinates.
    package struct Ring: Sendable, RandomAccessCollection {
        @usableFromInline let storage: ColumnStorage
        /// Layer-wide point indices.
        @usableFromInline let points: Range<Int>

        @usableFromInline init(storage: ColumnStorage, points: Range<Int>) {
            self.storage = storage
            self.points = points
        }

        @inlinable package var startIndex: Int { 0 }
        /// The number of points.
        @inlinable package var endIndex: Int { points.count }

        /// Point `i`.
        @inlinable
        package subscript(i: Int) -> TilePoint {
            precondition(i >= 0 && i < points.count, "point index out of range")
            let p = storage.coordinates + 2 * (points.lowerBound + i)
            return TilePoint(x: p[0], y: p[1])
        }

        /// Calls `body` with the ring's coordinates as flat `x, y` pairs.
        @inlinable
        package func withUnsafeCoordinates<R>(_ body: (UnsafeBufferPointer<Int32>) throws -> R) rethrows -> R {
            try body(UnsafeBufferPointer(start: storage.coordinates + 2 * points.lowerBound, count: 2 * points.count))
        }
    }
}
