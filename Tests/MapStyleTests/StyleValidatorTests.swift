import Expressions
import GeoJSON
import Testing
@testable import MapStyle

@Suite struct StyleValidatorTests {
    @Test func reportsMessagesWithLines() {
        let text = """
        {
          "version": 8,
          "sources": {"s": {"type": "geojson", "data": {}}},
          "layers": [
            {"id": "a", "type": "fill", "source": "s",
             "paint": {"fill-color": 3, "fill-opacity": 1.5}},
            {"id": "a", "type": "circle", "source": "s", "paint": {"circle-radius": -0.5}}
          ]
        }
        """
        let messages = StyleValidator.validate(text)
        #expect(messages == [
            ValidationMessage(message: "layers[0].paint.fill-color: color expected, number found", line: 6),
            ValidationMessage(message: "layers[0].paint.fill-opacity: 1.5 is greater than the maximum value 1", line: 6),
            ValidationMessage(message: "layers[1]: duplicate layer id \"a\", previously used at line 5", line: 7),
            ValidationMessage(message: "layers[1].paint.circle-radius: -0.5 is less than the minimum value 0", line: 7),
        ])
    }

    @Test func syntaxErrorsAreOneMessage() {
        let messages = StyleValidator.validate("{\n  \"version\": 8,\n  oops\n}")
        #expect(messages.count == 1)
        #expect(messages.first?.line == 3)
    }

    @Test func javaScriptNumberFormatting() {
        #expect(JavaScript.number(1.0) == "1")
        #expect(JavaScript.number(-0.5) == "-0.5")
        #expect(JavaScript.number(0.33) == "0.33")
        #expect(JavaScript.number(1e21) == "1e+21")
        #expect(JavaScript.number(123456789012345680000.0) == "123456789012345680000")
        #expect(JavaScript.number(0.000001) == "0.000001")
        #expect(JavaScript.number(1e-7) == "1e-7")
        #expect(JavaScript.number(1.5e-10) == "1.5e-10")
        #expect(JavaScript.stringify(["a", 1.0, true, .null, ["k": "v"]]) == #"["a",1,true,null,{"k":"v"}]"#)
    }

    @Test func cssColors() {
        for good in ["red", "#fff", "#ffff", "#a0b1c2", "#a0b1c2d3", "rgb(1, 2, 3)", "rgba(1,2,3,0.5)", "rgb(1 2 3 / 50%)",
                     "hsl(120, 50%, 50%)", "hsla(120deg 50% 50% / 0.5)", "transparent", " RED ",
                     "hsl(1, 2, 3)", "hsla(0, 0, 0, 0)"] {  // MapLibre Native reads bare s/l as fractions

            #expect(Color(css: good) != nil, "\(good)")
        }
        for bad in ["__proto__", "not a color", "#ff", "rgb(1, 2)", "rgb(1 2, 3)", "rgb(1%, 2, 3)", "hsl(1 2, 3)", ""] {
            #expect(Color(css: bad) == nil, "\(bad)")
        }
    }

    @Test func lineLessMessagesKeepTheirPlaceLikeV8Sort() {
        let a = ValidationMessage(message: "a", line: 5)
        let b = ValidationMessage(message: "b", line: nil)
        let c = ValidationMessage(message: "c", line: 3)
        let d = ValidationMessage(message: "d", line: 9)
        #expect(StyleValidator.sortedByLine([a, b, c, d]).map(\.message) == ["a", "b", "c", "d"])
        #expect(StyleValidator.sortedByLine([d, a, c]).map(\.message) == ["c", "a", "d"])
    }

    @Test func expressionsGoThroughTheHook() {
        struct Stub: ExpressionValidating {
            func validate(_ request: ExpressionValidationRequest) -> ExpressionValidationResult {
                if request.context == .filter { return .errors([ExpressionIssue(key: "[1]", message: "stub error")]) }
                return .valid(ExpressionTraits(isFeatureConstant: false, isZoomConstant: true, isStateConstant: true,
                                               isZoomAndStateConstant: true, isOutputDefined: true, zoomCurve: .absent))
            }
        }
        let text = """
        {"version": 8, "sources": {"s": {"type": "geojson", "data": {}}}, "layers": [
          {"id": "a", "type": "fill", "source": "s", "filter": ["==", ["get", "x"], 1],
           "paint": {"fill-antialias": ["get", "aa"]}}
        ]}
        """
        let report = StyleValidator(expressions: Stub()).report(text)
        #expect(report.messages.map(\.message) == [
            "layers[0].filter[1]: stub error",
            "layers[0].paint.fill-antialias: data expressions not supported",
        ])
        let unchecked = StyleValidator(expressions: UnavailableExpressionValidator()).report(text)
        #expect(unchecked.messages.isEmpty)
        #expect(unchecked.uncheckedExpressions == ["layers[0].filter", "layers[0].paint.fill-antialias"])
        // The default validator parses expressions with the Expressions module.
        let checked = StyleValidator().report(text)
        #expect(checked.messages.map(\.message) == ["layers[0].paint.fill-antialias: data expressions not supported"])
        #expect(checked.uncheckedExpressions.isEmpty)
    }
}

