public import Foundation

/// Giving read objects their final form, with RFC 7946 structure checks.
extension GeoJSONDecoder {
    static let geometryTypeList = "Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon, GeometryCollection"

    mutating func finishTopLevel(_ p: PartialObject) throws(GeoJSONFailure) -> GeoJSONObject {
        switch p.type {
        case "Feature": return .feature(try finishFeature(p))
        case "FeatureCollection": return .featureCollection(try finishCollection(p))
        default:
            let (g, m) = try finishGeometry(p)
            return .geometry(g, m)
        }
    }

    private func requireType(_ p: PartialObject, _ what: String) throws(GeoJSONFailure) -> String {
        guard let t = p.type else {
            throw GeoJSONFailure(.missingMember, at: p.start, "\(what) needs a \"type\" member")
        }
        return t
    }

    // MARK: - Geometry

    mutating func finishGeometry(_ p: PartialObject) throws(GeoJSONFailure) -> (Geometry, ObjectMembers) {
        let typeName = try requireType(p, "a geometry object")
        guard let type = GeometryType(rawValue: typeName) else {
            let hint = typeName == "Feature" || typeName == "FeatureCollection"
                ? "a \(typeName) cannot stand where a geometry is expected"
                : "unknown geometry type \"\(typeName)\"; expected one of \(Self.geometryTypeList)"
            throw GeoJSONFailure(.invalidType, at: p.typeOffset, hint)
        }
        var members = try commonMembers(p)
        let geometry: Geometry
        if type == .geometryCollection {
            guard let list = p.geometries else {
                throw GeoJSONFailure(.missingMember, at: p.start, "a GeometryCollection needs a \"geometries\" array")
            }
            var nested: [Int: ObjectMembers] = [:]
            for (i, (_, m)) in list.enumerated() where !m.isEmpty { nested[i] = m }
            geometry = .geometryCollection(GeometryCollection(list.map(\.0), nestedMembers: nested))
            if let c = p.coordinates { members.foreign["coordinates"] = c.jsonValue }
        } else {
            guard let raw = p.coordinates else {
                throw GeoJSONFailure(.missingMember, at: p.start, "a \(typeName) needs a \"coordinates\" member")
            }
            geometry = try makeGeometry(type, raw)
            if let g = p.geometries { members.foreign["geometries"] = .array(g.map { GeoJSONEncoding.jsonValue($0.0, members: $0.1) }) }
        }
        keepStrayMembers(p, in: &members, keep: [.geometry, .features, .properties, .id])
        return (geometry, members)
    }

    private mutating func makeGeometry(_ type: GeometryType, _ raw: RawCoordinates) throws(GeoJSONFailure) -> Geometry {
        if case .notCoordinates(_, let failure) = raw { throw failure }
        func shapeError(_ expected: String) -> GeoJSONFailure {
            GeoJSONFailure(.invalidCoordinates, at: raw.offset, "a \(type.rawValue) needs \(expected)")
        }
        switch type {
        case .point:
            guard case .position(let p, _) = raw else { throw shapeError("one position, [longitude, latitude]") }
            return .point(p)
        case .multiPoint:
            guard let list = try positionList(raw) else { throw shapeError("an array of positions") }
            return .multiPoint(list)
        case .lineString:
            guard let list = try positionList(raw) else { throw shapeError("an array of at least two positions") }
            try checkLine(list, at: raw.offset)
            return .lineString(list)
        case .multiLineString:
            guard let lines = try lists(raw) else { throw shapeError("an array of lines (arrays of positions)") }
            for (i, l) in lines.enumerated() { try checkLine(l.0, at: l.1 ?? raw.offset, index: i) }
            return .multiLineString(lines.map(\.0))
        case .polygon:
            guard let rings = try lists(raw) else { throw shapeError("an array of linear rings (arrays of positions)") }
            return .polygon(try checkRings(rings))
        case .multiPolygon:
            let polygons: [RawCoordinates]
            switch raw {
            case .empty: polygons = []
            case .nested(let children, _): polygons = children
            default: throw shapeError("an array of polygons (arrays of linear rings)")
            }
            var out: [[PositionList]] = []
            out.reserveCapacity(polygons.count)
            for poly in polygons {
                guard let rings = try lists(poly) else {
                    throw GeoJSONFailure(.invalidCoordinates, at: poly.offset, "each polygon of a MultiPolygon needs an array of linear rings")
                }
                out.append(try checkRings(rings))
            }
            return .multiPolygon(out)
        case .geometryCollection:
            throw shapeError("\"geometries\", not \"coordinates\"")
        }
    }

