import Foundation
import Testing
@testable import JSON

@Suite("JSON text")
struct JSONTextTests {
    @Test("strings: every escape, surrogate pairs, raw UTF-8")
    func strings() throws {
        let text = #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "héllo 中文 😀", ""]"#
        let v = try JSONValue(parsing: text)
        #expect(v == .array(["a\"b\\c/d\u{08}\u{0C}\n\r\t", "é中", "😀", "héllo 中文 😀", ""]))
        // Writing escapes what must be escaped and reads back identical.
        let control = JSONValue.string("x\u{01}\u{1F}\"\\\n")
        #expect(control.serialized() == #""x\u0001\u001f\"\\\n""#)
        #expect(try JSONValue(parsing: control.serialized()) == control)
    }

    @Test("objects keep member order, and a repeated key keeps its last value")
    func objects() throws {
        let v = try JSONValue(parsing: #"{"b": 1, "a": 2, "b": 3}"#)
        #expect(v.object?.keys == ["b", "a"])
        #expect(v["b"] == .int(3))
        #expect(v.serialized() == #"{"b":3,"a":2}"#)
        #expect(v.serialized(JSONWriteOptions(sortedKeys: true)) == #"{"a":2,"b":3}"#)
        // Large objects switch to hashed lookup and still behave the same.
        var big = JSONObject()
        for i in 0..<100 { big["k\(i)"] = .int(Int64(i)) }
        big["k5"] = nil
        #expect(big.count == 99 && big["k5"] == nil && big["k99"] == .int(99) && big.keys[5] == "k6")
    }

    @Test("pretty output is indented and parses back")
    func pretty() throws {
        let v: JSONValue = ["a": [1, 2, ["b": .null]], "c": [:], "d": []]
        let text = v.serialized(JSONWriteOptions(pretty: true))
        #expect(text == "{\n  \"a\": [\n    1,\n    2,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {},\n  \"d\": []\n}")
        #expect(try JSONValue(parsing: text) == v)
    }

    struct BadCase: Sendable, CustomStringConvertible {
        var text: String
        var kind: JSONParseError.Kind
        var line: Int
        var column: Int
        var path: String
        var description: String { text.debugDescription }
    }

    @Test("syntax errors carry kind, line, column and path", arguments: [
        BadCase(text: "", kind: .emptyInput, line: 1, column: 1, path: ""),
        BadCase(text: "  \n ", kind: .emptyInput, line: 1, column: 1, path: ""),
        BadCase(text: "{\"a\": [1, 2", kind: .unexpectedEnd, line: 1, column: 12, path: "a[1]"),
        BadCase(text: "{\"a\":\n  tru}", kind: .unexpectedCharacter, line: 2, column: 3, path: "a"),
        BadCase(text: "{\"a\": 1,}", kind: .unexpectedCharacter, line: 1, column: 9, path: ""),
        BadCase(text: "[1 2]", kind: .unexpectedCharacter, line: 1, column: 4, path: "[0]"),
        BadCase(text: "{\"x\": \"abc", kind: .unexpectedEnd, line: 1, column: 7, path: "x"),
        BadCase(text: "[\"a\u{01}\"]", kind: .controlCharacterInString, line: 1, column: 4, path: "[0]"),
        BadCase(text: "[\"\\x\"]", kind: .invalidEscape, line: 1, column: 3, path: "[0]"),
        BadCase(text: "[\"\\ud83d\"]", kind: .invalidEscape, line: 1, column: 3, path: "[0]"),
        BadCase(text: "[\"\\udc00x\"]", kind: .invalidEscape, line: 1, column: 3, path: "[0]"),
        BadCase(text: "[\"\\u12\"]", kind: .invalidEscape, line: 1, column: 3, path: "[0]"),
        BadCase(text: "{\"a\": {\"b\": [true, nul]}}", kind: .unexpectedCharacter, line: 1, column: 20, path: "a.b[1]"),
        BadCase(text: "{} x", kind: .trailingCharacters, line: 1, column: 4, path: ""),
        BadCase(text: "{1: 2}", kind: .unexpectedCharacter, line: 1, column: 2, path: ""),
    ])
    func syntaxErrors(_ c: BadCase) {
        do {
            _ = try JSONValue(parsing: c.text)
            Issue.record("expected an error for \(c.text.debugDescription)")
        } catch {
            #expect(error.kind == c.kind)
            #expect(error.location.line == c.line)
            #expect(error.location.column == c.column)
            #expect(error.path.description == c.path)
            #expect(!error.message.isEmpty)
        }
    }

    @Test("invalid UTF-8 is located at its first bad byte")
    func invalidUTF8() {
        for bad: [UInt8] in [[0xC3], [0xE2, 0x82], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let bytes: [UInt8] = Array("[\"ok\", \"a".utf8) + bad + Array("b\"]".utf8)
            #expect {
                _ = try JSONValue(parsing: bytes)
            } throws: { error in
                guard let e = error as? JSONParseError else { return false }
                return e.kind == .invalidUTF8 && e.location.offset == 9 && e.path.description == "[1]"
            }
        }
    }

    @Test("hostile input: deep nesting, huge strings, truncation — errors, never crashes")
    func hostile() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: deep) }
        do {
            _ = try JSONValue(parsing: deep)
        } catch {
            #expect(error.kind == .nestingTooDeep)
        }
        let deepObjects = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: deepObjects) }

        for long in ["[\"" + String(repeating: "x", count: 5000) + "\"]", "[\"" + String(repeating: "x", count: 5000),
                     "[\"a\\n" + String(repeating: "y", count: 5000) + "\"]"] {
            do {
                _ = try JSONValue(parsing: long, limits: JSONLimits(maximumStringLength: 4096))
                Issue.record("expected stringTooLong")
            } catch {
                #expect(error.kind == .stringTooLong && error.location.offset == 1)
            }
        }
        #expect(try JSONValue(parsing: "[\"" + String(repeating: "x", count: 4096) + "\"]", limits: JSONLimits(maximumStringLength: 4096)).array?.count == 1)
        // Every prefix of a valid document is an error (or, for a complete prefix, a value).
        let doc = #"{"type":"Feature","id":12,"geometry":{"type":"Point","coordinates":[1.5,-2e3]},"properties":{"n":"é\u00e9","a":[true,null]}}"#
        let bytes = Array(doc.utf8)
        for n in 0..<bytes.count {
            #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: Array(bytes[0..<n])) }
        }
    }

    @Test("JSONDocument knows the line and column of every value")
    func documentLocations() throws {
        let text = "{\n  \"layers\": [\n    {\"id\": \"a\"},\n    {\"paint\": {\"fill-color\": 3}}\n  ]\n}"
        let doc = try JSONDocument(parsing: text)
        let path = JSONPath([.key("layers"), .index(1), .key("paint"), .key("fill-color")])
        #expect(doc.location(of: path)?.line == 4)
        #expect(doc.location(of: path)?.column == 30)
        #expect(doc.value(at: path) == .int(3))
        #expect(doc.location(of: JSONPath([.key("layers"), .index(0), .key("id")]))?.line == 3)
        #expect(doc.location(of: .root)?.line == 1)
        #expect(path.description == "layers[1].paint.fill-color")
    }
}
