@testable import FormatStrings
import GeoJSON
import Testing

@Suite struct PrinterTests {
    /// Printing, parsing and printing again gives the same text, and the same JSON.
    func expectStable(expression json: JSONValue, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let e = try FormatExpression(json: json)
        let printed = e.formatString()
        let reparsed = try FormatExpression(format: printed.format, arguments: printed.arguments)
        #expect(try reparsed.jsonValue() == e.jsonValue(), "\(printed.format)", sourceLocation: sourceLocation)
        #expect(reparsed.formatString() == printed, sourceLocation: sourceLocation)
    }

    @Test func canonicalSpellings() throws {
        func printed(_ json: String) throws -> String { try FormatExpression(json: JSONValue(parsing: json)).formatString().format }
        #expect(try printed(#"["+", ["get", "a"], ["*", 2, ["-", 1, 3]]]"#) == "a + 2 * (1 - 3)")
        #expect(try printed(#"["-", 1, ["-", 2, 3]]"#) == "1 - (2 - 3)")
        #expect(try printed(#"["^", ["^", 2, 3], 2]"#) == "2 ** 3 ** 2")
        #expect(try printed(#"["^", 2, ["^", 3, 2]]"#) == "2 ** (3 ** 2)")
        #expect(try printed(#"["get", "size"]"#) == "#size")
        #expect(try printed(#"["get", "size", ["get", "a"]]"#) == "a.size")
        #expect(try printed(#"["get", "a b"]"#) == "%K")
        #expect(try printed(#"["var", "two words"]"#) == "MLN_FUNCTION('var', 'two words')")
        #expect(try printed(#""it's\n""#) == #"'it\'s\n'"#)
        #expect(try printed(#"["case", ["==", ["get", "a"], 1], 1, ["==", ["get", "b"], 2], 2, 3]"#)
                == "MLN_IF(a == 1, 1, b == 2, 2, 3)")
        #expect(try printed(#"["at", 1, ["get", "a"]]"#) == "a[1]")
        #expect(try printed(#"["rgb", ["get", "r"], 0, 0]"#)
                == "FUNCTION(CAST('UIColor', 'Class'), 'colorWithRed:green:blue:alpha:', r, 0, 0, 1.0)")
    }

    @Test func predicatesKeepTheirGrouping() throws {
        func printed(_ json: String) throws -> String { try FormatPredicate(json: JSONValue(parsing: json)).formatString().format }
        #expect(try printed(#"["all", ["any", true, false], ["!", ["all", true, true]]]"#)
                == "(TRUEPREDICATE OR FALSEPREDICATE) AND NOT (TRUEPREDICATE AND TRUEPREDICATE)")
        #expect(try printed(#"["any", ["any", true, false], true]"#) == "(TRUEPREDICATE OR FALSEPREDICATE) OR TRUEPREDICATE")
        #expect(try printed(#"["all", [">=", ["get", "x"], 1], ["<=", ["get", "x"], 5]]"#) == "x BETWEEN {1, 5}")
        #expect(try printed(#"["==", ["get", "a"], "b", ["collator", {"case-sensitive": false, "diacritic-sensitive": true}]]"#)
                == "a ==[c] 'b'")
    }

    @Test func constantsWithoutSpellingBecomeArguments() throws {
        let e = try FormatExpression(json: json(#"["step", ["zoom"], ["rgb", 255, 0, 0], 10, ["rgba", 0, 0, 255, 0.5]]"#))
        let printed = e.formatString()
        #expect(printed.format == "mgl_step:from:stops:($zoomLevel, %@, %@)")
        #expect(printed.arguments.count == 2)
        #expect(printed.arguments[0] == .color(FormatColor(red: 255, green: 0, blue: 0)))
        try expectStable(expression: json(#"["step", ["zoom"], ["rgb", 255, 0, 0], 10, ["rgba", 0, 0, 255, 0.5]]"#))
    }

    @Test func styleExpressionsRoundTrip() throws {
        let corpus = [
            #"["interpolate", ["exponential", 1.5], ["zoom"], 5, ["*", 2, ["get", "w"]], 10, 4]"#,
            #"["interpolate", ["cubic-bezier", 0.42, 0, 0.58, 1], ["get", "x"], 0, 0, 100, 100]"#,
            #"["match", ["get", "type"], ["a", "b"], "ab", "c", "c", "other"]"#,
            #"["coalesce", ["get", "name_en"], ["get", "name"], ""]"#,
            #"["format", ["get", "name"], {"font-scale": 1.2, "text-font": ["literal", ["A", "B"]]}, "\n", {}]"#,
            #"["let", "n", ["get", "count"], ["case", [">", ["var", "n"], 10], "many", "few"]]"#,
            #"["to-number", ["get", "a"], ["get", "b"], 0]"#,
            #"["to-color", ["get", "c"], "red"]"#,
            #"["to-rgba", ["get", "c"]]"#,
            #"["has", "x", ["properties"]]"#,
            #"["get", "k", ["literal", {"k": 1, "j": [1, 2]}]]"#,
            #"["distance", {"type": "Point", "coordinates": [1, 2]}]"#,
            #"["at", ["-", ["length", ["get", "a"]], 1], ["get", "a"]]"#,
            #"["collator", {"case-sensitive": true, "locale": "fr"}]"#,
            #"["image", "marker"]"#,
            #"[1, 2, 3]"#,
            #"[]"#,
            #"["+", 1, 2, 3, 4]"#,
            #"["^", ["e"], ["pi"]]"#,
            #"["length", "text"]"#,
            #"["step", ["get", "x"], 1, 2, 3]"#,
            #"["step", ["get", "x"], 0, 1, 2, 3, 4]"#,
            #"["literal", "s"]"#,
            #"["global-state", "mode"]"#,
            #"["get", ["upcase", ["literal", {"a": 1}]], ["literal", {"b": 2}]]"#,
            #"["get", "k", 5]"#,
            #"["get", ["+", 1, 2], ["get", "a"]]"#,
        ]
        for text in corpus { try expectStable(expression: json(text)) }
    }

    @Test func legacyFiltersReadAsPredicates() throws {
        func printed(_ json: String) throws -> String { try FormatPredicate(json: JSONValue(parsing: json)).formatString().format }
        #expect(try printed(#"["==", "$type", "Point"]"#) == "$geometryType == 'Point'")
        #expect(try printed(#"["!has", "name"]"#) == "name == nil")
        #expect(try printed(#"["has", "$id"]"#) == "$featureIdentifier != nil")
        #expect(try printed(#"["!in", "class", "a", "b"]"#) == "NOT class IN {'a', 'b'}")
        #expect(try printed(#"["none", ["==", "a", 1], ["<", "b", 2]]"#) == "NOT (a == 1 OR b < 2)")
        #expect(try printed(#"["all", ["==", "a", 1], true]"#) == "a == 1 AND TRUEPREDICATE")
        // Expression filters are not legacy.
        #expect(try printed(#"["has", "name"]"#) == "mgl_does:have:(SELF, 'name') == TRUE")
        #expect(try printed(#"["in", "a", ["literal", "abc"]]"#) == "'a' IN 'abc'")
    }
}
