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

    @Test("arrays the size check leaves alone are read: metadata, inline data")
    func otherArraysRead() {
        var limits = Limits()
        limits.literalElements = 3
        let layers = (0..<3).map { #"{"id":"l\#($0)","type":"background"}"# }.joined(separator: ",")
        let text = #"{"version":8,"metadata":{"list":[1,2,3,4,5]},"sources":{"s":{"type":"geojson","data":{"type":"LineString","coordinates":[[0,0],[1,1],[2,2],[3,3]]}}},"layers":[\#(layers)]}"#
        #expect(StyleValidator(limits: limits).validate(text).isEmpty)
        let filter = #"{"version":8,"sources":{},"layers":[{"id":"b","type":"background","filter":["any",true,false,true]}]}"#
        #expect(StyleValidator(limits: limits).validate(filter).map(\.message)
            == ["layers[0].filter has 4 elements; the limit is 3 (Limits.literalElements)"])
    }
}
