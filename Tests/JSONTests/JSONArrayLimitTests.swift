import Testing
@testable import JSON

/// Issue 19: a reader bounded by a `JSONArrayLimit` refuses a long array before building it.
@Suite("JSON arrays past a JSONArrayLimit are refused while reading")
struct JSONArrayLimitTests {
    static func parse(_ text: String, _ limit: JSONArrayLimit) throws(JSONParseError) -> JSONValue {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { b throws(JSONParseError) in
            try JSONValue.parse(UnsafeBufferPointer(b), arrayLimit: limit)
        }
    }

    @Test("an array one element too long: located at its '[' with its path and its full length")
    func refusedWithLocation() throws {
        let text = "{\"a\":{\"b\":[1,\n[1,2,3,4,5],\"x\"]}}"
        let limit = JSONArrayLimit(maximum: 4)
        #expect(throws: JSONParseError.self) { try Self.parse(text, limit) }
        do {
            _ = try Self.parse(text, limit)
        } catch {
            #expect(error.kind == .arrayTooLong)
            #expect(error.found == 5)
            #expect(error.location.offset == 14 && error.location.line == 2 && error.location.column == 1)
            #expect(error.path.description == "a.b[1]")
        }
        // at the limit: read as usual
        let ok = try Self.parse("[1,2,3,4]", limit)
        #expect(ok == [1, 2, 3, 4])
    }

    @Test("a long array is counted to its end, and syntax errors after it still fail as syntax errors")
    func countedThenSyntax() {
        let long = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
        do { _ = try Self.parse(long, JSONArrayLimit(maximum: 10)) } catch { #expect(error.found == 1000) }
        do { _ = try Self.parse("[1,2,3,}", JSONArrayLimit(maximum: 2)) } catch { #expect(error.kind == .unexpectedCharacter) }
    }

    @Test("bounded and exempt paths: only arrays inside a bounded subtree and outside every exempt one are refused")
    func paths() throws {
        let limit = JSONArrayLimit(maximum: 2, boundedPaths: [["layers", nil], ["sources", nil, nil]],
                                   exemptPaths: [["sources", nil, "data"]])
        // the layers array itself, metadata, and a source's data are not bounded
        let fine = #"{"layers":[{},{},{}],"metadata":[1,2,3],"sources":{"s":{"data":[[1,2,3],[4,5,6,7]]}}}"#
        let value = try Self.parse(fine, limit)
        #expect(value["layers"]?.array?.count == 3)
        #expect(value["sources"]?["s"]?["data"]?.array?[1].array?.count == 4)
        // inside a layer, and in a source's other members, they are
        for (text, path) in [(#"{"layers":[{"f":["any",1,2]}]}"#, "layers[0].f"),
                             (#"{"sources":{"s":{"data":[],"bounds":[1,2,3]}}}"#, "sources.s.bounds"),
                             (#"{"layers":[{},{"p":{"x":[[1],[1,2,3]]}}]}"#, "layers[1].p.x[1]")] {
            do {
                _ = try Self.parse(text, limit)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.kind == .arrayTooLong && error.path.description == path, "\(text): \(error)")
            }
        }
    }
}
