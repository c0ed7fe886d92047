import Expressions
import GeoJSON
import Testing

@Suite struct ExpressionTests {
    func feature(_ props: JSONObject, id: FeatureIdentifier? = nil) -> EvaluationContext {
        let f = GeoJSONFeature(identifier: id, geometry: .point(Position(1, 2)), properties: props)
        return EvaluationContext(zoom: 5, feature: FeatureView(f))
    }

    @Test func parsesAndEvaluatesADataExpression() throws {
        let e = try Expression.parse(["+", ["get", "a"], 2], expecting: .number)
        #expect(e.type == .number)
        #expect(!e.isFeatureConstant)
        #expect(e.isZoomConstant)
        #expect(e.kind == .source)
        #expect(try e.evaluate(feature(["a": 40])).get() == .number(42))
    }

    @Test func typeErrorsCarryKeyPaths() {
        #expect(throws: ExpressionParseError.self) { try Expression.parse(["+", ["-", 0, [:]], 10]) }
        do {
            _ = try Expression.parse(["+", ["-", 0, [:]], 10])
        } catch {
            #expect(error.errors.first?.key == "[1][2]")
            #expect(error.errors.first?.message == "Bare objects invalid. Use [\"literal\", {...}] instead.")
        }
    }

    @Test func runtimeErrorsAreValues() throws {
        let e = try Expression.parse(["number", ["get", "x"]])
        guard case .failure(let err) = e.evaluate(feature(["x": "text"])) else {
            Issue.record("expected a runtime error")
            return
        }
        #expect(err.message == "Expected value to be of type number, but found string instead.")
    }

    @Test func zoomOnlyAsTopLevelCurveInput() {
        let spec = PropertySpecification(.number)
        #expect(throws: ExpressionParseError.self) { try Expression.parse(["+", ["zoom"], 1], for: spec) }
        #expect(throws: Never.self) { try Expression.parse(["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2], for: spec) }
    }

    @Test func interpolatesColoursPremultiplied() throws {
        let e = try Expression.parse(["interpolate", ["linear"], ["get", "mag"], 0, "yellow", 10, "red"], for: PropertySpecification(.color))
        let v = try e.evaluate(feature(["mag": 5])).get()
        let c = try #require(v.color)
        #expect(abs(c.premultiplied.g - 0.5) < 1e-9)
        #expect(c.description == "rgba(255,128,0,1)")
    }

    @Test func cssColours() {
        #expect(Color(css: "#f00")?.red == 1)
        #expect(Color(css: "rgba(0, 0, 255, 0.5)")?.premultiplied.b == 0.5)
        #expect(Color(css: "hsl(120, 100%, 50%)")?.green == 1)
        // MapLibre Native reads hsl() saturation and lightness without % as fractions.
        #expect(Color(css: "hsla(0, 0, 0, 0)") == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(Color(css: "hsl(120, 1, 0.5)") == Color(css: "hsl(120, 100%, 50%)"))
        #expect(Color(css: "rgb(10% 20 30)") == nil)
        #expect(Color(css: "nonsense") == nil)
    }

    @Test func hostileNestingErrorsOut() {
        var json: JSONValue = 1
        for _ in 0..<5000 { json = ["+", json, 1] }
        #expect(throws: ExpressionParseError.self) { try Expression.parse(json) }
        var overloaded: JSONValue = true
        for _ in 0..<150 { overloaded = ["all", overloaded, ["get", 1]] }
        #expect(throws: ExpressionParseError.self) { try Expression.parse(overloaded) }
        var literal: JSONValue = 1
        for _ in 0..<5000 { literal = [literal] }
        #expect(throws: ExpressionParseError.self) { try Expression.parse(["literal", literal]) }
    }

    @Test func hugeArraysAreHandled() throws {
        let big = JSONValue.array((0..<100_000).map { .int(Int64($0)) })
        let e = try Expression.parse(["length", ["literal", big]])
        #expect(try e.evaluate(EvaluationContext()).get() == .number(100_000))
    }

    @Test func legacyFunctionsConvert() throws {
        let spec = PropertySpecification(.number, isInterpolated: true)
        let json = LegacyFunction.convertFunction(["property": "p", "stops": [[0, 0], [10, 100]]], spec: spec)
        let e = try Expression.parse(json, for: spec)
        #expect(try e.evaluate(feature(["p": 5])).get() == .number(50))
    }

