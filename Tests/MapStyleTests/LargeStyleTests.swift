import Foundation
import GeoJSON
import Testing
@testable import MapStyle

@Suite("Large styles load and validate in linear time")
struct LargeStyleTests {
    static func style(layers: Int, id: (Int) -> String) -> String {
        let items = (0..<layers).map { #"{"id":"\#(id($0))","type":"line","source":"s","paint":{"line-width":2}}"# }
        return #"{"version":8,"sources":{"s":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}},"layers":["# +
            items.joined(separator: ",\n") + "]}"
    }

    @Test("20,000 distinct layers validate clean and load into a style")
    func manyLayers() throws {
        let text = Self.style(layers: 20_000) { "l\($0)" }
        #expect(StyleValidator().validate(text).isEmpty)
        let style = try Style(parsing: text)
        #expect(style.layers.count == 20_000)
    }

    @Test("duplicate ids name the earlier line, at most ten earlier layers per layer")
    func duplicates() throws {
        let few = Self.style(layers: 3) { $0 == 2 ? "l0" : "l\($0)" }
        let messages = StyleValidator().validate(few).map(\.message)
        #expect(messages == [#"layers[2]: duplicate layer id "l0", previously used at line 1"#])
        let same = Self.style(layers: 500) { _ in "x" }
        let all = StyleValidator().validate(same).filter { $0.message.contains("duplicate layer id") }
        #expect(all.count == (1..<500).reduce(0) { $0 + min($1, 10) })
        #expect(throws: StyleError.duplicateLayerIdentifier("x")) { try Style(parsing: same) }
    }
}