@Suite struct StyleValidatorReferenceCaseTests {
    func messages(_ text: String) -> [String] {
        StyleValidator.validate(text).map { "\($0.line.map(String.init) ?? "-"): \($0.message)" }
    }

    @Test func rootMembers() {
        #expect(messages("{\n  \"version\": 8,\n  \"center\": [12.3, 45.6, 0],\n  \"sources\": {},\n  \"layers\": []\n}\n")
            == ["3: center: array length 2 expected, length 3 found"])
        #expect(messages("{\n  \"version\": 8,\n  \"centerAltitude\": \"123.4\",\n  \"sources\": {},\n  \"layers\": []\n}\n")
            == ["3: centerAltitude: number expected, string found"])
        #expect(messages("{\n}") == ["1: missing required property \"version\"", "1: missing required property \"sources\"",
                                     "1: missing required property \"layers\""])
    }

    @Test func fontFaces() {
        let text = "{\n  \"version\": 8,\n  \"sources\": {},\n  \"layers\": [],\n  \"font-faces\": {\n    \"Noto Sans\": [{\n      \"unicode-range\": [\"U+1780-17FF\", \"17FF\"],\n      \"size\": 12\n    }],\n    \"Unifont\": 42\n  }\n}\n"
        #expect(messages(text) == [
            "6: font-faces.Noto Sans[0]: missing required property \"url\"",
            "7: font-faces.Noto Sans[0].unicode-range[1]: invalid unicode range, expected a value such as \"U+26\", \"U+0-10FFFF\" or \"U+4??\"",
            "8: font-faces.Noto Sans[0]: unknown property \"size\"",
            "10: font-faces.Unifont: string or array expected, number found",
        ])
        let ranges = #"{"version": 8, "sources": {}, "layers": [], "font-faces": {"F": [{"url": "a", "unicode-range": ["U+4??", "U+??????", "U+0???????", "U+110000", "U+20-10", "U+0-10FFFF", "U+26"]}]}}"#
        #expect(messages(ranges) == [
            "1: font-faces.F[0].unicode-range[2]: invalid unicode range, expected a value such as \"U+26\", \"U+0-10FFFF\" or \"U+4??\"",
            "1: font-faces.F[0].unicode-range[3]: unicode range is out of bounds, the maximum code point is U+10FFFF",
            "1: font-faces.F[0].unicode-range[4]: unicode range start must not be greater than its end, but U+20-10 is",
        ])
    }

    @Test func paintPropertiesAndTransitions() {
        let text = """
        {"version": 8, "sources": {"s": {"type": "geojson", "data": {}}}, "layers": [
        {"id": "a", "type": "fill", "source": "s", "paint": {
          "fill-opacity-transition": {"duration": 1, "delay": -1, "bad": 2},
          "bad-transition": {}, "fill-antialias-transition": {}, "fill-opacity": "{opacity}",
          "fill-color": {"property": "p", "stops": [[{"zoom": 1, "value": 1, "magic": 2}, "red"]]}}}
        ]}
        """
        #expect(messages(text) == [
            "3: layers[0].paint.fill-opacity-transition.delay: -1 is less than the minimum value 0",
            "3: layers[0].paint.fill-opacity-transition: unknown property \"bad\"",
            "4: layers[0].paint.bad-transition: unknown property \"bad-transition\"",
            "4: layers[0].paint.fill-antialias-transition: unknown property \"fill-antialias-transition\"",
            "4: layers[0].paint.fill-opacity: \"fill-opacity\" does not support interpolation syntax\nUse an identity property function instead: `{ \"type\": \"identity\", \"property\": \"opacity\" }`.",
            "5: layers[0].paint.fill-color.stops[0][0]: unknown property \"magic\"",
        ])
    }
}

@Suite struct StyleValidatorRobustnessTests {
    @Test func deeplyNestedValuesDoNotExhaustTheStack() {
        let depth = 150
        let stops = String(repeating: "{\"stops\": [[0, ", count: depth) + "1" + String(repeating: "]]}", count: depth)
        let text = #"{"version": 8, "sources": {}, "layers": [{"id": "b", "type": "background", "paint": {"background-opacity": "# + stops + "}}]}"
        let messages = StyleValidator.validate(text)
        #expect(messages.contains { $0.message.contains("not validated further") })
        let filter = String(repeating: "[\"all\", ", count: depth) + "true" + String(repeating: "]", count: depth)
        let text2 = #"{"version": 8, "sources": {"s": {"type": "geojson", "data": {}}}, "layers": [{"id": "c", "type": "circle", "source": "s", "filter": "# + filter + "}]}"
        _ = StyleValidator.validate(text2)
    }

    @Test func garbageNeverCrashes() {
        for text in ["", "null", "[]", "8", #"{"version": "8", "sources": [], "layers": {}}"#,
                     #"{"version": 8, "sources": {"a": null, "b": 3, "c": {"type": 5}}, "layers": [null, 1, {"id": null, "ref": null}]}"#,
                     #"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "fill", "source": "a", "paint": {"fill-color": {"stops": [[{}, 1], null, [{"zoom": "a", "value": null}, 2]]}}}]}"#] {
            _ = StyleValidator.validate(text)
            _ = try? StyleDocument(parsing: text)
        }
    }
}
