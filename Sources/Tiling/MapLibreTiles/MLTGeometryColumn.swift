/// One feature's geometry from an MLT geometry column, in the flat shape the MVT decoder fills:
/// one ring per point, line or polygon ring (polygon rings closed by repeating their first vertex,
/// as an MVT ClosePath does).
struct MLTFeatureGeometry: Sendable {
    var type: TileFeatureType
    var geometry: VectorTileGeometry
    /// For polygons, the number of rings of each polygon (exterior first), in order.
    var polygonRingCounts: [Int]
}

/// A geometry column: the geometry types stream, the topology length streams (geometries, parts,
/// rings), optional tessellation streams, and the vertex buffer (plain, or a dictionary indexed by a
/// vertex offset stream; vertices componentwise-delta or Morton coded).
struct MLTGeometryColumn {
    var types = [Int]()
    var geometryLengths: [Int]?
    var partLengths: [Int]?
    var ringLengths: [Int]?
    var vertexOffsets: [Int]?
    var indexBuffer: [Int]?
    /// x, y pairs.
    var vertices = [Int32]()
    var hasVertexStream = false
    var offset: Int

    /// Reads `streamCount` streams, the first being the geometry types.
    init(_ r: inout MLTReader, streamCount: Int) throws(MLTError) {
        offset = r.position
        guard streamCount > 0 else { throw MLTError(.missingStream("geometry type"), offset: offset) }
        let typesMeta = try MLTStreamMetadata.read(&r)
        for (i, t) in try MLTIntegerStream.decode(typesMeta, &r, signed: false).enumerated() {
            guard t <= 5 else { throw MLTError(.unknownGeometryType(t), offset: typesMeta.offset) }
            if i == 0 { types.reserveCapacity(typesMeta.valueCount) }
            types.append(Int(t))
        }
        for _ in 1..<streamCount {
            let m = try MLTStreamMetadata.read(&r)
            switch m.type {
            case .present:
                _ = try m.payload(&r)
            case .length:
                let lengths = try MLTIntegerStream.decodeCounts(m, &r)
                switch m.lengthKind {
                case .geometries: geometryLengths = lengths
                case .parts: partLengths = lengths
                case .rings: ringLengths = lengths
                case .triangles: break // tessellation: not needed to draw outlines
                default: throw MLTError(.unexpectedStream("length type \(m.subtype) in a geometry column"), offset: m.offset)
                }
            case .offset:
                switch m.offsetKind {
                case .vertex: vertexOffsets = try MLTIntegerStream.decodeCounts(m, &r)
                case .index: indexBuffer = try MLTIntegerStream.decodeCounts(m, &r)
                default: throw MLTError(.unexpectedStream("offset type \(m.subtype) in a geometry column"), offset: m.offset)
                }
            case .data:
                guard m.dataKind == .vertex || m.dataKind == .morton else {
                    throw MLTError(.unexpectedStream("data type \(m.subtype) in a geometry column"), offset: m.offset)
                }
                guard !hasVertexStream else { throw MLTError(.unexpectedStream("second vertex"), offset: m.offset) }
                let values = try MLTIntegerStream.decode(m, &r, signed: true)
                guard values.count % 2 == 0 else { throw MLTError(.countMismatch("odd number of vertex coordinates"), offset: m.offset) }
                vertices = values.map { Int32(truncatingIfNeeded: $0) }
                hasVertexStream = true
            }
        }
    }

    /// A cursor over a length stream that reports a missing stream or running past its end.
    private struct Lengths {
        let values: [Int]?
        let name: String
        var next = 0

        mutating func take(_ at: Int) throws(MLTError) -> Int {
            guard let values else { throw MLTError(.missingStream(name), offset: at) }
            guard next < values.count else { throw MLTError(.countMismatch("more \(name) lengths needed than the stream holds"), offset: at) }
            defer { next += 1 }
            return values[next]
        }

        func checkUsed(_ at: Int) throws(MLTError) {
            if let values, next != values.count {
                throw MLTError(.countMismatch("\(values.count - next) \(name) length(s) left unused"), offset: at)
            }
        }
    }

