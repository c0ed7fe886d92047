import Foundation
import GeoJSON
import Testing
@testable import MapStyle

/// Issue 19: the validator refuses, by the limit's name, what the renderer should not be asked to draw.
@Suite("Style validation refuses styles past the limits, naming the limit")
struct StyleLimitsTests {
    static func style(layers: Int = 1, sources: Int = 1, paint: String = #""circle-radius":2"#) -> String {
        let s = (0..<sources).map { #""s\#($0)":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}"# }
        let l = (0..<layers).map { #"{"id":"l\#($0)","type":"circle","source":"s0","paint":{\#(paint)}}"# }
        return #"{"version":8,"sources":{\#(s.joined(separator: ","))},"layers":[\#(l.joined(separator: ","))]}"#
    }

    @Test("more layers or sources than the limit: one message naming Limits.layers / Limits.sources")
    func layersAndSources() {
        var limits = Limits()
        limits.layers = 50
        limits.sources = 4
        let validator = StyleValidator(limits: limits)
        #expect(validator.validate(Self.style(layers: 50)).isEmpty)
        let tooMany = validator.validate(Self.style(layers: 51)).map(\.message)
        #expect(tooMany == ["the style has 51 layers; the limit is 50 (Limits.layers)"])
        let sources = validator.validate(Self.style(sources: 5)).map(\.message)
        #expect(sources == ["the style has 5 sources; the limit is 4 (Limits.sources)"])
    }

    @Test("100,000 layers are refused by the default limit before any layer is checked")
    func hundredThousandLayers() {
        let messages = StyleValidator().validate(Self.style(layers: 100_000)).map(\.message)
        #expect(messages == ["the style has 100000 layers; the limit is 50000 (Limits.layers)"])
    }

    @Test("a 1e5-stop match or interpolate, a long literal: refused naming the path and Limits.literalElements")
    func longArrays() {
        let stops = (0..<100_000).map { "\($0),3" }.joined(separator: ",")
        let match = StyleValidator().validate(Self.style(paint: #""circle-radius":["match",["get","i"],\#(stops),1]"#))
        #expect(match.map(\.message) == ["layers[0].paint.circle-radius has 200003 elements; the limit is 65536 (Limits.literalElements)"])
        let interpolate = StyleValidator().validate(Self.style(paint: #""circle-radius":["interpolate",["linear"],["zoom"],\#(stops)]"#))
        #expect(interpolate.first?.message.contains("Limits.literalElements") == true)
        var limits = Limits()
        limits.literalElements = 10
        let literal = StyleValidator(limits: limits)
            .validate(Self.style(paint: #""circle-radius":["length",["literal",[1,2,3,4,5,6,7,8,9,10,11]]]"#))
        #expect(literal.map(\.message) == ["layers[0].paint.circle-radius[1][1] has 11 elements; the limit is 10 (Limits.literalElements)"])
        #expect(StyleValidator().validate(Self.style(paint: #""circle-radius":["length",["literal",[1,2,3]]]"#)).isEmpty)
    }

    @Test("nesting past the depth limit is a located syntax message, not a crash")
    func nesting() {
        var limits = Limits()
        limits.nestingDepth = 8
        let deep = Self.style(paint: #""circle-radius":["+",1,["+",1,["+",1,["+",1,["+",1,1]]]]]"#)
        let messages = StyleValidator(limits: limits).validate(deep)
        #expect(messages.count == 1)
        #expect(messages.first?.message.contains("deep") == true || messages.first?.message.contains("nest") == true)
    }
}

@Suite("Style limits leave inline GeoJSON data alone")
struct StyleLimitsDataTests {
    @Test("a source's inline data with 100,000 positions is not an over-long literal")
    func inlineDataIsNotALiteral() {
        let ring = (0..<100_000).map { "[\(Double($0) / 1000),\($0 % 2)]" }.joined(separator: ",")
        let style = #"{"version":8,"sources":{"s":{"type":"geojson","data":{"type":"LineString","coordinates":[\#(ring)]}}},"layers":[]}"#
        #expect(StyleValidator().validate(style).isEmpty)
        let properties = #"{"version":8,"sources":{"s":{"type":"geojson","data":{"type":"Point","coordinates":[0,0]},"clusterProperties":{"n":["+",["literal",[\#((0..<11).map(String.init).joined(separator: ","))]]]}}},"layers":[]}"#
        var limits = Limits()
        limits.literalElements = 10
        #expect(StyleValidator(limits: limits).validate(properties).first?.message.contains("sources.s.clusterProperties") == true)
    }
}
