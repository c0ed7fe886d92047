package import GeoJSON

/// One feature of a ``VectorTileLayer``: identifier, type and tags are read when the feature is
/// opened; the geometry when ``geometry()`` or ``decodeGeometry(into:)`` asks for it.
package struct VectorTileFeature: Sendable {
    /// The `id` field, or `nil` when absent.
    package let id: UInt64?
    /// The `type` field as stored (0 unknown, 1 point, 2 line, 3 polygon).
    package let rawType: Int
    /// The layer the feature belongs to.
    package let layer: VectorTileLayer
    /// Byte ranges of the packed tags and geometry.
    let tagsRange: Range<Int>
    let geometryRange: Range<Int>

    init(layer: VectorTileLayer, header h: FeatureHeader) {
        self.layer = layer
        id = h.hasID ? h.id : nil
        rawType = h.rawType
        tagsRange = h.tags
        geometryRange = h.geometry
    }

    /// Point, line or polygon; `nil` for an unknown type.
    package var type: TileFeatureType? { TileFeatureType(rawValue: rawType) }

    /// The identifier as a GeoJSON feature identifier.
    package var identifier: FeatureIdentifier? {
        guard let id else { return nil }
        return id <= UInt64(Int64.max) ? .int(Int64(id)) : .uint(id)
    }

    /// The number of properties (tag pairs; a repeated key counts each time).
    package var tagCount: Int {
        layer.bytes.withUnsafeBufferPointer { b in
            var n = 0
            for i in tagsRange where b[i] < 0x80 { n += 1 }
            return n / 2
        }
    }

    /// Calls `body` with each (key, value) of the feature's tags, in order.
    package func forEachProperty(_ body: (String, VectorTileValue) throws -> Void) rethrows {
        let s = layer.storage
        guard !tagsRange.isEmpty else { return }
        try s.bytes.withUnsafeBufferPointer { b in
            try s.keys.withUnsafeBufferPointer { keys in
                try s.values.withUnsafeBufferPointer { values in
                    var r = ProtobufReader(b, from: tagsRange.lowerBound, to: tagsRange.upperBound)
                    // Tags were checked when the feature was opened.
                    while !r.isAtEnd {
                        guard let k = try? r.varint(), let v = try? r.varint() else { return }
                        try body(keys[Int(k)], values[Int(v)])
                    }
                }
            }
        }
    }

    /// The properties as a JSON object (a repeated key keeps its last value, as vector-tile-js).
    package var properties: JSONObject {
        let s = layer.storage, tags = tagsRange // locals: the closures below capture no copy of `self`
        let capacity = tags.count / 2
        guard capacity > 0 else { return JSONObject() }
        return s.bytes.withUnsafeBufferPointer { b in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { keyIndices in
                var n = 0
                // Appended to a reserved array: cheaper than `init(unsafeUninitializedCapacity:)`,
                // whose allocation is not specialized.
                var values = [JSONValue]()
                values.reserveCapacity(capacity)
                s.values.withUnsafeBufferPointer { table in
                    var r = ProtobufReader(b, from: tags.lowerBound, to: tags.upperBound)
                    // Tags were checked when the feature was opened.
                    while !r.isAtEnd {
                        guard let k64 = try? r.varint(), let v64 = try? r.varint() else { break }
                        let k = Int(truncatingIfNeeded: k64), v = Int(truncatingIfNeeded: v64)
                        keyIndices[n] = k
                        values.append(table[v].jsonValue)
                        n += 1
                    }
                }
                return s.keySets.object(keyIndices: UnsafeBufferPointer(rebasing: keyIndices[0..<n]), values: values, keys: s.keys)
            }
        }
    }

    /// Decodes the geometry into `geometry` (replacing its contents): each MoveTo starts a ring,
    /// ClosePath appends the ring's first point, as vector-tile-js `loadGeometry`.
    package func decodeGeometry(into geometry: inout VectorTileGeometry) throws(VectorTileError) {
        let range = geometryRange
        guard !range.isEmpty else { geometry.removeAll(); geometry.ringOffsets.append(0); return }
        try withBytes(layer.storage.bytes) { (b) throws(VectorTileError) in
            // Decoded into scratch memory (bounds as in `geometry()`), then appended in bulk.
            let maxPoints = range.count, maxRings = range.count / 2 + 2
            let failure: VectorTileError? = withUnsafeTemporaryAllocation(of: TilePoint.self, capacity: maxPoints) { points in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: maxRings) { starts in
                    do throws(VectorTileError) {
                        let (pointCount, ringCount) = try Self.decodePoints(b, range, points: points, ringStarts: starts)
                        // Replaced in place (no separate removeAll): one copy each.
                        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(points)[0..<pointCount * MemoryLayout<TilePoint>.stride])
                            .withMemoryRebound(to: Int32.self) { geometry.coordinates.replaceSubrange(0..<geometry.coordinates.count, with: $0) }
                        withUnsafeTemporaryAllocation(of: Int32.self, capacity: ringCount + 1) { offsets in
                            for i in 0..<ringCount { offsets[i] = Int32(truncatingIfNeeded: starts[i]) }
                            offsets[ringCount] = Int32(truncatingIfNeeded: pointCount)
                            geometry.ringOffsets.replaceSubrange(0..<geometry.ringOffsets.count, with: offsets)
                        }
                        return nil
                    } catch {
                        geometry.removeAll()
                        return error
                    }
                }
            }
            if let failure { throw failure }
        }
    }

    /// The geometry as rings of tile points (vector-tile-js `loadGeometry`).
    ///
    /// Decoded flat first (into scratch memory), then copied into rings of exact capacity: one
    /// allocation per ring and one for the list.
    package func geometry() throws(VectorTileError) -> [[TilePoint]] {
        let range = geometryRange
        guard !range.isEmpty else { return [] }
        return try withBytes(layer.storage.bytes) { (b) throws(VectorTileError) in
            // Every point takes at least two parameter bytes, and each ClosePath (one byte) adds one
            // point; each MoveTo point starts at most one ring.
            let maxPoints = range.count, maxRings = range.count / 2 + 2
            let outcome: Result<[[TilePoint]], VectorTileError> = withUnsafeTemporaryAllocation(of: TilePoint.self, capacity: maxPoints) { points in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: maxRings) { starts in
                    do throws(VectorTileError) {
                        let (pointCount, ringCount) = try Self.decodePoints(b, range, points: points, ringStarts: starts)
                        // One ring (most features): an array literal, without the generic reserve path.
                        if ringCount == 1 { return .success([Array(UnsafeBufferPointer(rebasing: points[0..<pointCount]))]) }
                        var rings = [[TilePoint]]()
                        rings.reserveCapacity(ringCount)
                        for i in 0..<ringCount {
                            let from = starts[i], to = i + 1 < ringCount ? starts[i + 1] : pointCount
                            rings.append(Array(UnsafeBufferPointer(rebasing: points[from..<to])))
                        }
                        return .success(rings)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return try outcome.get()
        }
    }

    /// Decodes the command stream into `points`, recording where each ring starts; returns the
    /// point and ring counts. The buffers must hold `range.count` points and `range.count / 2 + 2` rings.
    static func decodePoints(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, points: UnsafeMutableBufferPointer<TilePoint>,
                             ringStarts: UnsafeMutableBufferPointer<Int>) throws(VectorTileError) -> (points: Int, rings: Int) {
        var r = ProtobufReader(b, from: range.lowerBound, to: range.upperBound)
        var x: Int32 = 0, y: Int32 = 0
        var n = 0, rings = 0
        while !r.isAtEnd {
            let at = r.position
            let command = try r.varint()
            let id = Int(command & 7), count = command >> 3
            switch id {
            case 1, 2:
                guard count <= UInt64(r.end - r.position) / 2 else { throw VectorTileError(.commandCountPastEnd, offset: at) }
                for _ in 0..<Int(count) {
                    x &+= zigzag32(try r.varint())
                    y &+= zigzag32(try r.varint())
                    if id == 1 {
                        ringStarts[rings] = n
                        rings += 1
                    } else if rings == 0 {
                        continue // LineTo before any MoveTo: ignored, as vector-tile-js
                    }
                    points[n] = TilePoint(x: x, y: y)
                    n += 1
                }
            case 7:
                if rings > 0, n > ringStarts[rings - 1] {
                    points[n] = points[ringStarts[rings - 1]]
                    n += 1
                }
            default:
                throw VectorTileError(.unknownCommand(id), offset: at)
            }
        }
        return (n, rings)
    }

    /// The feature in geojson-vt's shape (``TileFeature``): points gathered in one list, lines and
    /// polygon rings as stored. `nil` for an unknown type.
    package func tileFeature() throws(VectorTileError) -> TileFeature? {
        guard let type else { return nil }
        var rings = try geometry()
        if type == .point { rings = [rings.flatMap { $0 }] }
        let props = properties
        return TileFeature(type: type, geometry: rings, identifier: identifier, properties: props)
    }
}
