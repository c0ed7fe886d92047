@testable import FormatStrings
import GeoJSON
import Testing

@Suite struct ErrorTests {
    func predicateError(_ format: String, _ args: [FormatArgument] = []) -> FormatStringError? {
        formatError { _ = try FormatPredicate(format: format, arguments: args).jsonValue() }
    }

    func expressionError(_ format: String, _ args: [FormatArgument] = []) -> FormatStringError? {
        formatError { _ = try FormatExpression(format: format, arguments: args).jsonValue() }
    }

    @Test(arguments: ["BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "beginswith"])
    func stringOperatorsAreRejectedAtTheirPosition(_ op: String) throws {
        let e = try #require(predicateError("name \(op) 'x'"))
        #expect(e.kind == .unsupported)
        #expect(e.location?.offset == 5)
        #expect(e.suggestion?.contains("CONTAINS") == true)
    }

    @Test func customSelectorsAreRejected() throws {
        let e = try #require(predicateError("(SELF isKindOfClass: %@)", [.className("MLNPolyline")]))
        #expect(e.kind == .unsupported)
        #expect(e.location?.offset == 6)
    }

    @Test func modifiersAndOptions() throws {
        #expect(predicateError("ANY a != 1")?.kind == .unsupported)
        #expect(predicateError("SOME a > 1")?.kind == .unsupported)
        #expect(predicateError("ALL a = 1")?.kind == .unsupported)
        #expect(predicateError("NONE a != 1")?.kind == .unsupported)
        let e = try #require(predicateError("ANY {1, 2} =[c] x"))
        #expect(e.message.contains("[c]"))
        #expect(predicateError("a IN[c] {'x'}")?.kind == .unsupported)
        #expect(predicateError("a ==[n] 'x'")?.kind == .unsupported)
        #expect(predicateError("ANY a") != nil)
    }

    @Test func unsupportedAndUnknownFunctions() throws {
        let median = try #require(expressionError("1 + median({1, 2})"))
        #expect(median.location?.offset == 4)
        #expect(median.kind == .unsupported)
        let typo = try #require(expressionError("Uppercase('a')"))
        #expect(typo.suggestion?.contains("uppercase:") == true)
        #expect(expressionError("FUNCTION(x, 'reverse')")?.kind == .unsupported)
        #expect(expressionError("CAST(x, 'NSDate')")?.kind == .unsupported)
        #expect(expressionError("CAST(noindex(1), 'NSArray')")?.kind == .unsupported)
        #expect(expressionError("SUBQUERY(x, $y, $y == 1)")?.kind == .unsupported)
        #expect(expressionError("a.@count")?.kind == .syntax)
    }

    @Test func syntaxErrorsCarryPositions() throws {
        let e = try #require(predicateError("a == 'unterminated"))
        #expect(e.kind == .syntax)
        #expect(e.location?.offset == 5)
        let trailing = try #require(predicateError("a == 1 b == 2"))
        #expect(trailing.location?.offset == 7)
        let empty = try #require(predicateError("   "))
        #expect(empty.message.contains("empty"))
        #expect(predicateError("a == %y", [.integer(1)])?.location?.offset == 5)
        #expect(predicateError("a == %d", [.string("x")])?.kind == .argument)
        #expect(predicateError("a == %ld AND b == %f AND c == %s", [.integer(1), .number(2.5), .string("x")]) == nil)
        #expect(predicateError("1 + 2")?.message.contains("predicate") == true)
        #expect(expressionError("a == 1")?.message.contains("predicate") == true)
        #expect(expressionError("TERNARY(1, 2, 3)")?.location?.offset == 8)
        #expect(expressionError("FIRST")?.suggestion?.contains("#first") == true)
    }

    @Test func multiLineLocations() throws {
        let e = try #require(predicateError("a == 1 AND\n  b LIKE 'x'"))
        #expect(e.location == FormatSourceLocation(offset: 15, line: 2, column: 5))
        #expect(e.description.hasPrefix("line 2, column 5: "))
    }

    @Test func argumentErrors() throws {
        let missing = try #require(predicateError("a == %@ AND b == %@", [.integer(1)]))
        #expect(missing.kind == .argument)
        #expect(missing.location?.offset == 17)
        #expect(predicateError("%K == 1", [.integer(1)])?.kind == .argument)
        let stops = try #require(expressionError("mgl_step:from:stops:($zoomLevel, 1, %@)", [.stops([])]))
        #expect(stops.location?.offset == 36)
        #expect(expressionError("mgl_step:from:stops:($zoomLevel, 1, %@)", [.dictionary([FormatArgumentEntry("a", .integer(1))])]) != nil)
    }

    @Test func selfOutsideItsPlaces() {
        #expect(predicateError("SELF == 1")?.kind == .unsupported)
        #expect(expressionError("SELF") != nil)
        #expect(expressionError("mgl_does:have:(SELF, 'x')") == nil)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(expressionError(deep)?.kind == .tooDeep)
        #expect(predicateError(String(repeating: "NOT ", count: 5000) + "a == 1")?.kind == .tooDeep)
        #expect(expressionError(String(repeating: "-", count: 5000) + "1")?.kind == .tooDeep)
        #expect(expressionError(String(repeating: "{", count: 5000))?.kind == .tooDeep)
        #expect(expressionError(String(repeating: "uppercase(", count: 5000))?.kind == .tooDeep)
        var nested: JSONValue = 1
        for _ in 0..<2000 { nested = ["+", nested, 1] }
        let jsonError = formatError { _ = try FormatExpression(json: nested) }
        #expect(jsonError?.kind == .tooDeep)
    }
}

@Suite struct LongChainTests {
    @Test func longOperatorChainsAreBoundedNotCrashing() {
        let sum = Array(repeating: "1", count: 20_000).joined(separator: " + ")
        #expect(formatError { _ = try FormatExpression(format: sum) }?.kind == .tooDeep)
        let subscripts = "a" + String(repeating: "[0]", count: 20_000)
        #expect(formatError { _ = try FormatExpression(format: subscripts) }?.kind == .tooDeep)
        let members = "$v" + String(repeating: ".uppercase('k')", count: 20_000)
        #expect(formatError { _ = try FormatExpression(format: members) }?.kind == .tooDeep)
        let ands = Array(repeating: "a == 1", count: 20_000).joined(separator: " AND ")
        #expect(formatError { _ = try FormatPredicate(format: ands) } == nil)
    }

    @Test func realisticChainsStillParse() throws {
        let sum = Array(repeating: "x", count: 60).joined(separator: " + ")
        #expect(try FormatExpression(format: sum).jsonValue().array?.count == 3)
    }
}