    @Test func legacyAndExpressionFilters() throws {
        let legacy = try FeatureFilter(["all", ["==", "type", "earthquake"], [">", "mag", 3]])
        #expect(legacy.evaluate(feature(["type": "earthquake", "mag": 4])))
        #expect(!legacy.evaluate(feature(["type": "earthquake", "mag": "4"])))
        let expr = try FeatureFilter(["all", ["==", ["get", "type"], "earthquake"], [">", ["get", "mag"], 3]])
        #expect(expr.evaluate(feature(["type": "earthquake", "mag": 4])))
        #expect(!expr.evaluate(feature(["type": "quarry", "mag": 4])))
        #expect(try FeatureFilter(nil).evaluate(EvaluationContext()))
        #expect(LegacyFilter.convert(["in", "$id", 1, 2, 3, 2, 1]) == ["match", ["id"], [1, 2, 3], true, false])
    }

    @Test func propertyValuesOfEveryKind() throws {
        let color = PropertySpecification(.color)
        #expect(try Expression.property("red", for: color).evaluate(EvaluationContext()).get().color == Color(css: "red"))
        let padding = PropertySpecification(.padding)
        #expect(try Expression.property([1, 2], for: padding).evaluate(EvaluationContext()).get() == .padding(Padding(values: [1, 2, 1, 2])))
        let width = try Expression.property(["stops": [[0, 1], [10, 11]]], for: PropertySpecification(.number))
        #expect(width.kind == .camera)
        #expect(try width.evaluate(EvaluationContext(zoom: 5)).get() == .number(6))
    }

    @Test func globalAndFeatureState() throws {
        let e = try Expression.parse(["coalesce", ["feature-state", "hover"], ["global-state", "fallback"]])
        var ctx = EvaluationContext(globalState: ["fallback": "g"])
        #expect(try e.evaluate(ctx).get() == .string("g"))
        ctx.featureState = ["hover": true]
        #expect(try e.evaluate(ctx).get() == .boolean(true))
    }
}

@Suite struct ValueFormattingTests {
    @Test func numbersPrintLikeJavaScript() {
        #expect(formatJSNumber(1) == "1")
        #expect(formatJSNumber(-0.5) == "-0.5")
        #expect(formatJSNumber(0.1 + 0.2) == "0.30000000000000004")
        #expect(formatJSNumber(1e21) == "1e+21")
        #expect(formatJSNumber(1.2345678901234568e20) == "123456789012345680000")
        #expect(formatJSNumber(0.000001) == "0.000001")
        #expect(formatJSNumber(1e-7) == "1e-7")
        #expect(formatJSNumber(1.5e300) == "1.5e+300")
        #expect(formatJSNumber(.nan) == "NaN")
    }

    @Test func toStringOfValues() throws {
        let e = try Expression.parse(["to-string", ["literal", ["a", 1, true, ["b"], ["literal-not": 1]]]])
        #expect(try e.evaluate(EvaluationContext()).get() == .string("[\"a\",1,true,[\"b\"],{\"literal-not\":1}]"))
    }
}

@Suite struct HostileValueTests {
    /// Extreme numbers must produce values or errors, never traps.
    @Test(arguments: [
        ["number-format", 1e300, ["min-fraction-digits": 1e300]] as JSONValue,
        ["number-format", -1e-300, [:]],
        ["slice", "abc", 1e300, -1e300],
        ["at", -1e300, ["literal", [1, 2]]],
        ["index-of", "a", "abc", 1e300],
        ["to-string", 1e300],
        ["within", ["type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 1], [0, 0]]]]],
        ["distance", ["type": "Point", "coordinates": [0, 0]]],
    ])
    func evaluatesWithoutTrapping(_ json: JSONValue) throws {
        // Constant subexpressions are folded at parse time, so a failure may surface as a parse error.
        guard let e = try? Expression.parse(json) else { return }
        var ctx = EvaluationContext(zoom: 1e300)
        ctx.canonical = TileID(z: 1_000_000, x: -5, y: Int.max / 2)
        ctx.feature = FeatureView(GeoJSONFeature(geometry: .point(Position(1e308, -1e308)), properties: [:]))
        _ = e.evaluate(ctx)
    }
}