    /// Every feature's geometry, walking the topology streams feature by feature.
    func features() throws(MLTError) -> [MLTFeatureGeometry] {
        let at = offset
        if indexBuffer != nil, partLengths == nil, types.contains(where: { $0 == 2 || $0 == 5 }) {
            throw MLTError(.unsupported("tessellated polygons without ring topology"), offset: at)
        }
        guard hasVertexStream || types.isEmpty else { throw MLTError(.missingStream("vertex"), offset: at) }
        var geometries = Lengths(values: geometryLengths, name: "geometries")
        var parts = Lengths(values: partLengths, name: "parts")
        var rings = Lengths(values: ringLengths, name: "rings")
        let dictionaryCount = vertices.count / 2
        let vertexTotal = vertexOffsets?.count ?? dictionaryCount
        let hasRingStream = ringLengths != nil
        var v = 0 // next vertex

        var out = [MLTFeatureGeometry]()
        out.reserveCapacity(types.count)
        // Per feature, first its rings' vertex counts (and whether they close), then its geometry
        // allocated once at its final size.
        var vertexCounts = [Int]()
        var closing = [Bool]()
        for t in types {
            vertexCounts.removeAll(keepingCapacity: true)
            closing.removeAll(keepingCapacity: true)
            var ringCounts = [Int]()
            var total = 0 // vertices the feature takes from the buffer
            func ring(_ n: Int, closes: Bool) throws(MLTError) {
                guard n >= 0, n <= vertexTotal - v - total else { throw MLTError(.countMismatch("more vertices needed than the vertex stream holds"), offset: at) }
                vertexCounts.append(n)
                closing.append(closes && n > 0)
                total += n
            }
            // A line's vertex count: in the rings stream when the column has one (polygons present), else in parts.
            func lineLength() throws(MLTError) -> Int { hasRingStream ? try rings.take(at) : try parts.take(at) }
            func polygon() throws(MLTError) {
                let n = try parts.take(at)
                guard n <= vertexTotal - v - total else { throw MLTError(.countMismatch("more rings than vertices"), offset: at) }
                ringCounts.append(n)
                for _ in 0..<n { try ring(try rings.take(at), closes: true) }
            }
            func count() throws(MLTError) -> Int {
                let n = try geometries.take(at)
                guard n <= vertexTotal - v - total else { throw MLTError(.countMismatch("more geometries than vertices"), offset: at) }
                return n
            }
            let type: TileFeatureType
            switch t {
            case 0: type = .point; try ring(1, closes: false)
            case 1: type = .lineString; try ring(try lineLength(), closes: false)
            case 2: type = .polygon; try polygon()
            case 3: type = .point; for _ in 0..<(try count()) { try ring(1, closes: false) }
            case 4: type = .lineString; for _ in 0..<(try count()) { try ring(try lineLength(), closes: false) }
            default: type = .polygon; for _ in 0..<(try count()) { try polygon() }
            }
            var g = VectorTileGeometry()
            let points = total + closing.reduce(0) { $0 + ($1 ? 1 : 0) }
            g.coordinates.reserveCapacity(2 * points)
            g.ringOffsets.reserveCapacity(vertexCounts.count + 1)
            for (n, closes) in zip(vertexCounts, closing) {
                let first = g.coordinates.count
                g.ringOffsets.append(Int32(truncatingIfNeeded: first / 2))
                for k in v..<(v + n) {
                    var i = k
                    if let vertexOffsets {
                        i = vertexOffsets[k]
                        guard i >= 0, i < dictionaryCount else { throw MLTError(.indexOutOfRange("vertex dictionary"), offset: at) }
                    }
                    g.coordinates.append(vertices[2 * i])
                    g.coordinates.append(vertices[2 * i + 1])
                }
                if closes {
                    g.coordinates.append(g.coordinates[first])
                    g.coordinates.append(g.coordinates[first + 1])
                }
                v += n
            }
            g.ringOffsets.append(Int32(truncatingIfNeeded: g.coordinates.count / 2))
            out.append(MLTFeatureGeometry(type: type, geometry: g, polygonRingCounts: ringCounts))
        }
        try geometries.checkUsed(at)
        try parts.checkUsed(at)
        try rings.checkUsed(at)
        guard v == vertexTotal else { throw MLTError(.countMismatch("\(vertexTotal - v) vertices left unused"), offset: at) }
        return out
    }
}
