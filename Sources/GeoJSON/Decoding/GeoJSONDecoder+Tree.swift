/// GeoJSON from JSON that is already parsed (inline style sources, venue files, conformance
/// fixtures): the same objects, rules, repairs and messages as reading text, with no serializing
/// and parsing again. Errors are located by JSON path only (there is no text to point into).
extension GeoJSONObject {
    /// Reads an already-parsed JSON value as GeoJSON.
    ///
    /// - Throws: `GeoJSONError` with the JSON path of the problem (line and column are 0).
    public init(json: JSONValue, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) {
        self = try Self.decode(json: json, options: options).object
    }

    /// Reads an already-parsed JSON value as GeoJSON, with the warnings lenient reading produced.
    public static func decode(json: JSONValue, options: GeoJSONReadOptions = .strict) throws(GeoJSONError) -> GeoJSONDecodeResult {
        var tree = JSONTreeReader()
        var decoder = GeoJSONDecoder(UnsafeBufferPointer(start: nil, count: 0), options: options)
        do throws(GeoJSONFailure) {
            let root = tree.node(.root)
            guard case .object(let object) = json else {
                throw GeoJSONFailure(.invalidType, at: root, "a GeoJSON text must be an object with a \"type\" member")
            }
            let partial = try tree.partial(object, at: root, decoder: &decoder)
            let result = try decoder.finishTopLevel(partial)
            return GeoJSONDecodeResult(object: result, warnings: decoder.warnings.map(tree.locate))
        } catch {
            throw tree.locate(error)
        }
    }
}

/// Walks a JSON tree into the byte decoder's partial objects. Every visited value gets a number,
/// which stands in for a byte offset in failures and is turned back into its JSON path.
struct JSONTreeReader {
    /// Each node's parent and the step from it (the root is its own parent): a path is rebuilt
    /// only for a failure, so visiting a position costs one small append, not a path copy.
    private var parents: [Int] = []
    private var steps: [JSONPath.Component] = []

    /// A new node under `parent` (`nil`: the root).
    mutating func node(_ parent: Int?, _ step: JSONPath.Component) -> Int {
        parents.append(parent ?? parents.count)
        steps.append(step)
        return parents.count - 1
    }

    mutating func node(_ root: JSONPath) -> Int { node(nil, .key("")) }

    func path(of node: Int) -> JSONPath {
        guard node < parents.count else { return .root }
        var components: [JSONPath.Component] = []
        var n = node
        while parents[n] != n {
            components.append(steps[n])
            n = parents[n]
        }
        return JSONPath(components.reversed())
    }

    func locate(_ failure: GeoJSONFailure) -> GeoJSONError {
        GeoJSONError(kind: failure.kind, syntaxKind: failure.syntaxKind, message: failure.message,
                     location: SourceLocation(offset: 0, line: 0, column: 0), path: path(of: failure.offset))
    }

