import GeoJSON

/// A column of a feature table's metadata: its type code (which also says whether it is nullable),
/// its name, and for struct columns their child fields.
struct MLTColumn: Sendable {
    enum Kind: Sendable, Equatable {
        /// The feature id (`wide`: 64-bit).
        case id(wide: Bool)
        case geometry
        case boolean, int8, uint8, int32, uint32, int64, uint64, float, double, string
        /// A struct of string fields sharing one dictionary.
        case `struct`
    }

    var kind: Kind
    var nullable: Bool
    var name: String
    var children: [MLTColumn]

    /// Reads a column's metadata (type code, then a name from code 10 up, then children for structs).
    static func read(_ r: inout MLTReader, depth: Int = 0) throws(MLTError) -> MLTColumn {
        let at = r.position
        let code = try r.varint32()
        let kind: Kind
        switch code {
        case 0, 1: kind = .id(wide: false)
        case 2, 3: kind = .id(wide: true)
        case 4: kind = .geometry
        case 10, 11: kind = .boolean
        case 12, 13: kind = .int8
        case 14, 15: kind = .uint8
        case 16, 17: kind = .int32
        case 18, 19: kind = .uint32
        case 20, 21: kind = .int64
        case 22, 23: kind = .uint64
        case 24, 25: kind = .float
        case 26, 27: kind = .double
        case 28, 29: kind = .string
        case 30: kind = .struct
        default: throw MLTError(.unknownColumnType(code), offset: at)
        }
        var column = MLTColumn(kind: kind, nullable: code < 4 || code >= 10 && code < 30 ? code & 1 == 1 : false, name: "", children: [])
        if code >= 10 { column.name = try r.string() }
        if kind == .struct {
            guard depth == 0 else { throw MLTError(.invalidColumns("struct nested in a struct"), offset: at) }
            let n = try r.count("struct child count", minimumBytes: 1)
            for _ in 0..<n {
                let childAt = r.position
                let child = try read(&r, depth: depth + 1)
                guard child.kind == .string else { throw MLTError(.unsupported("struct field of a type other than string"), offset: childAt) }
                column.children.append(child)
            }
        }
        return column
    }
}

/// A decoded property column: a value or `nil` per feature (`values.count` features), or no values
/// at all when a shared-dictionary field is absent from the tile (all null).
struct MLTPropertyColumn {
    var name: String
    var values: [JSONValue?]?
}

extension MLTColumn {
    /// Reads the present stream of a nullable column.
    static func presence(_ r: inout MLTReader) throws(MLTError) -> [Bool] {
        let m = try MLTStreamMetadata.read(&r, boolean: true)
        guard m.type == .present else { throw MLTError(.missingStream("present"), offset: m.offset) }
        return try MLTBooleanStream.decode(m, &r)
    }

    /// Spreads the dense values of a nullable column over its features, by its present bits.
    static func spread(_ dense: [JSONValue], present: [Bool]?, at: Int) throws(MLTError) -> [JSONValue?] {
        guard let present else { return dense }
        var out = [JSONValue?]()
        out.reserveCapacity(present.count)
        var i = 0
        for p in present {
            if p {
                guard i < dense.count else { throw MLTError(.countMismatch("more present bits than values"), offset: at) }
                out.append(dense[i])
                i += 1
            } else {
                out.append(nil)
            }
        }
        guard i == dense.count else { throw MLTError(.countMismatch("\(dense.count) values for \(i) present bits"), offset: at) }
        return out
    }

