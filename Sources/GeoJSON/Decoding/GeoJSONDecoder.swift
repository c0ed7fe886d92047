import Foundation

/// The single-pass GeoJSON reader: bytes in, ``GeoJSONObject`` out, no intermediate JSON tree.
///
/// Members may come in any order, so each object is read into a ``PartialObject`` (coordinates
/// already in flat storage) and given its final form when its `}` is reached.
struct GeoJSONDecoder {
    var reader: JSONReader
    let lenient: Bool
    var warnings: [GeoJSONFailure] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, options: GeoJSONReadOptions) {
        reader = JSONReader(bytes, limits: options.limits)
        lenient = options.lenient
    }

    /// Decodes `bytes` as one GeoJSON object.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, options: GeoJSONReadOptions) throws(GeoJSONError) -> GeoJSONDecodeResult {
        var decoder = GeoJSONDecoder(bytes, options: options)
        do throws(GeoJSONFailure) {
            if bytes.isEmpty || JSONValue.allWhitespace(bytes) {
                throw GeoJSONFailure(.syntax, at: 0, "the input is empty: a GeoJSON text is one JSON object")
            }
            let start = decoder.reader.pos
            guard try decoder.token() == 0x7B else {
                throw GeoJSONFailure(.invalidType, at: start, "a GeoJSON text must be an object with a \"type\" member")
            }
            let partial = try decoder.readPartialObject()
            let object = try decoder.finishTopLevel(partial)
            if let exceeded = GeoJSONDecoder.sizeProblem(object, options.sizeLimits) {
                throw GeoJSONFailure(.tooLarge, at: 0, exceeded.description)
            }
            do throws(JSONSyntaxFailure) { try decoder.reader.finish() } catch { throw GeoJSONFailure(error) }
            return GeoJSONDecodeResult(object: object, warnings: GeoJSONDecoder.locate(decoder.warnings, in: bytes))
        } catch {
            throw GeoJSONDecoder.locate([error], in: bytes)[0]
        }
    }

    /// The first of `limits` the object passes: its feature count, then its position count.
    static func sizeProblem(_ object: GeoJSONObject, _ limits: Limits) -> LimitExceeded? {
        let features = object.features
        if features.count > limits.features {
            return LimitExceeded(.features, maximum: limits.features, found: features.count, subject: "the GeoJSON text")
        }
        var positions = 0
        if case .geometry(let g, _) = object { positions = g.positionCount } else {
            for f in features { positions += f.geometry?.positionCount ?? 0 }
        }
        if positions > limits.vertices {
            return LimitExceeded(.vertices, maximum: limits.vertices, found: positions, subject: "the GeoJSON text")
        }
        return nil
    }

    /// Turns offset-only failures into located errors with one scan for all of them.
    static func locate(_ failures: [GeoJSONFailure], in bytes: UnsafeBufferPointer<UInt8>) -> [GeoJSONError] {
        guard !failures.isEmpty else { return [] }
        if failures.count == 1 {
            let f = failures[0]
            return [GeoJSONError(kind: f.kind, syntaxKind: f.syntaxKind, message: f.message,
                                 location: SourceLocation(offset: f.offset, in: bytes),
                                 path: JSONPathScanner.path(at: f.offset, in: bytes))]
        }
        // Many warnings: collect the path of every value start once, then look each failure up.
        var wanted = Set(failures.map(\.offset))
        var found: [Int: (JSONPath, SourceLocation)] = [:]
        var line = 1, lineStart = 0, scanned = 0
        JSONPathScanner.forEachValue(in: bytes) { path, offset in
            guard wanted.contains(offset) else { return }
            while scanned < offset {
                if bytes[scanned] == 0x0A { line += 1; lineStart = scanned + 1 }
                scanned += 1
            }
            found[offset] = (path, SourceLocation(offset: offset, line: line, column: offset - lineStart + 1))
            wanted.remove(offset)
        }
        return failures.map { f in
            let (path, loc) = found[f.offset] ?? (JSONPathScanner.path(at: f.offset, in: bytes), SourceLocation(offset: f.offset, in: bytes))
            return GeoJSONError(kind: f.kind, syntaxKind: f.syntaxKind, message: f.message, location: loc, path: path)
        }
    }

    // MARK: - Helpers

    @inline(__always) mutating func token() throws(GeoJSONFailure) -> UInt8 {
        do throws(JSONSyntaxFailure) { return try reader.peekToken() } catch { throw GeoJSONFailure(error) }
    }

    /// A violation with an obvious repair: thrown in strict mode, recorded as a warning (naming the
    /// repair) in lenient mode.
    mutating func violation(_ kind: GeoJSONError.Kind, at offset: Int, _ message: String, repair: String) throws(GeoJSONFailure) {
        if lenient {
            warnings.append(GeoJSONFailure(kind, at: offset, "\(message) (\(repair))"))
        } else {
            throw GeoJSONFailure(kind, at: offset, message)
        }
    }

    mutating func readJSON() throws(GeoJSONFailure) -> JSONValue {
        do throws(JSONSyntaxFailure) { return try reader.readValue() } catch { throw GeoJSONFailure(error) }
    }
}

