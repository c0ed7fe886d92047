/// Options for writing GeoJSON.
public struct GeoJSONWriteOptions: Sendable, Hashable {
    /// Indented output, one member per line.
    public var pretty: Bool
    /// Round coordinates to this many decimal places (`nil`: exact, shortest round-trip form).
    public var coordinatePrecision: Int?

    public init(pretty: Bool = false, coordinatePrecision: Int? = nil) {
        self.pretty = pretty
        self.coordinatePrecision = coordinatePrecision
    }
}

/// Writing GeoJSON values as text, and as plain JSON values.
///
/// Member order is stable: `type`, `id`, `bbox`, `geometry`/`coordinates`/`geometries`/`features`,
/// `properties`, then foreign members in the order they were read.
public enum GeoJSONEncoding {
    // MARK: Text

    /// Writes any GeoJSON object.
    public static func write(_ object: GeoJSONObject, to w: inout JSONWriter, precision: Int? = nil) {
        switch object {
        case .geometry(let g, let m): write(g, members: m, to: &w, precision: precision)
        case .feature(let f): write(f, to: &w, precision: precision)
        case .featureCollection(let c): write(c, to: &w, precision: precision)
        }
    }

    public static func write(_ c: GeoJSONFeatureCollection, to w: inout JSONWriter, precision: Int? = nil) {
        w.open(0x7B)
        w.key("type", index: 0)
        w.write("FeatureCollection")
        var n = 1
        writeBBox(c.members.bbox, to: &w, n: &n)
        w.key("features", index: n)
        n += 1
        w.open(0x5B)
        for (i, f) in c.features.enumerated() {
            w.separator(i)
            write(f, to: &w, precision: precision)
        }
        w.close(0x5D, empty: c.features.isEmpty)
        writeForeign(c.members.foreign, to: &w, n: &n)
        w.close(0x7D, empty: false)
    }

    public static func write(_ f: GeoJSONFeature, to w: inout JSONWriter, precision: Int? = nil) {
        w.open(0x7B)
        w.key("type", index: 0)
        w.write("Feature")
        var n = 1
        if let id = f.identifier {
            w.key("id", index: n)
            n += 1
            w.write(id.jsonValue)
        }
        writeBBox(f.members.bbox, to: &w, n: &n)
        w.key("geometry", index: n)
        n += 1
        if let g = f.geometry {
            write(g, members: f.geometryMembers, to: &w, precision: precision)
        } else {
            w.raw("null")
        }
        w.key("properties", index: n)
        n += 1
        if let p = f.properties { w.write(p) } else { w.raw("null") }
        writeForeign(f.members.foreign, to: &w, n: &n)
        w.close(0x7D, empty: false)
    }

    public static func write(_ g: Geometry, members: ObjectMembers = ObjectMembers(), to w: inout JSONWriter, precision: Int? = nil) {
        w.open(0x7B)
        w.key("type", index: 0)
        w.write(g.type.rawValue)
        var n = 1
        writeBBox(members.bbox, to: &w, n: &n)
        if case .geometryCollection(let c) = g {
            w.key("geometries", index: n)
            w.open(0x5B)
            for (i, child) in c.geometries.enumerated() {
                w.separator(i)
                write(child, members: c.nestedMembers[i] ?? ObjectMembers(), to: &w, precision: precision)
            }
            w.close(0x5D, empty: c.geometries.isEmpty)
        } else {
            w.key("coordinates", index: n)
            writeCoordinates(g, to: &w, precision: precision)
        }
        n += 1
        writeForeign(members.foreign, to: &w, n: &n)
        w.close(0x7D, empty: false)
    }

    /// Writes a geometry's `coordinates` value (compact inside, whatever the pretty setting:
    /// one line per position would make files unreadable).
    static func writeCoordinates(_ g: Geometry, to w: inout JSONWriter, precision: Int?) {
        switch g {
        case .point(let p): writePosition(p.longitude, p.latitude, p.altitude, to: &w, precision: precision)
        case .multiPoint(let l), .lineString(let l): write(l, to: &w, precision: precision)
        case .multiLineString(let ls), .polygon(let ls): write(ls, to: &w, precision: precision)
        case .multiPolygon(let ps):
            w.raw(0x5B)
            for (i, p) in ps.enumerated() {
                if i > 0 { w.raw(0x2C) }
                write(p, to: &w, precision: precision)
            }
            w.raw(0x5D)
        case .geometryCollection: w.raw("[]")
        }
    }

    private static func write(_ lists: [PositionList], to w: inout JSONWriter, precision: Int?) {
        w.raw(0x5B)
        for (i, l) in lists.enumerated() {
            if i > 0 { w.raw(0x2C) }
            write(l, to: &w, precision: precision)
        }
        w.raw(0x5D)
    }