    /// Reads this (property) column's streams into one or more property columns (a struct gives one per field).
    func readProperties(_ r: inout MLTReader) throws(MLTError) -> [MLTPropertyColumn] {
        let at = r.position
        switch kind {
        case .string:
            var streamCount = try r.count("stream count", minimumBytes: 1)
            // No streams: the column is absent from this tile (the spec's way of saying all null).
            guard streamCount > 0 else { return [MLTPropertyColumn(name: name, values: nil)] }
            var present: [Bool]?
            if nullable {
                present = try Self.presence(&r)
                streamCount -= 1
            }
            guard streamCount > 0 else { throw MLTError(.missingStream("string data"), offset: at) }
            var streams = MLTStringStreams(offset: r.position)
            for _ in 0..<streamCount { try streams.read(&r) }
            let values = try streams.values(&r).map { JSONValue.string($0) }
            return [MLTPropertyColumn(name: name, values: try Self.spread(values, present: present, at: at))]
        case .struct:
            return try readSharedDictionary(&r)
        case .id, .geometry:
            throw MLTError(.invalidColumns("id or geometry read as a property"), offset: at)
        default:
            let present = nullable ? try Self.presence(&r) : nil
            let m = try MLTStreamMetadata.read(&r, boolean: kind == .boolean)
            let dense: [JSONValue]
            switch kind {
            case .boolean:
                dense = try MLTBooleanStream.decode(m, &r).map { .bool($0) }
            case .int8, .int32:
                dense = try MLTIntegerStream.decode(m, &r, signed: true).map { .int(Int64(bitPattern: $0)) }
            case .uint8, .uint32:
                dense = try MLTIntegerStream.decode(m, &r, signed: false).map { .int(Int64(bitPattern: $0)) }
            case .int64:
                dense = try MLTIntegerStream.decode(m, &r, signed: true, wide: true).map { .int(Int64(bitPattern: $0)) }
            case .uint64:
                dense = try MLTIntegerStream.decode(m, &r, signed: false, wide: true).map { $0 <= UInt64(Int64.max) ? .int(Int64($0)) : .uint($0) }
            case .float, .double:
                dense = try Self.floats(m, &r, double: kind == .double)
            default:
                dense = []
            }
            return [MLTPropertyColumn(name: name, values: try Self.spread(dense, present: present, at: at))]
        }
    }

    /// Plain little-endian floats or doubles (a double column of 4-byte values holds floats, as
    /// tiles written before doubles existed).
    static func floats(_ m: MLTStreamMetadata, _ r: inout MLTReader, double: Bool) throws(MLTError) -> [JSONValue] {
        guard m.logical1 == .none, m.physical == .none else {
            throw MLTError(.unsupported("floating-point stream with logical technique \(m.logical1.rawValue), physical \(m.physical.rawValue)"), offset: m.offset)
        }
        let payload = try m.payload(&r)
        let n = m.valueCount
        let width: Int
        if double, n <= payload.count / 8, n * 8 == payload.count { width = 8 }
        else if n <= payload.count / 4, n * 4 == payload.count { width = 4 }
        else { throw MLTError(.countMismatch("\(n) floating-point values in \(payload.count) bytes"), offset: m.offset) }
        var out = [JSONValue]()
        out.reserveCapacity(n)
        var p = payload.lowerBound
        for _ in 0..<n {
            var bits: UInt64 = 0
            for k in 0..<width { bits |= UInt64(r.bytes[p + k]) << UInt64(8 * k) }
            out.append(.double(width == 8 ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))))
            p += width
        }
        return out
    }

    /// A struct column of string fields over one shared dictionary: the dictionary streams (up to
    /// and including the dictionary data), then per field a stream count, an optional present
    /// stream and the dictionary indices. Fields are named column name + field name (`name` + `:en`).
    func readSharedDictionary(_ r: inout MLTReader) throws(MLTError) -> [MLTPropertyColumn] {
        let streamCount = try r.count("stream count", minimumBytes: 1)
        var streams = MLTStringStreams(offset: r.position)
        var taken = 0
        while true {
            guard taken < streamCount, taken < 5 else { throw MLTError(.missingStream("shared dictionary data"), offset: r.position) }
            try streams.read(&r)
            taken += 1
            if streams.corpus != nil { break }
        }
        let entries = try streams.entries(&r)
        var out = [MLTPropertyColumn]()
        for child in children {
            let childAt = r.position
            let childStreams = try r.count("field stream count", minimumBytes: 1)
            if childStreams == 0 {
                out.append(MLTPropertyColumn(name: name + child.name, values: nil))
                continue
            }
            guard childStreams == (child.nullable ? 2 : 1) else {
                throw MLTError(.countMismatch("\(childStreams) streams for a shared-dictionary field"), offset: childAt)
            }
            let present = child.nullable ? try Self.presence(&r) : nil
            let m = try MLTStreamMetadata.read(&r)
            var dense = [JSONValue]()
            for i in try MLTIntegerStream.decodeCounts(m, &r) {
                guard i >= 0, i < entries.count else { throw MLTError(.indexOutOfRange("shared dictionary"), offset: m.offset) }
                dense.append(.string(entries[i]))
            }
            out.append(MLTPropertyColumn(name: name + child.name, values: try Self.spread(dense, present: present, at: childAt)))
        }
        return out
    }
}
