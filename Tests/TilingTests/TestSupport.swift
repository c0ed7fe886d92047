import Foundation
import GeoJSON
import MercatorTestSupport
@testable import Tiling

/// Helpers shared by the Tiling tests.
enum TestSupport {
    /// Parses GeoJSON text into features (lenient about nothing: fixtures are valid).
    static func features(_ text: String) throws -> [GeoJSONFeature] {
        try GeoJSONObject(parsing: text).features
    }

    /// Features of a file in `shared/data`.
    static func sharedFeatures(_ name: String) throws -> [GeoJSONFeature] {
        guard let url = SharedFixtures.url("data/\(name)") else { throw CocoaError(.fileNoSuchFile) }
        return try GeoJSONObject(parsing: try Data(contentsOf: url)).features
    }

    /// A tile feature in geojson-vt's JSON shape (`geometry`, `type`, `tags`), numbers as doubles.
    static func vtJSON(_ f: TileFeature) -> JSONValue {
        let rings: [JSONValue] = f.geometry.map { ring in .array(ring.map { .array([.double(Double($0.x)), .double(Double($0.y))]) }) }
        let geometry: JSONValue = f.type == .point ? (rings.first ?? .array([])) : .array(rings)
        return .object(["geometry": geometry, "type": .double(Double(f.type.rawValue)), "tags": normalized(f.properties.map(JSONValue.object) ?? .null)])
    }

    /// The value with every number turned into a double and 3-D positions cut to 2-D, so fixtures
    /// written by JavaScript compare with Swift output.
    static func normalized(_ v: JSONValue) -> JSONValue {
        switch v {
        case .int(let i): return .double(Double(i))
        case .uint(let u): return .double(Double(u))
        case .array(let a):
            if a.count == 3, a.allSatisfy({ $0.number != nil }), a[2].number == 0 {
                return .array(a.prefix(2).map(normalized))
            }
            return .array(a.map(normalized))
        case .object(let o):
            var out = JSONObject()
            for (k, x) in o { out[k] = normalized(x) }
            return .object(out)
        default: return v
        }
    }
}
