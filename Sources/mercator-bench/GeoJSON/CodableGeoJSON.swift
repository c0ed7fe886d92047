/// A plain Codable GeoJSON model: the baseline the issue measures JSONDecoder with.
struct CodableFeatureCollection: Decodable {
    var type: String
    var features: [CodableFeature]
}

struct CodableFeature: Decodable {
    var type: String
    var id: CodableValue?
    var geometry: CodableGeometry?
    var properties: [String: CodableValue]?
}

struct CodableGeometry: Decodable {
    var type: String
    var coordinates: CodableCoordinates?
    var geometries: [CodableGeometry]?
}

indirect enum CodableCoordinates: Decodable {
    case position([Double])
    case nested([CodableCoordinates])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let p = try? c.decode([Double].self) {
            self = .position(p)
        } else {
            self = .nested(try c.decode([CodableCoordinates].self))
        }
    }
}

indirect enum CodableValue: Decodable {
    case null, bool(Bool), int(Int64), double(Double), string(String), array([CodableValue]), object([String: CodableValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int64.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([CodableValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: CodableValue].self)) }
    }
}