    /// A flat list of positions (`[]` is an empty list), or nil when the nesting is different.
    private func positionList(_ raw: RawCoordinates) throws(GeoJSONFailure) -> PositionList? {
        switch raw {
        case .positions(let l, _): return l
        case .empty: return PositionList()
        default: return nil
        }
    }

    /// An array of position lists with each list's offset, or nil when the nesting is different.
    private func lists(_ raw: RawCoordinates) throws(GeoJSONFailure) -> [(PositionList, Int?)]? {
        switch raw {
        case .empty: return []
        case .nested(let children, _):
            var out: [(PositionList, Int?)] = []
            out.reserveCapacity(children.count)
            for c in children {
                switch c {
                case .positions(let l, let o): out.append((l, o))
                case .empty(let o): out.append((PositionList(), o))
                default: return nil
                }
            }
            return out
        default: return nil
        }
    }

    private mutating func checkLine(_ l: PositionList, at offset: Int, index: Int? = nil) throws(GeoJSONFailure) {
        if l.count < 2 {
            let which = index.map { "line \($0)" } ?? "a LineString"
            try violation(.tooFewPositions, at: offset, "\(which) has \(l.count) position\(l.count == 1 ? "" : "s"); at least 2 are needed", repair: "kept as written")
        }
    }

    private mutating func checkRings(_ rings: [(PositionList, Int?)]) throws(GeoJSONFailure) -> [PositionList] {
        var out: [PositionList] = []
        out.reserveCapacity(rings.count)
        for (i, (ring, offset)) in rings.enumerated() {
            var ring = ring
            let at = offset ?? 0
            let name = i == 0 ? "the exterior ring" : "interior ring \(i)"
            if ring.count > 0 {
                let n = ring.count
                let first = ring[0], last = ring[n - 1]
                if first.longitude != last.longitude || first.latitude != last.latitude {
                    try violation(.unclosedRing, at: at, "\(name) is not closed: its last position must equal its first", repair: "closed on read")
                    ring.append(first)
                }
            }
            if ring.count < 4 {
                try violation(.tooFewPositions, at: at, "\(name) has \(ring.count) positions; a linear ring needs at least 4 (3 distinct, then the first again)", repair: "kept as written")
            }
            out.append(ring)
        }
        return out
    }

    // MARK: - Feature and collection

    mutating func finishFeature(_ p: PartialObject) throws(GeoJSONFailure) -> GeoJSONFeature {
        let typeName = try requireType(p, "a Feature")
        guard typeName == "Feature" else {
            throw GeoJSONFailure(.invalidType, at: p.typeOffset, "expected a Feature, found \"\(typeName)\"")
        }
        var members = try commonMembers(p)
        var feature = GeoJSONFeature(geometry: nil, properties: nil)
        switch p.geometry {
        case .none:
            try violation(.missingMember, at: p.start, "a Feature needs a \"geometry\" member (null when it has none)", repair: "read as null")
        case .some(.none):
            break
        case .some(.some(let (g, gm))):
            feature.geometry = g
            feature.geometryMembers = gm
        }
        switch p.properties {
        case .none:
            try violation(.missingMember, at: p.start, "a Feature needs a \"properties\" member (null when it has none)", repair: "read as null")
        case .some(.null):
            break
        case .some(.object(let o)):
            feature.properties = o
        case .some(let other):
            try violation(.invalidMember, at: p.propertiesOffset, "\"properties\" must be an object or null, found \(other.typeName)", repair: "kept as a foreign member")
            members.foreign["properties"] = other
        }
        if let id = p.id {
            if let fid = FeatureIdentifier(id) {
                feature.identifier = fid
            } else {
                try violation(.invalidMember, at: p.idOffset, "\"id\" must be a string or a number, found \(id.typeName)", repair: "kept as a foreign member")
                members.foreign["id"] = id
            }
        }
        keepStrayMembers(p, in: &members, keep: [.features, .coordinates, .geometries])
        feature.members = members
        return feature
    }