    /// What the text reader names when it meets this value (its first character).
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string: return "'\"'"
        case .object: return "'{'"
        case .array: return "'['"
        case .bool(let b): return b ? "'t'" : "'f'"
        case .null: return "'n'"
        default: return "'\(value.serialized().first ?? "0")'"
        }
    }

    mutating func partial(_ object: JSONObject, at start: Int,
                          decoder: inout GeoJSONDecoder) throws(GeoJSONFailure) -> PartialObject {
        var p = PartialObject(start: start)
        for (key, value) in object {
            let offset = node(start, .key(key))
            switch key {
            case "type":
                guard case .string(let s) = value else {
                    throw GeoJSONFailure(.invalidMember, at: offset, "\"type\" must be a string, found \(value.typeName)")
                }
                p.type = s
                p.typeOffset = offset
            case "coordinates":
                p.coordinates = coordinatesMember(value, at: offset, decoder: &decoder)
            case "geometries":
                guard case .array(let items) = value else { p.foreign[key] = value; continue }
                p.geometriesOffset = offset
                var list: [(Geometry, ObjectMembers)] = []
                for (i, item) in items.enumerated() {
                    let id = node(offset, .index(i))
                    list.append(try geometry(item, at: id, decoder: &decoder))
                }
                p.geometries = list
            case "geometry":
                p.geometryOffset = offset
                switch value {
                case .null: p.geometry = .some(nil)
                case .object: p.geometry = .some(try geometry(value, at: offset, decoder: &decoder))
                default:
                    throw GeoJSONFailure(.invalidMember, at: offset, "\"geometry\" must be a geometry object or null, found \(value.typeName)")
                }
            case "features":
                guard case .array(let items) = value else { p.foreign[key] = value; continue }
                p.featuresOffset = offset
                var list: [GeoJSONFeature] = []
                list.reserveCapacity(items.count)
                for (i, item) in items.enumerated() {
                    let itemOffset = node(offset, .index(i))
                    guard case .object(let members) = item else {
                        throw GeoJSONFailure(.invalidType, at: itemOffset, "each element of \"features\" must be a Feature object")
                    }
                    list.append(try decoder.finishFeature(try partial(members, at: itemOffset, decoder: &decoder)))
                }
                p.features = list
            case "properties":
                p.propertiesOffset = offset
                p.properties = value
            case "id":
                p.idOffset = offset
                p.id = value
            case "bbox":
                p.bboxOffset = offset
                p.bbox = value
            default:
                p.foreign[key] = value
            }
        }
        return p
    }

    private mutating func geometry(_ value: JSONValue, at offset: Int,
                                   decoder: inout GeoJSONDecoder) throws(GeoJSONFailure) -> (Geometry, ObjectMembers) {
        guard case .object(let members) = value else {
            throw GeoJSONFailure(.invalidType, at: offset, "expected a geometry object, found \(Self.describe(value))")
        }
        return try decoder.finishGeometry(try partial(members, at: offset, decoder: &decoder))
    }

    /// A `coordinates` value; anything that is not a coordinate array is kept as JSON (it may be a
    /// foreign member of a non-geometry object), as the text reader keeps it.
    private mutating func coordinatesMember(_ value: JSONValue, at offset: Int,
                                            decoder: inout GeoJSONDecoder) -> RawCoordinates {
        let savedWarnings = decoder.warnings.count
        do throws(GeoJSONFailure) {
            return try coordinates(value, at: offset, depth: 1, decoder: &decoder)
        } catch {
            decoder.warnings.removeSubrange(savedWarnings...)
            return .notCoordinates(value, failure: error)
        }
    }

    private mutating func coordinates(_ value: JSONValue, at offset: Int, depth: Int,
                                      decoder: inout GeoJSONDecoder) throws(GeoJSONFailure) -> RawCoordinates {
        guard case .array(let items) = value else {
            throw GeoJSONFailure(.invalidCoordinates, at: offset, "expected an array of coordinates, found \(Self.describe(value))")
        }
        guard let first = items.first else { return .empty(offset: offset) }
        if first.number != nil {
            var list = PositionList()
            try Self.position(value, at: offset, into: &list, decoder: &decoder)
            return .position(list[0], offset: offset)
        }
        guard case .array(let firstItems) = first else {
            let id = node(offset, .index(0))
            throw GeoJSONFailure(.invalidCoordinates, at: id, "expected a number or an array in coordinates, found \(Self.describe(first))")
        }
        guard depth < 4 else {
            let id = node(offset, .index(0))
            throw GeoJSONFailure(.invalidCoordinates, at: id, "coordinates are nested deeper than any geometry type allows")
        }
        if firstItems.first?.number != nil {
            var list = PositionList()
            list.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                // The id first, into a local: passing `node(…)` as an argument of a call on self
                // would copy self (and its tables) for every position.
                let id = node(offset, .index(i))
                try Self.position(item, at: id, into: &list, decoder: &decoder)
            }
            return .positions(list, offset: offset)
        }
        var children: [RawCoordinates] = []
        for (i, item) in items.enumerated() {
            let id = node(offset, .index(i))
            children.append(try coordinates(item, at: id, depth: depth + 1, decoder: &decoder))
        }
        return .nested(children, offset: offset)
    }

    /// `[x, y]` or `[x, y, z]` into `list`; more numbers are a violation (dropped when lenient).
    private static func position(_ value: JSONValue, at offset: Int, into list: inout PositionList,
                          decoder: inout GeoJSONDecoder) throws(GeoJSONFailure) {
        guard case .array(let items) = value else {
            throw GeoJSONFailure(.invalidCoordinates, at: offset, "expected a position ([longitude, latitude]), found \(Self.describe(value))")
        }
        if items.count == 2, let x = items[0].number, let y = items[1].number {
            list.append(x: x, y: y)  // the common case, without a scratch array
            return
        }
        var numbers: [Double] = []
        numbers.reserveCapacity(items.count)
        for item in items {
            guard let n = item.number else {
                throw GeoJSONFailure(.invalidCoordinates, at: offset, "expected a number in a position, found \(Self.describe(item))")
            }
            numbers.append(n)
        }
        guard numbers.count >= 2 else {
            throw GeoJSONFailure(.invalidCoordinates, at: offset, "a position needs at least two numbers (longitude, latitude)")
        }
        if numbers.count == 2 {
            list.append(x: numbers[0], y: numbers[1])
            return
        }
        if numbers.count > 3 {
            try decoder.violation(.extraPositionMembers, at: offset,
                                  "a position has \(numbers.count) numbers; at most 3 (longitude, latitude, altitude) are allowed",
                                  repair: "extra numbers dropped")
        }
        list.append(Position(longitude: numbers[0], latitude: numbers[1], altitude: numbers[2]))
    }
}
