@testable import FormatStrings
import GeoJSON
import Testing

@Suite struct ArgumentTests {
    @Test func jsonSpellings() throws {
        #expect(try FormatArgument(json: json("1")) == .integer(1))
        #expect(try FormatArgument(json: json("1.5")) == .number(1.5))
        #expect(try FormatArgument(json: json(#""rgba(1,2,3,0.5)""#)) == .color(FormatColor(red: 1, green: 2, blue: 3, alpha: 0.5)))
        #expect(try FormatArgument(json: json(#""rgb(1,2,3)""#), type: "constant") == .string("rgb(1,2,3)"))
        #expect(try FormatArgument(json: json(##""#ff8000""##), type: "color") == .color(FormatColor(red: 255, green: 128, blue: 0)))
        #expect(FormatColor(cssString: "#f80") == FormatColor(red: 255, green: 136, blue: 0))
        #expect(FormatColor(cssString: "#zz0000") == nil)
        #expect(try FormatArgument(json: json(#"{"5": 1}"#), type: "stops") == .stops([FormatArgumentStop(5, .integer(1))]))
        #expect(try FormatArgument(json: json(#"{"$expression": "a + %@", "$arguments": [1]}"#))
                == .expression(.function("add:to:", [.keyPath(["a"]), .integer(1)])))
        #expect(try FormatArgument(json: json(#"{"$predicate": "a == 1"}"#))
                == .predicate(.comparison(FormatComparison(.keyPath(["a"]), .equal, .integer(1)))))
        #expect(try FormatArgument(json: json(#"{"$offset": [1, 2]}"#)) == .offset(dx: 1, dy: 2))
        #expect(try FormatArgument(json: json(#"{"$class": "MLNPolyline"}"#)) == .className("MLNPolyline"))
        #expect(try FormatArgument(json: json(#"{"type": "Point", "coordinates": [0, 0]}"#)) == .shape(json(#"{"type": "Point", "coordinates": [0, 0]}"#)))
        #expect(try FormatArgument(json: json(#"{"type": "x"}"#)) == .dictionary([FormatArgumentEntry("type", .string("x"))]))
        #expect(formatError { _ = try FormatArgument(json: json(#"{"a": 1}"#), type: "stops") }?.kind == .argument)
        #expect(formatError { _ = try FormatArgument(json: json("1"), type: "shape") }?.kind == .argument)
    }

    @Test func attributedExpressions() throws {
        let arg = try FormatArgument(json: json(#"{"$attributed": {"expression": {"$expression": "name"}, "attributes": {"text-color": "rgba(255,0,0,1)", "font-scale": 2}}}"#))
        let e = try expressionJSON("mgl_attributed:(%@)", [arg])
        #expect(e == json(#"["format", ["get", "name"], {"text-color": ["rgb", 255, 0, 0], "font-scale": 2}]"#))
    }

    @Test func spellingsRoundTrip() throws {
        let samples: [FormatArgument] = [
            .null, .bool(true), .integer(-3), .number(0.25), .string("s"), .color(FormatColor(red: 1, green: 2, blue: 3, alpha: 0.5)),
            .array([.integer(1), .string("a")]), .dictionary([FormatArgumentEntry("k", .integer(1))]),
            .stops([FormatArgumentStop(1.5, .string("x"))]), .offset(dx: 1, dy: 2),
            .edgeInsets(top: 1, left: 2, bottom: 3, right: 4), .className("UIColor"),
            .expression(.function("uppercase:", [.keyPath(["a"])])),
            .predicate(.comparison(FormatComparison(.keyPath(["a"]), .less, .integer(2)))),
        ]
        for sample in samples {
            let type: String? = if case .stops = sample { "stops" } else { nil }
            let back = try FormatArgument(json: sample.jsonValue, type: type)
            #expect(back.expression.normalized() == sample.expression.normalized(), "\(sample)")
        }
    }
}