    mutating func finishCollection(_ p: PartialObject) throws(GeoJSONFailure) -> GeoJSONFeatureCollection {
        guard let features = p.features else {
            throw GeoJSONFailure(.missingMember, at: p.start, "a FeatureCollection needs a \"features\" array")
        }
        var members = try commonMembers(p)
        keepStrayMembers(p, in: &members, keep: [.geometry, .properties, .id, .coordinates, .geometries])
        return GeoJSONFeatureCollection(features: features, members: members)
    }

    // MARK: - Members

    /// `bbox` and the foreign members, with `bbox` checked.
    private mutating func commonMembers(_ p: PartialObject) throws(GeoJSONFailure) -> ObjectMembers {
        var members = ObjectMembers(bbox: nil, foreign: p.foreign)
        if let b = p.bbox {
            if let box = Self.boundingBox(b) {
                members.bbox = box
            } else {
                try violation(.invalidMember, at: p.bboxOffset, "\"bbox\" must be an array of 4 or 6 numbers", repair: "kept as a foreign member")
                members.foreign["bbox"] = b
            }
        }
        return members
    }

    static func boundingBox(_ v: JSONValue) -> BoundingBox? {
        guard let a = v.array, a.count == 4 || a.count == 6 else { return nil }
        var values: [Double] = []
        for e in a {
            guard let n = e.number else { return nil }
            values.append(n)
        }
        return BoundingBox(values: values)
    }

    /// GeoJSON member names that may appear on an object whose type does not define them.
    struct StrayMember: OptionSet {
        let rawValue: UInt8
        static let geometry = StrayMember(rawValue: 1 << 0)
        static let features = StrayMember(rawValue: 1 << 1)
        static let properties = StrayMember(rawValue: 1 << 2)
        static let id = StrayMember(rawValue: 1 << 3)
        static let coordinates = StrayMember(rawValue: 1 << 4)
        static let geometries = StrayMember(rawValue: 1 << 5)
    }

    /// Members with GeoJSON names that do not belong to this type are foreign members: keep them as JSON.
    private func keepStrayMembers(_ p: PartialObject, in members: inout ObjectMembers, keep: StrayMember) {
        if keep.contains(.geometry), let g = p.geometry {
            members.foreign["geometry"] = g.map { GeoJSONEncoding.jsonValue($0.0, members: $0.1) } ?? .null
        }
        if keep.contains(.features), let f = p.features {
            members.foreign["features"] = .array(f.map(GeoJSONEncoding.jsonValue))
        }
        if keep.contains(.properties), let v = p.properties { members.foreign["properties"] = v }
        if keep.contains(.id), let v = p.id { members.foreign["id"] = v }
        if keep.contains(.coordinates), let c = p.coordinates { members.foreign["coordinates"] = c.jsonValue }
        if keep.contains(.geometries), let g = p.geometries {
            members.foreign["geometries"] = .array(g.map { GeoJSONEncoding.jsonValue($0.0, members: $0.1) })
        }
    }
}

extension GeoJSONObject {
    /// Parses GeoJSON text (strict RFC 7946 structure unless `options.lenient`).
    /// - Throws: ``GeoJSONError`` with the location and path of the first problem.
    public init(parsing data: Data, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) {
        self = try GeoJSONObject.decode(data, options: options).object
    }

    /// Parses GeoJSON text (strict RFC 7946 structure unless `options.lenient`).
    public init(parsing text: String, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) {
        self = try withUTF8Bytes(of: text) { b throws(GeoJSONError) in try GeoJSONDecoder.decode(b, options: options) }.object
    }

    /// Parses GeoJSON text and returns the warnings of lenient reading alongside the object.
    public static func decode(_ data: Data, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) -> GeoJSONDecodeResult {
        try withUTF8Bytes(of: data) { b throws(GeoJSONError) in try GeoJSONDecoder.decode(b, options: options) }
    }

    /// Parses GeoJSON from raw bytes.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) -> GeoJSONDecodeResult {
        try GeoJSONDecoder.decode(bytes, options: options)
    }
}