    private static func write(_ l: PositionList, to w: inout JSONWriter, precision: Int?) {
        w.raw(0x5B)
        let s = l.stride
        l.withUnsafeValues { v in
            var i = 0
            while i < v.count {
                if i > 0 { w.raw(0x2C) }
                let z = s == 3 && !v[i + 2].isNaN ? v[i + 2] : nil
                writePosition(v[i], v[i + 1], z, to: &w, precision: precision)
                i += s
            }
        }
        w.raw(0x5D)
    }

    @inline(__always)
    private static func writePosition(_ x: Double, _ y: Double, _ z: Double?, to w: inout JSONWriter, precision: Int?) {
        w.raw(0x5B)
        w.writeCoordinate(x, decimals: precision)
        w.raw(0x2C)
        w.writeCoordinate(y, decimals: precision)
        if let z {
            w.raw(0x2C)
            w.writeCoordinate(z, decimals: precision)
        }
        w.raw(0x5D)
    }

    private static func writeBBox(_ b: BoundingBox?, to w: inout JSONWriter, n: inout Int) {
        guard let b else { return }
        w.key("bbox", index: n)
        n += 1
        w.raw(0x5B)
        for (i, v) in b.values.enumerated() {
            if i > 0 { w.raw(0x2C) }
            w.writeCoordinate(v, decimals: nil)
        }
        w.raw(0x5D)
    }

    private static func writeForeign(_ o: JSONObject, to w: inout JSONWriter, n: inout Int) {
        for (k, v) in o {
            w.key(k, index: n)
            n += 1
            w.write(v)
        }
    }

    // MARK: JSON values

    public static func jsonValue(_ p: Position) -> JSONValue {
        if let z = p.altitude { return .array([.double(p.longitude), .double(p.latitude), .double(z)]) }
        return .array([.double(p.longitude), .double(p.latitude)])
    }

    public static func jsonValue(_ l: PositionList) -> JSONValue {
        .array(l.map(jsonValue))
    }

    /// A geometry as a JSON object (`{"type": …, "coordinates": …}` plus its members).
    public static func jsonValue(_ g: Geometry, members: ObjectMembers = ObjectMembers()) -> JSONValue {
        var o = JSONObject()
        o["type"] = .string(g.type.rawValue)
        if let b = members.bbox { o["bbox"] = .array(b.values.map(JSONValue.double)) }
        switch g {
        case .point(let p): o["coordinates"] = jsonValue(p)
        case .multiPoint(let l), .lineString(let l): o["coordinates"] = jsonValue(l)
        case .multiLineString(let ls), .polygon(let ls): o["coordinates"] = .array(ls.map(jsonValue))
        case .multiPolygon(let ps): o["coordinates"] = .array(ps.map { .array($0.map(jsonValue)) })
        case .geometryCollection(let c):
            o["geometries"] = .array(c.geometries.enumerated().map { jsonValue($1, members: c.nestedMembers[$0] ?? ObjectMembers()) })
        }
        for (k, v) in members.foreign { o[k] = v }
        return .object(o)
    }

    /// A feature as a JSON object.
    public static func jsonValue(_ f: GeoJSONFeature) -> JSONValue {
        var o = JSONObject()
        o["type"] = "Feature"
        if let id = f.identifier { o["id"] = id.jsonValue }
        if let b = f.members.bbox { o["bbox"] = .array(b.values.map(JSONValue.double)) }
        o["geometry"] = f.geometry.map { jsonValue($0, members: f.geometryMembers) } ?? .null
        o["properties"] = f.properties.map(JSONValue.object) ?? .null
        for (k, v) in f.members.foreign { o[k] = v }
        return .object(o)
    }

    /// A feature collection as a JSON object.
    public static func jsonValue(_ c: GeoJSONFeatureCollection) -> JSONValue {
        var o = JSONObject()
        o["type"] = "FeatureCollection"
        if let b = c.members.bbox { o["bbox"] = .array(b.values.map(JSONValue.double)) }
        o["features"] = .array(c.features.map(jsonValue))
        for (k, v) in c.members.foreign { o[k] = v }
        return .object(o)
    }
}

extension GeoJSONObject {
    /// This object as GeoJSON text.
    public func serialized(_ options: GeoJSONWriteOptions = GeoJSONWriteOptions()) -> String {
        String(decoding: serializedBytes(options), as: UTF8.self)
    }

    /// This object as UTF-8 GeoJSON bytes.
    public func serializedBytes(_ options: GeoJSONWriteOptions = GeoJSONWriteOptions()) -> [UInt8] {
        var w = JSONWriter(options: JSONWriteOptions(pretty: options.pretty), capacity: 4096)
        GeoJSONEncoding.write(self, to: &w, precision: options.coordinatePrecision)
        return w.bytes
    }

    /// This object as a plain JSON value.
    public var jsonValue: JSONValue {
        switch self {
        case .geometry(let g, let m): return GeoJSONEncoding.jsonValue(g, members: m)
        case .feature(let f): return GeoJSONEncoding.jsonValue(f)
        case .featureCollection(let c): return GeoJSONEncoding.jsonValue(c)
        }
    }
}