/// An object's members as read, before its `type` decides what it is.
struct PartialObject {
    var start: Int
    var type: String?
    var typeOffset = 0
    var coordinates: RawCoordinates?
    var geometries: [(Geometry, ObjectMembers)]?
    var geometriesOffset = 0
    /// `nil`: absent; `.some(nil)`: `null`.
    var geometry: (Geometry, ObjectMembers)??
    var geometryOffset = 0
    var features: [GeoJSONFeature]?
    var featuresOffset = 0
    var properties: JSONValue?
    var propertiesOffset = 0
    var id: JSONValue?
    var idOffset = 0
    var bbox: JSONValue?
    var bboxOffset = 0
    var foreign = JSONObject()
}

extension GeoJSONDecoder {
    /// Reads an object's members; the reader is at `{`.
    mutating func readPartialObject() throws(GeoJSONFailure) -> PartialObject {
        var p = PartialObject(start: reader.pos)
        try forEachMember { (d: inout GeoJSONDecoder, key: String) throws(GeoJSONFailure) in
            try d.readMember(key, into: &p)
        }
        return p
    }

    /// Iterates an object's members, calling `body` positioned at each value; the reader is at `{`.
    mutating func forEachMember(_ body: (inout GeoJSONDecoder, String) throws(GeoJSONFailure) -> Void) throws(GeoJSONFailure) {
        do throws(JSONSyntaxFailure) { try reader.enter() } catch { throw GeoJSONFailure(error) }
        reader.pos += 1
        if try token() == 0x7D {
            reader.pos += 1
            reader.leave()
            return
        }
        while true {
            let c = try token()
            guard c == 0x22 else { throw GeoJSONFailure(reader.unexpected(c, expected: "a string (member name)")) }
            let key: String
            do throws(JSONSyntaxFailure) {
                key = try reader.readString()
                try reader.expect(0x3A, "':' after a member name")
            } catch { throw GeoJSONFailure(error) }
            try body(&self, key)
            let next = try token()
            reader.pos += 1
            if next == 0x2C { continue }
            if next == 0x7D { break }
            reader.pos -= 1
            throw GeoJSONFailure(reader.unexpected(next, expected: "',' or '}'"))
        }
        reader.leave()
    }

    private mutating func readMember(_ key: String, into p: inout PartialObject) throws(GeoJSONFailure) {
        reader.skipWhitespace()
        let offset = reader.pos
        switch key {
        case "type":
            let v = try readJSON()
            guard case .string(let s) = v else {
                throw GeoJSONFailure(.invalidMember, at: offset, "\"type\" must be a string, found \(v.typeName)")
            }
            p.type = s
            p.typeOffset = offset
        case "coordinates":
            p.coordinates = try readCoordinatesMember()
        case "geometries":
            guard try token() == 0x5B else { p.foreign[key] = try readJSON(); return }
            p.geometriesOffset = offset
            var list: [(Geometry, ObjectMembers)] = []
            try readElements { (d: inout GeoJSONDecoder) throws(GeoJSONFailure) in
                list.append(try d.readGeometryValue())
            }
            p.geometries = list
        case "geometry":
            p.geometryOffset = offset
            let c = try token()
            if c == 0x6E {
                _ = try readJSON()
                p.geometry = .some(nil)
            } else if c == 0x7B {
                p.geometry = .some(try readGeometryValue())
            } else {
                let v = try readJSON()
                throw GeoJSONFailure(.invalidMember, at: offset, "\"geometry\" must be a geometry object or null, found \(v.typeName)")
            }
        case "features":
            guard try token() == 0x5B else { p.foreign[key] = try readJSON(); return }
            p.featuresOffset = offset
            var list: [GeoJSONFeature] = []
            try readElements { (d: inout GeoJSONDecoder) throws(GeoJSONFailure) in
                let start = d.reader.pos
                guard try d.token() == 0x7B else {
                    throw GeoJSONFailure(.invalidType, at: start, "each element of \"features\" must be a Feature object")
                }
                let partial = try d.readPartialObject()
                list.append(try d.finishFeature(partial))
            }
            p.features = list
        case "properties":
            p.propertiesOffset = offset
            p.properties = try readJSON()
        case "id":
            p.idOffset = offset
            p.id = try readJSON()
        case "bbox":
            p.bboxOffset = offset
            p.bbox = try readJSON()
        default:
            p.foreign[key] = try readJSON()
        }
    }

    /// Reads array elements with `body`; the reader is at `[`.
    private mutating func readElements(_ body: (inout GeoJSONDecoder) throws(GeoJSONFailure) -> Void) throws(GeoJSONFailure) {
        do throws(JSONSyntaxFailure) { try reader.enter() } catch { throw GeoJSONFailure(error) }
        reader.pos += 1
        if try token() == 0x5D {
            reader.pos += 1
            reader.leave()
            return
        }
        while true {
            try body(&self)
            let next = try token()
            reader.pos += 1
            if next == 0x2C { continue }
            if next == 0x5D { break }
            reader.pos -= 1
            throw GeoJSONFailure(reader.unexpected(next, expected: "',' or ']'"))
        }
        reader.leave()
    }

    /// Reads a geometry object (the reader is at it).
    private mutating func readGeometryValue() throws(GeoJSONFailure) -> (Geometry, ObjectMembers) {
        let start = reader.pos
        guard try token() == 0x7B else {
            throw GeoJSONFailure(.invalidType, at: start, "expected a geometry object, found \(JSONReader.describe(try token()))")
        }
        return try finishGeometry(try readPartialObject())
    }
}
