@testable import FormatStrings
import GeoJSON
import Testing

@Suite struct ConversionTests {
    @Test func platformConventions() throws {
        let mac = FormatJSONOptions(platform: .macOS)
        #expect(try FormatExpression(format: "%@", arguments: [.offset(dx: 1, dy: 2)]).jsonValue(options: mac) == json(#"["literal", [1, -2]]"#))
        #expect(try FormatExpression(json: json(#"["to-color", ["get", "x"]]"#), options: mac).formatString().format == "CAST(x, 'NSColor')")
        #expect(try FormatExpression(json: json(#"["to-color", ["get", "x"]]"#)).formatString().format == "CAST(x, 'UIColor')")
    }

    @Test func betweenNeedsTheSameValueOnBothSides() throws {
        let same = try FormatPredicate(json: json(#"["all", [">=", ["get", "x"], 1], ["<=", ["get", "x"], 2]]"#))
        #expect(same.formatString().format == "x BETWEEN {1, 2}")
        let different = try FormatPredicate(json: json(#"["all", [">=", ["get", "x"], 1], ["<=", ["get", "y"], 2]]"#))
        #expect(different.formatString().format == "x >= 1 AND y <= 2")
    }

    @Test func collatorWithLocaleIsDropped() throws {
        let p = try FormatPredicate(json: json(#"["==", ["get", "a"], "b", ["collator", {"case-sensitive": false, "locale": "fr"}]]"#))
        #expect(p.formatString().format == "a == 'b'")
    }

    @Test func caseConditionsAndTruthTests() throws {
        #expect(try FormatPredicate(json: json(#"["to-boolean", ["get", "x"]]"#)).formatString().format == "FUNCTION(x, 'boolValue') == TRUE")
        #expect(try FormatPredicate(json: json(#"["!"]"#)) == .constant(true))
        #expect(try FormatPredicate(json: json(#"["!", true, false]"#)).formatString().format == "NOT (TRUEPREDICATE OR FALSEPREDICATE)")
        #expect(try FormatPredicate(json: json("1")).formatString().format == "1 == TRUE")
    }

    @Test func averageAndStatistics() throws {
        #expect(try expressionJSON("count({1, 2})") == json(#"["length", ["literal", [1, 2]]]"#))
        #expect(try expressionJSON("min({1, 2})") == json(#"["min", 1, 2]"#))
        #expect(try expressionJSON("exp(1)") == json(#"["^", ["e"], 1]"#))
        #expect(try expressionJSON("%@", [.number(Double.pi)]) == json(#"["pi"]"#))
    }

    @Test func matchLabelsOfTheLegacyForm() throws {
        let args: [FormatArgument] = [.expression(.function("from:subtract:", [.integer(2), .integer(1)])),
                                      .array([.integer(1), .string("one"), .array([.integer(2), .integer(3)]), .string("more"), .string("default")])]
        #expect(try expressionJSON("FUNCTION(%@, 'mgl_match:', %@)", args)
                == json(#"["match", ["-", 2, 1], 1, "one", [2, 3], "more", "default"]"#))
    }

    @Test func formatWithNonObjectOptionsStaysLossless() throws {
        let source = json(#"["format", "a", {"font-scale": 2}, ["image", "x"], "not-an-object"]"#)
        let e = try FormatExpression(json: source)
        #expect(try e.jsonValue() == source)
    }
}
