import Testing
@testable import JSON

/// Issue 19: `JSONDocument` finds locations on demand instead of keeping a table of every value.
@Suite("JSONDocument locations, scanned on demand then tabled")
struct JSONDocumentLocationTests {
    @Test("the first look-ups (one scan each) and the later ones (the table) give the same lines, columns and offsets")
    func scanAndTableAgree() throws {
        let members = (0..<30).map { "\"k\($0)\":\n  [\($0), {\"x\": \"\($0)\"}]" }.joined(separator: ",\n ")
        let text = "{\n \(members),\n \"k0\": 1}"
        let document = try JSONDocument(parsing: text)
        let expected = JSONLocationIndex.table(of: Array(text.utf8))
        var paths: [JSONPath] = [JSONPath(), JSONPath([.key("missing")])]
        for i in 0..<30 { paths += [JSONPath([.key("k\(i)")]), JSONPath([.key("k\(i)"), .index(1), .key("x")])] }
        #expect(paths.count > JSONLocationIndex.scansBeforeTable * 2)
        for path in paths {
            #expect(document.location(of: path) == expected[path], "\(path)")
        }
        // a repeated key: its first occurrence (the value starts on line 3)
        #expect(document.location(of: JSONPath([.key("k0")]))?.line == 3)
        #expect(document.location(of: JSONPath([.key("k29"), .index(1), .key("x")]))?.line == 61)
        #expect(document.location(of: JSONPath([.key("missing")])) == nil)
    }
}
