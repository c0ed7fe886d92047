import Foundation
import Testing
@testable import GeoJSON

@Suite("GeoJSON decoding")
struct GeoJSONDecodingTests {
    @Test("all seven geometry types, features and collections round trip")
    func roundTrips() throws {
        let texts = [
            #"{"type":"Point","coordinates":[102.5,0.5]}"#,
            #"{"type":"Point","coordinates":[102.5,0.5,33.25]}"#,
            #"{"type":"MultiPoint","coordinates":[[100,0],[101,1]]}"#,
            #"{"type":"LineString","coordinates":[[100,0],[101,1,7]]}"#,
            #"{"type":"MultiLineString","coordinates":[[[100,0],[101,1]],[[102,2],[103,3]]]}"#,
            #"{"type":"Polygon","coordinates":[[[100,0],[101,0],[101,1],[100,1],[100,0]],[[100.8,0.8],[100.8,0.2],[100.2,0.2],[100.2,0.8],[100.8,0.8]]]}"#,
            #"{"type":"MultiPolygon","coordinates":[[[[102,2],[103,2],[103,3],[102,3],[102,2]]],[[[100,0],[101,0],[101,1],[100,1],[100,0]]]]}"#,
            #"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[100,0]},{"type":"LineString","coordinates":[[101,0],[102,1]],"extra":true}]}"#,
            #"{"type":"Feature","id":"f1","bbox":[-10,-10,10,10],"geometry":{"type":"Point","coordinates":[1,2],"crs":"x"},"properties":{"a":1,"b":1.0,"c":"s","d":null,"e":[1,"x"],"f":{"g":false}},"title":"foreign"}"#,
            #"{"type":"Feature","id":18446744073709551615,"geometry":null,"properties":null}"#,
            #"{"type":"Feature","id":-9223372036854775808,"geometry":null,"properties":{}}"#,
            #"{"type":"Feature","id":2.5,"geometry":null,"properties":{}}"#,
            #"{"type":"FeatureCollection","features":[],"name":"empty"}"#,
            #"{"type":"LineString","coordinates":[[179,0],[-179,1]]}"#,
            #"{"type":"MultiPolygon","coordinates":[]}"#,
        ]
        for text in texts {
            let object = try GeoJSONObject(parsing: text)
            let written = object.serialized()
            #expect(written == text, "writes back identically")
            #expect(try GeoJSONObject(parsing: written) == object)
            let pretty = object.serialized(GeoJSONWriteOptions(pretty: true))
            #expect(try GeoJSONObject(parsing: pretty) == object)
        }
    }

