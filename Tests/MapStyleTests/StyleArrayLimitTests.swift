import Foundation
import GeoJSON
import Testing
@testable import MapStyle

/// Issue 19: `StyleValidator.report(_:)` refuses an over-long array while reading the style text,
/// before the array's elements (and the document's line table) are built.
@Suite("Style text with an over-long array is refused while it is read")
struct StyleArrayLimitTests {
    @Test("the message names Limits.literalElements, the array's path and length, on the array's line")
    func refusedOnItsLine() {
        let stops = (0..<100_000).map { "\($0),3" }.joined(separator: ",")
        let text = """
            {"version":8,
             "sources":{"s":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}},
             "layers":[
              {"id":"a","type":"circle","source":"s"},
              {"id":"b","type":"circle","source":"s","paint":{"circle-radius":
                ["match",["get","i"],\(stops),1]}}]}
            """
        let messages = StyleValidator().validate(text)
        #expect(messages.map(\.message) == ["layers[1].paint.circle-radius has 200003 elements; the limit is 65536 (Limits.literalElements)"])
        #expect(messages.first?.line == 6)
    }

    @Test("the layers array and a source's inline data are not bounded by the literal limit")
    func layersAndInlineDataRead() {
        var limits = Limits()
        limits.literalElements = 3
        let layers = (0..<5).map { #"{"id":"l\#($0)","type":"background"}"# }.joined(separator: ",")
        let text = #"{"version":8,"metadata":{"list":[1,2,3]},"sources":{"s":{"type":"geojson","data":{"type":"LineString","coordinates":[[0,0],[1,1],[2,2],[3,3]]}}},"layers":[\#(layers)]}"#
        #expect(StyleValidator(limits: limits).validate(text).isEmpty)
        let filter = #"{"version":8,"sources":{},"layers":[{"id":"b","type":"background","filter":["any",true,false,true]}]}"#
        #expect(StyleValidator(limits: limits).validate(filter).map(\.message)
            == ["layers[0].filter has 4 elements; the limit is 3 (Limits.literalElements)"])
    }

    @Test("every array of a style is bounded: metadata, terrain, sky, a source's members, unknown members")
    func everyArrayBounded() {
        var limits = Limits()
        limits.literalElements = 3
        let cases: [(member: String, path: String)] = [
            (#""metadata":{"list":[1,2,3,4]}"#, "metadata.list"),
            (#""metadata":[1,2,3,4,5]"#, "metadata"),
            (#""terrain":{"source":"s","exaggeration":["interpolate",["linear"],["zoom"],0,1]}"#, "terrain.exaggeration"),
            (#""sky":{"sky-color":["literal",[1,2,3,4]]}"#, "sky.sky-color[1]"),
            (#""anything":[[1],[1,2,3,4]]"#, "anything[1]"),
            (#""center":[1,2,3,4]"#, "center"),
        ]
        for c in cases {
            let text = """
                {"version":8,
                 \(c.member),
                 "sources":{"s":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}},"layers":[]}
                """
            let messages = StyleValidator(limits: limits).validate(text)
            #expect(messages.count == 1, "\(c.path)")
            #expect(messages.first?.message.hasPrefix("\(c.path) has ") == true, "\(messages)")
            #expect(messages.first?.message.hasSuffix("the limit is 3 (Limits.literalElements)") == true, "\(messages)")
            #expect(messages.first?.line == 2, "\(c.path)")
        }
        let source = #"{"version":8,"sources":{"s":{"type":"vector","tiles":["a","b","c","d"]}},"layers":[]}"#
        #expect(StyleValidator(limits: limits).validate(source).map(\.message)
            == ["sources.s.tiles has 4 elements; the limit is 3 (Limits.literalElements)"])
        // the walk over an already parsed style finds the same
        let parsed = try? JSONValue(parsing: #"{"version":8,"metadata":[1,2,3,4],"sources":{},"layers":[]}"#)
        #expect(parsed.flatMap { StyleValidator.sizeProblem($0, limits: limits) }?.description
            == "metadata has 4 elements; the limit is 3 (Limits.literalElements)")
    }

    @Test("a 10-million-element metadata array is refused while it is read, naming its path and line")
    func hugeMetadata() {
        var text = #"{"version":8,"sources":{},"layers":[],"#
        text += "\n\"metadata\":{\"x\":["
        text += String(repeating: "0,", count: 10_000_000 - 1) + "0]}}"
        let messages = StyleValidator().validate(text)
        #expect(messages.map(\.message) == ["metadata.x has 10000000 elements; the limit is 65536 (Limits.literalElements)"])
        #expect(messages.first?.line == 2)
    }

    @Test("more layers than literalElements are counted against Limits.layers, not refused as a literal")
    func layersArrayIsNotALiteral() {
        var limits = Limits()
        limits.literalElements = 3
        limits.layers = 4
        let layers = (0..<5).map { #"{"id":"l\#($0)","type":"background"}"# }.joined(separator: ",")
        #expect(StyleValidator(limits: limits).validate(#"{"version":8,"sources":{},"layers":[\#(layers)]}"#).map(\.message)
            == ["the style has 5 layers; the limit is 4 (Limits.layers)"])
    }
}
