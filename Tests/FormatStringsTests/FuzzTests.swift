@testable import FormatStrings
import GeoJSON
import MercatorTestSupport
import MercatorConformance
import Testing
import Foundation


/// Random, truncated and hostile input never crashes or hangs; whatever converts also prints back stably.
@Suite struct FuzzTests {
    static let fragments = [
        "(", ")", "{", "}", "[", "]", ",", ".", "'", "\"", "%@", "%K", "%", "$", "$zoomLevel", "#", "#size", "a", "b.c",
        "1", "2.5", "-", "+", "*", "/", "**", "==", "=", "!=", "<>", "<", ">=", "=<", "AND", "OR", "NOT", "!", "&&",
        "||", "IN", "CONTAINS", "BETWEEN", "ANY", "ALL", "NONE", "SOME", "[c]", "[cd]", "SELF", "nil", "TRUE", "NO",
        "TRUEPREDICATE", "FUNCTION(", "TERNARY(", "CAST(", "'NSNumber'", "'NSArray'", "'Class'", "noindex(", "MLN_LET(",
        "MLN_MATCH(", "MLN_IF(", "MLN_FUNCTION(", "mgl_step:from:stops:(", "mgl_interpolate:withCurveType:parameters:stops:(",
        "uppercase(", "sum(", "average(", "'x'", "'linear'", "\\", "\n", " ", "@", "é", "😀", ":", "FIRST", "LAST",
        "mgl_does:have:(", "mgl_coalesce(", "mgl_attributed:(", "'boolValue'", "'mgl_has:'", "0x1", "1e", "BEGINSWITH",
        "%d", "%s", "%lf", "SELF.", "$featureAttributes.", "x[",
    ]

    static let argumentPool: [FormatArgument] = [
        .integer(1), .number(2.5), .string("k"), .bool(true), .null, .color(FormatColor(red: 1, green: 2, blue: 3)),
        .array([.integer(1), .integer(2)]), .stops([FormatArgumentStop(1, .integer(2))]), .stops([]),
        .dictionary([FormatArgumentEntry("a", .integer(1))]), .shape(["type": "Point", "coordinates": [0, 0]]),
        .expression(.keyPath(["x"])), .predicate(.constant(true)), .offset(dx: 1, dy: 2), .className("UIColor"),
        .attributed(FormatAttributedExpression(.string("t"))),
    ]

    /// Parses as both kinds; anything that converts must survive the canonical round trip.
    func exercise(_ format: String, _ args: [FormatArgument]) {
        let scalarCount = format.unicodeScalars.count
        for kind in ["predicate", "expression"] {
            do {
                let node = try FormatNode(kind: kind, format: format, arguments: args)
                let json = try node.jsonValue(FormatJSONOptions())
                // Printing the parsed tree directly also parses back to the same JSON.
                let direct = node.formatString
                let directBack = try FormatNode(kind: kind, format: direct.format, arguments: direct.arguments)
                #expect(try FormatJSONComparison.equal(directBack.jsonValue(FormatJSONOptions()), json),
                        "\(kind) ‘\(format)’ printed ‘\(direct.format)’")
                let back = try FormatNode(kind: kind, json: json, options: FormatJSONOptions())
                let printed = back.formatString
                let reparsed = try FormatNode(kind: kind, format: printed.format, arguments: printed.arguments)
                #expect(try FormatJSONComparison.equal(reparsed.jsonValue(FormatJSONOptions()), back.jsonValue(FormatJSONOptions())),
                        "\(kind) ‘\(format)’ → ‘\(printed.format)’")
                #expect(reparsed.formatString == printed, "\(kind) ‘\(format)’ → ‘\(printed.format)’")
            } catch {
                if let location = error.location {
                    #expect(location.offset >= 0 && location.offset <= scalarCount, "\(format): \(error)")
                }
            }
        }
    }

    @Test func randomTokenSoup() {
        var rng = SplitMix64(seed: 20_261_122)
        for _ in 0..<4000 {
            let count = Int.random(in: 1...24, using: &rng)
            var text = ""
            for _ in 0..<count {
                text += Self.fragments.randomElement(using: &rng)!
                if Bool.random(using: &rng) { text += " " }
            }
            let args = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Self.argumentPool.randomElement(using: &rng)! }
            exercise(text, args)
        }
    }

    @Test func randomScalars() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                let value = Bool.random(using: &rng) ? UInt32.random(in: 0x20...0x7E, using: &rng) : UInt32.random(in: 0...0x2FFFF, using: &rng)
                if let s = Unicode.Scalar(value) { scalars.append(s) }
            }
            exercise(String(scalars), [.integer(1), .string("k")])
        }
    }

    @Test(.needsShared) func truncatedConformanceFormats() throws {
        for file in ["cases.jsonl", "doc-examples.jsonl"] {
            let url = try #require(SharedFixtures.url("conformance/format-strings/\(file)"))
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let c = try FormatStringConformance.Case(json: try JSONValue(parsing: String(line)))
                let args = c.arguments.compactMap { try? FormatArgument(json: $0) }
                let scalars = Array(c.format.unicodeScalars)
                for end in 0...scalars.count {
                    var prefix = String.UnicodeScalarView()
                    prefix.append(contentsOf: scalars[0..<end])
                    exercise(String(prefix), args)
                }
            }
        }
    }

    /// Random style JSON: converting and printing never crashes, and what prints parses back.
    @Test func randomStyleJSON() {
        var rng = SplitMix64(seed: 7)
        let operators = ["+", "-", "*", "/", "%", "^", "get", "has", "at", "in", "==", "!=", "<", "all", "any", "!",
                         "case", "match", "coalesce", "let", "var", "literal", "interpolate", "step", "concat",
                         "to-number", "to-string", "to-color", "to-boolean", "to-rgba", "rgb", "rgba", "length",
                         "zoom", "id", "properties", "geometry-type", "format", "collator", "within", "e", "pi",
                         "min", "max", "upcase", "typeof", "none", "!has", "!in"]
        func value(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 10), using: &rng) {
            case 0: return .int(Int64.random(in: -5...20, using: &rng))
            case 1: return .double(Double(Int.random(in: -20...20, using: &rng)) / 4)
            case 2: return .string(["a", "b", "linear", "exponential", "cubic-bezier", "x y", "size", ""].randomElement(using: &rng)!)
            case 3: return .bool(Bool.random(using: &rng))
            case 4: return .null
            case 5: return ["linear"]
            case 6: return .object(["k": value(depth + 1), "type": Bool.random(using: &rng) ? "Point" : "x"])
            default:
                var items: [JSONValue] = [.string(operators.randomElement(using: &rng)!)]
                for _ in 0..<Int.random(in: 0...4, using: &rng) { items.append(value(depth + 1)) }
                return .array(items)
            }
        }
        for _ in 0..<3000 {
            let json = value(0)
            for kind in ["predicate", "expression"] {
                guard let node = try? FormatNode(kind: kind, json: json, options: FormatJSONOptions()) else { continue }
                let printed = node.formatString
                guard let expected = try? node.jsonValue(FormatJSONOptions()) else { continue }
                do {
                    let reparsed = try FormatNode(kind: kind, format: printed.format, arguments: printed.arguments)
                    #expect(try FormatJSONComparison.equal(reparsed.jsonValue(FormatJSONOptions()), expected),
                            "\(kind) \(json.serialized()) → ‘\(printed.format)’")
                } catch {
                    Issue.record("\(kind) \(json.serialized()) printed ‘\(printed.format)’ which fails: \(error)")
                }
            }
        }
    }
}
