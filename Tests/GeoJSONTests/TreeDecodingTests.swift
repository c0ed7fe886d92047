import Foundation
import MercatorTestSupport
import Testing
@testable import GeoJSON

@Suite("GeoJSON from already-parsed JSON")
struct TreeDecodingTests {
    @Test("the shared data files give the same objects from text and from their parsed JSON", .needsShared)
    func sameAsText() throws {
        let data = try #require(SharedFixtures.url("data"))
        let files = (try FileManager.default.contentsOfDirectory(atPath: data.path)).filter { $0.hasSuffix(".geojson") }.sorted()
        var checked = 0
        for name in files {
            let bytes = try Data(contentsOf: data.appendingPathComponent(name))
            guard bytes.count < 2_000_000 else { continue }  // debug builds are slow; the larger files take the same paths
            let fromText = try GeoJSONObject.decode(bytes, options: .lenient)
            let fromTree = try GeoJSONObject.decode(json: JSONValue(parsing: bytes), options: .lenient)
            #expect(fromTree.object == fromText.object, "\(name)")
            #expect(fromTree.warnings.map(\.message) == fromText.warnings.map(\.message), "\(name)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("errors and warnings carry the JSON path and the text reader's messages")
    func errors() throws {
        let cases: [String] = [
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}"#,
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1]}}]}"#,
            #"{"type":"LineString","coordinates":[[0,0]]}"#,
            #"{"type":"Point","coordinates":"here"}"#,
            #"{"type":"Feature","geometry":3}"#,
            #"[1, 2]"#,
            #"{"type":"Point","coordinates":[1,2,3,4]}"#,
            #"{"type":"MultiPolygon","coordinates":[[[[[0,0]]]]]}"#,
        ]
        for text in cases {
            let textError = #expect(throws: GeoJSONError.self) { try GeoJSONObject(parsing: text) }
            let treeError = #expect(throws: GeoJSONError.self) { try GeoJSONObject(json: JSONValue(parsing: text)) }
            #expect(treeError?.message == textError?.message, "\(text)")
            #expect(treeError?.kind == textError?.kind, "\(text)")
            #expect(treeError?.path == textError?.path, "\(text)")
        }
        let lenient = try GeoJSONObject.decode(json: JSONValue(parsing: cases[0]), options: .lenient)
        #expect(lenient.warnings.first?.description.hasPrefix("coordinates[0]:") == true)
    }
}
