@testable import FormatStrings
import GeoJSON
import Testing

@Suite struct ParserTests {
    @Test func arithmeticPrecedenceAndAssociativity() throws {
        #expect(try expressionJSON("1 + 2 * 3") == json(#"["+", 1, ["*", 2, 3]]"#))
        #expect(try expressionJSON("(1 + 2) * 3") == json(#"["*", ["+", 1, 2], 3]"#))
        #expect(try expressionJSON("8 / 4 / 2") == json(#"["/", ["/", 8, 4], 2]"#))
        #expect(try expressionJSON("2 * 3 ** 2") == json(#"["*", 2, ["^", 3, 2]]"#))
        #expect(try expressionJSON("a - -1") == json(#"["-", ["get", "a"], -1]"#))
        #expect(try expressionJSON("-x") == json(#"["-", 0, ["get", "x"]]"#))
        #expect(try expressionJSON("-2.5e1") == json("-25.0"))
    }

    @Test func numbers() throws {
        #expect(try expressionJSON("0x1F") == json("31"))
        #expect(try expressionJSON("0b101") == json("5"))
        #expect(try expressionJSON("1.") == .double(1))
        #expect(try expressionJSON(".5") == .double(0.5))
        #expect(try expressionJSON("3002970001") == .int(3_002_970_001))
    }

    @Test func keywordsAreCaseInsensitive() throws {
        #expect(try predicateJSON("key in {1, 2}") == json(#"["in", ["get", "key"], ["literal", [1, 2]]]"#))
        #expect(try predicateJSON("not a == yes") == json(#"["!", ["==", ["get", "a"], true]]"#))
        #expect(try predicateJSON("truepredicate") == .bool(true))
        #expect(try predicateJSON("a == Null") == json(#"["==", ["get", "a"], null]"#))
        #expect(try expressionJSON("FUNCTION(self, 'mgl_has:', 'x')") == json(#"["has", "x"]"#))
    }

    @Test func compoundPredicates() throws {
        let flat = try predicateJSON("a == 1 AND b == 2 && c == 3")
        #expect(flat == json(#"["all", ["==", ["get", "a"], 1], ["==", ["get", "b"], 2], ["==", ["get", "c"], 3]]"#))
        let nested = try predicateJSON("(a == 1 AND b == 2) AND c == 3")
        #expect(nested == json(#"["all", ["all", ["==", ["get", "a"], 1], ["==", ["get", "b"], 2]], ["==", ["get", "c"], 3]]"#))
        // AND binds tighter than OR; NOT tighter than AND.
        let mixed = try predicateJSON("NOT a == 1 AND b == 2 OR c == 3")
        #expect(mixed == json(#"["any", ["all", ["!", ["==", ["get", "a"], 1]], ["==", ["get", "b"], 2]], ["==", ["get", "c"], 3]]"#))
        #expect(try predicateJSON("!!(a == 1)") == json(#"["!", ["!", ["==", ["get", "a"], 1]]]"#))
    }

    @Test func seedExamples() throws {
        let polygon = json(#"{"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 1], [0, 0]]]}"#)
        let filter = try predicateJSON("class = 'food_and_drink' AND name CONTAINS 'Izzy' AND SELF IN %@", [.shape(polygon)])
        #expect(filter == .array([
            "all", ["==", ["get", "class"], "food_and_drink"], ["in", "Izzy", ["get", "name"]], ["within", polygon],
        ]))
        let stops = FormatArgument.stops([FormatArgumentStop(0, .integer(0)), FormatArgumentStop(10, .number(0.5))])
        let size = try expressionJSON("mgl_interpolate:withCurveType:parameters:stops:(mag, 'linear', nil, %@)", [stops])
        #expect(size == json(#"["interpolate", ["linear"], ["get", "mag"], 0, 0, 10, 0.5]"#))
    }

    @Test func keyPathsAndEscapes() throws {
        #expect(try predicateJSON("#size == 1") == json(#"["==", ["get", "size"], 1]"#))
        #expect(try expressionJSON("a.size") == json(#"["get", "size", ["get", "a"]]"#))
        #expect(try expressionJSON("lowercase(%K)", [.string("ISO 3166-1:2006")]) == json(#"["downcase", ["get", "ISO 3166-1:2006"]]"#))
        #expect(try expressionJSON("%K", [.string("a.b")]) == json(#"["get", "a.b"]"#))
        #expect(try expressionJSON("$v.key") == json(#"["get", "key", ["var", "v"]]"#))
        #expect(try expressionJSON("名前") == json(#"["get", "名前"]"#))
        #expect(try expressionJSON("SELF.name") == json(#"["get", "name"]"#))
    }

    @Test func strings() throws {
        #expect(try expressionJSON(#"'it\'s'"#) == .string("it's"))
        #expect(try expressionJSON(#""say \"hi\"\n""#) == .string("say \"hi\"\n"))
        #expect(try expressionJSON(#"'\u00e9\u{1F600}'"#) == .string("é😀"))
        #expect(try expressionJSON(#"'\ud83d\ude00'"#) == .string("😀"))
        #expect(try expressionJSON(#"'a\wb'"#) == .string(#"a\wb"#))
    }

    @Test func controlStructureSpellings() throws {
        let expected = json(#"["let", "a", 1, ["var", "a"]]"#)
        for name in ["MLN_LET", "MLN_LET:", "MGL_LET", "MGL_LET:"] {
            #expect(try expressionJSON("\(name)('a', 1, $a)") == expected)
        }
        #expect(try expressionJSON("MGL_MATCH(x, 1, 'one', 'other')") == json(#"["match", ["get", "x"], 1, "one", "other"]"#))
        #expect(try expressionJSON("MLN_IF(TRUEPREDICATE, 'yes', 'no')") == json(#"["case", true, "yes", "no"]"#))
        #expect(try expressionJSON("MGL_FUNCTION('zoom')") == json(#"["zoom"]"#))
    }

    @Test func swiftStyleLetNamesAreVariableNames() throws {
        #expect(try expressionJSON("MGL_LET(floorCount, 2, $floorCount + 1)")
                == json(#"["let", "floorCount", 2, ["+", ["var", "floorCount"], 1]]"#))
        #expect(formatError { _ = try FormatExpression(format: "MLN_LET(a.b, 2, $a)") }?.kind == .conversion)
    }

    @Test func functionNamesWithAndWithoutColons() throws {
        #expect(try expressionJSON("uppercase('a')") == expressionJSON("uppercase:('a')"))
        #expect(try expressionJSON("mgl_join({'a', 'b'})") == json(#"["concat", "a", "b"]"#))
        #expect(try expressionJSON("FUNCTION(%@, 'mgl_coalesce')", [.array([.expression(.keyPath(["x"])), .integer(0)])])
                == json(#"["coalesce", ["get", "x"], 0]"#))
    }

    @Test func colourClassAndComponents() throws {
        let e = try expressionJSON("FUNCTION(CAST('UIColor', 'Class'), 'colorWithRed:green:blue:alpha:', r, 0, 0, 1)")
        #expect(e == json(#"["rgba", ["get", "r"], 0, 0, 1]"#))
    }

    @Test func extraArgumentsAreIgnored() throws {
        #expect(try expressionJSON("1", [.integer(2)]) == .int(1))
    }
}