    @Test("members in any order, type last")
    func memberOrder() throws {
        let a = try GeoJSONObject(parsing: #"{"properties":{"x":1},"geometry":{"coordinates":[[0,0],[1,1]],"type":"LineString"},"id":7,"type":"Feature"}"#)
        guard case .feature(let f) = a else { Issue.record("not a feature"); return }
        #expect(f.identifier == .int(7))
        #expect(f.geometry == .lineString(PositionList([Position(0, 0), Position(1, 1)])))
        #expect(f.property("x") == .int(1))
    }

    @Test("identifiers and attribute types survive exactly")
    func attributeTypes() throws {
        let text = #"{"type":"Feature","id":9007199254740993,"geometry":null,"properties":{"i":1,"d":1.0,"big":18446744073709551615,"neg":-5,"t":true,"n":null,"s":"é","arr":[1,2.5],"obj":{"k":"v"}}}"#
        guard case .feature(let f) = try GeoJSONObject(parsing: text) else { Issue.record("not a feature"); return }
        #expect(f.identifier == .int(9007199254740993))
        #expect(f.property("i") == .int(1))
        #expect(f.property("d") == .double(1.0))
        #expect(f.property("big") == .uint(.max))
        #expect(f.property("neg") == .int(-5))
        #expect(f.property("t") == .bool(true))
        #expect(f.property("n") == .null)
        #expect(f.property("arr") == [1, 2.5])
        #expect(f.property("obj") == ["k": "v"])
    }

    @Test("coordinate precision option rounds coordinates only")
    func precision() throws {
        let o = try GeoJSONObject(parsing: #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.23456789,-2.987654321]},"properties":{"v":1.23456789}}"#)
        #expect(o.serialized(GeoJSONWriteOptions(coordinatePrecision: 3)) == #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.235,-2.988]},"properties":{"v":1.23456789}}"#)
    }

    struct Violation: Sendable, CustomStringConvertible {
        var text: String
        var kind: GeoJSONError.Kind
        var path: String
        var line = 1
        var column: Int
        var lenientWarns = false
        var description: String { text }
    }

    @Test("structure violations are typed and located", arguments: [
        Violation(text: #"{"coordinates":[1,2]}"#, kind: .missingMember, path: "", column: 1),
        Violation(text: #"{"type":"Pointy","coordinates":[1,2]}"#, kind: .invalidType, path: "type", column: 9),
        Violation(text: #"{"type":"Point"}"#, kind: .missingMember, path: "", column: 1),
        Violation(text: #"{"type":"Point","coordinates":[1]}"#, kind: .invalidCoordinates, path: "coordinates", column: 31),
        Violation(text: #"{"type":"Point","coordinates":[[1,2]]}"#, kind: .invalidCoordinates, path: "coordinates", column: 31),
        Violation(text: #"{"type":"Point","coordinates":[1,"2"]}"#, kind: .invalidCoordinates, path: "coordinates[1]", column: 34),
        Violation(text: #"{"type":"Point","coordinates":[1,2,3,4]}"#, kind: .extraPositionMembers, path: "coordinates", column: 31, lenientWarns: true),
        Violation(text: #"{"type":"LineString","coordinates":[[1,2]]}"#, kind: .tooFewPositions, path: "coordinates", column: 36, lenientWarns: true),
        Violation(text: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}"#, kind: .unclosedRing, path: "coordinates[0]", column: 34, lenientWarns: true),
        Violation(text: #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}"#, kind: .tooFewPositions, path: "coordinates[0]", column: 34, lenientWarns: true),
        Violation(text: #"{"type":"Feature","geometry":null}"#, kind: .missingMember, path: "", column: 1, lenientWarns: true),
        Violation(text: #"{"type":"Feature","properties":{}}"#, kind: .missingMember, path: "", column: 1, lenientWarns: true),
        Violation(text: #"{"type":"Feature","geometry":null,"properties":7}"#, kind: .invalidMember, path: "properties", column: 48, lenientWarns: true),
        Violation(text: #"{"type":"Feature","geometry":null,"properties":{},"id":true}"#, kind: .invalidMember, path: "id", column: 56, lenientWarns: true),
        Violation(text: #"{"type":"Feature","geometry":"x","properties":{}}"#, kind: .invalidMember, path: "geometry", column: 30),
        Violation(text: #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{}},{"type":"Point","coordinates":[0,0]}]}"#, kind: .invalidType, path: "features[1].type", column: 100),
        Violation(text: "{\"type\":\"FeatureCollection\",\n\"features\":[{\"type\":\"Feature\",\"properties\":{},\n\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1]]]}}]}", kind: .unclosedRing, path: "features[0].geometry.coordinates[0]", line: 3, column: 45, lenientWarns: true),
        Violation(text: #"[1,2]"#, kind: .invalidType, path: "", column: 1),
        Violation(text: #"{"type":"FeatureCollection"}"#, kind: .missingMember, path: "", column: 1),
        Violation(text: #"{"type":"GeometryCollection","geometries":[{"type":"Feature","geometry":null,"properties":{}}]}"#, kind: .invalidType, path: "geometries[0].type", column: 52),
        Violation(text: #"{"type":"Polygon","coordinates":[[[[0,0]]]]}"#, kind: .invalidCoordinates, path: "coordinates", column: 33),
        Violation(text: #"{"type":"Point","coordinates":[[[[[1,2]]]]]}"#, kind: .invalidCoordinates, path: "coordinates[0][0][0][0]", column: 35),
    ])
    func violations(_ v: Violation) throws {
        do {
            _ = try GeoJSONObject(parsing: v.text)
            Issue.record("strict reading accepted \(v.text)")
        } catch {
            #expect(error.kind == v.kind)
            #expect(error.path.description == v.path)
            #expect(error.location.line == v.line)
            #expect(error.location.column == v.column)
        }
        if v.lenientWarns {
            let result = try GeoJSONObject.decode(Data(v.text.utf8), options: .lenient)
            #expect(result.warnings.map(\.kind).contains(v.kind))
            #expect(result.warnings.first { $0.kind == v.kind }?.path.description == v.path)
        }
    }

    @Test("lenient reading repairs what it reports")
    func lenientRepairs() throws {
        let r = try GeoJSONObject.decode(Data(#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]],"bbox":"x"}"#.utf8), options: .lenient)
        guard case .geometry(.polygon(let rings), let members) = r.object else { Issue.record("not a polygon"); return }
        #expect(rings[0].count == 5 && rings[0][4] == Position(0, 0))
        #expect(members.foreign["bbox"] == "x")
        #expect(r.warnings.count == 2)
    }

    @Test("syntax errors inside GeoJSON are located too")
    func syntax() {
        do {
            _ = try GeoJSONObject(parsing: "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,NaN]},\"properties\":{}}]}")
            Issue.record("accepted NaN")
        } catch {
            #expect(error.kind == .syntax || error.kind == .invalidCoordinates)
            #expect(error.location.line == 2)
            #expect(error.path.description == "features[0].geometry.coordinates[1]")
        }
        #expect(throws: GeoJSONError.self) { _ = try GeoJSONObject(parsing: String(repeating: "{\"a\":", count: 100_000)) }
        #expect(throws: GeoJSONError.self) { _ = try GeoJSONObject(parsing: "") }
    }
}
