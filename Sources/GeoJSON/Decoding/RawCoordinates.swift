/// A `coordinates` member read before the geometry type is known (members may come in any order).
///
/// Positions go straight into flat ``PositionList`` storage; only the nesting above lists is kept
/// as an enum. Offsets point at each array's `[` for error messages.
indirect enum RawCoordinates {
    case position(Position, offset: Int)
    case positions(PositionList, offset: Int)
    case nested([RawCoordinates], offset: Int)
    case empty(offset: Int)
    /// Not a coordinate array at all (kept as JSON, in case this is a foreign member).
    case notCoordinates(JSONValue, failure: GeoJSONFailure)

    var offset: Int {
        switch self {
        case .position(_, let o), .positions(_, let o), .nested(_, let o), .empty(let o): return o
        case .notCoordinates(_, let f): return f.offset
        }
    }

    /// The coordinates as plain JSON (for a `coordinates` member that turns out to be foreign).
    var jsonValue: JSONValue {
        switch self {
        case .position(let p, _): return GeoJSONEncoding.jsonValue(p)
        case .positions(let l, _): return GeoJSONEncoding.jsonValue(l)
        case .nested(let children, _): return .array(children.map(\.jsonValue))
        case .empty: return .array([])
        case .notCoordinates(let v, _): return v
        }
    }
}

extension GeoJSONDecoder {
    /// Reads a `coordinates` value; anything that is not a coordinate array is kept as JSON.
    mutating func readCoordinatesMember() throws(GeoJSONFailure) -> RawCoordinates {
        reader.skipWhitespace()
        let save = reader.pos
        let savedWarnings = warnings.count
        do throws(GeoJSONFailure) {
            return try readCoordinates(depth: 1)
        } catch where error.kind != .syntax {
            reader.pos = save
            warnings.removeSubrange(savedWarnings...)
            do throws(JSONSyntaxFailure) {
                return .notCoordinates(try reader.readValue(), failure: error)
            } catch {
                throw GeoJSONFailure(error)
            }
        }
    }

    private mutating func readCoordinates(depth: Int) throws(GeoJSONFailure) -> RawCoordinates {
        let start = reader.pos
        let c = try token()
        guard c == 0x5B else {
            throw GeoJSONFailure(.invalidCoordinates, at: start, "expected an array of coordinates, found \(JSONReader.describe(c))")
        }
        reader.pos += 1
        let next = try token()
        if next == 0x5D {
            reader.pos += 1
            return .empty(offset: start)
        }
        if next == 0x2D || next &- 0x30 < 10 {
            reader.pos = start
            var list = PositionList()
            try readPosition(into: &list)
            return .position(list[0], offset: start)
        }
        guard next == 0x5B else {
            throw GeoJSONFailure(.invalidCoordinates, at: reader.pos, "expected a number or an array in coordinates, found \(JSONReader.describe(next))")
        }
        guard depth < 4 else {
            throw GeoJSONFailure(.invalidCoordinates, at: reader.pos, "coordinates are nested deeper than any geometry type allows")
        }
        if try firstIsNumber(after: reader.pos) {
            var list = PositionList()
            while true {
                try readPosition(into: &list)
                if try separator() { continue }
                break
            }
            return .positions(list, offset: start)
        }
        var children: [RawCoordinates] = []
        while true {
            children.append(try readCoordinates(depth: depth + 1))
            if try separator() { continue }
            break
        }
        return .nested(children, offset: start)
    }

    /// Whether the array starting at `offset` (at its `[`) begins with a number.
    private mutating func firstIsNumber(after offset: Int) throws(GeoJSONFailure) -> Bool {
        let save = reader.pos
        reader.pos = offset + 1
        let c = try token()
        reader.pos = save
        return c == 0x2D || c &- 0x30 < 10
    }

    /// Consumes `,` (returns true) or `]` (returns false).
    private mutating func separator() throws(GeoJSONFailure) -> Bool {
        let c = try token()
        reader.pos += 1
        if c == 0x2C { return true }
        if c == 0x5D { return false }
        throw GeoJSONFailure(.syntax, at: reader.pos - 1, "expected ',' or ']', found \(JSONReader.describe(c))")
    }

    /// Reads `[x, y]` or `[x, y, z]` into `list`.
    private mutating func readPosition(into list: inout PositionList) throws(GeoJSONFailure) {
        reader.skipWhitespace()
        if let (x, y) = fastPosition() {
            list.append(x: x, y: y)
            return
        }
        let start = reader.pos
        guard try token() == 0x5B else {
            throw GeoJSONFailure(.invalidCoordinates, at: start, "expected a position ([longitude, latitude]), found \(JSONReader.describe(try token()))")
        }
        reader.pos += 1
        let x = try number(start)
        guard try token() == 0x2C else {
            throw GeoJSONFailure(.invalidCoordinates, at: start, "a position needs at least two numbers (longitude, latitude)")
        }
        reader.pos += 1
        let y = try number(start)
        if try token() == 0x5D {
            reader.pos += 1
            list.append(x: x, y: y)
            return
        }
        guard try token() == 0x2C else { throw GeoJSONFailure(.syntax, at: reader.pos, "expected ',' or ']' in a position") }
        reader.pos += 1
        let z = try number(start)
        var extra = 0
        while try token() == 0x2C {
            reader.pos += 1
            _ = try number(start)
            extra += 1
        }
        guard try token() == 0x5D else { throw GeoJSONFailure(.syntax, at: reader.pos, "expected ',' or ']' in a position") }
        reader.pos += 1
        if extra > 0 {
            try violation(.extraPositionMembers, at: start, "a position has \(3 + extra) numbers; at most 3 (longitude, latitude, altitude) are allowed", repair: "extra numbers dropped")
        }
        list.append(Position(longitude: x, latitude: y, altitude: z))
    }

    /// `[x, y]` with plain decimals, read without throwing; `nil` (position unchanged) for
    /// anything else, which the general path then reads.
    @inline(__always)
    private mutating func fastPosition() -> (Double, Double)? {
        let start = reader.pos
        guard start < reader.count, reader.base[start] == 0x5B else { return nil }
        reader.pos += 1
        reader.skipWhitespace()
        if let x = reader.fastDouble() {
            reader.skipWhitespace()
            if reader.pos < reader.count, reader.base[reader.pos] == 0x2C {
                reader.pos += 1
                reader.skipWhitespace()
                if let y = reader.fastDouble() {
                    reader.skipWhitespace()
                    if reader.pos < reader.count, reader.base[reader.pos] == 0x5D {
                        reader.pos += 1
                        return (x, y)
                    }
                }
            }
        }
        reader.pos = start
        return nil
    }

    @inline(__always)
    private mutating func number(_ positionStart: Int) throws(GeoJSONFailure) -> Double {
        let c = try token()
        guard c == 0x2D || c &- 0x30 < 10 else {
            throw GeoJSONFailure(.invalidCoordinates, at: reader.pos, "expected a number in a position, found \(JSONReader.describe(c))")
        }
        do throws(JSONSyntaxFailure) {
            return try reader.double(of: try reader.scanNumber())
        } catch {
            throw GeoJSONFailure(error)
        }
    }
}
