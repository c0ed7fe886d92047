import Foundation
import GeoJSON
@testable import MapStyle
import Testing

/// `ref` layers resolved as MapLibre Native's style parser resolves them.
@Suite struct LayerReferenceTests {
    static let style = #"""
        {"version": 8, "sources": {"s": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
         "layers": [
          {"id": "road", "type": "line", "source": "s", "source-layer": "roads", "minzoom": 5, "maxzoom": 18,
           "filter": ["==", "class", "motorway"], "layout": {"line-cap": "round"}, "paint": {"line-color": "red", "line-width": 4}},
          {"id": "road-casing", "ref": "road", "paint": {"line-color": "black", "line-width": 6}, "metadata": {"x": 1}},
          {"id": "road-casing-2", "ref": "road-casing", "paint": {"line-opacity": 0.5}}
         ]}
        """#

    @Test("a ref layer takes type, source, source-layer, zoom range, filter and layout from the layer it names; its paint stays")
    func resolves() throws {
        let document = try StyleDocument(parsing: Self.style)
        #expect(document.warnings.isEmpty)
        let casing = try #require(document.layers.first { $0.identifier == "road-casing" })
        #expect(casing.type == .line)
        #expect(casing.json["ref"] == nil)
        #expect(casing.sourceIdentifier == "s")
        #expect(casing.sourceLayerIdentifier == "roads")
        #expect(casing.minimumZoomLevel == 5 && casing.maximumZoomLevel == 18)
        #expect(casing.predicate == ["==", "class", "motorway"])
        #expect(casing.layout["line-cap"] == "round")
        #expect(casing.paint == ["line-color": "black", "line-width": 6])
        #expect(casing.json["metadata"] == ["x": 1])
        // A chain resolves too (Native parses the named layer first).
        let second = try #require(document.layers.first { $0.identifier == "road-casing-2" })
        #expect(second.type == .line && second.sourceLayerIdentifier == "roads" && second.paint == ["line-opacity": 0.5])
    }

    @Test("after resolution a ref layer is an ordinary layer: runtime styling changes it alone")
    func runtimeStyling() throws {
        let style = try Style(parsing: Self.style)
        try style.setValue("blue", forProperty: "line-color", ofLayer: "road-casing")
        try style.setPredicate(["==", "class", "trunk"], ofLayer: "road-casing")
        try style.updateLayer(withIdentifier: "road-casing") { $0.minimumZoomLevel = 9 }
        #expect(style.layer(withIdentifier: "road")?.predicate == ["==", "class", "motorway"])
        #expect(style.layer(withIdentifier: "road")?.minimumZoomLevel == 5)
        #expect(try style.value(forProperty: "line-color", ofLayer: "road") == "red")
        #expect(try style.value(forProperty: "line-color", ofLayer: "road-casing") == "blue")
        #expect(style.layer(withIdentifier: "road-casing")?.predicate == ["==", "class", "trunk"])
        // Removing the layer it named leaves it drawing.
        try style.removeLayer(withIdentifier: "road")
        #expect(style.layer(withIdentifier: "road-casing")?.sourceIdentifier == "s")
        #expect(try style.compiledLayers().count == 2)
    }

    @Test("an unknown, circular or non-string ref: a warning and that layer left out when tolerant, an error when strict")
    func unresolvable() throws {
        let text = #"""
            {"version": 8, "sources": {},
             "layers": [
              {"id": "bg", "type": "background"},
              {"id": "a", "ref": "nowhere"},
              {"id": "b", "ref": "c"},
              {"id": "c", "ref": "b"},
              {"id": "d", "ref": 7},
              {"id": "e", "ref": "bg", "paint": {"background-color": "red"}}
             ]}
            """#
        let document = try StyleDocument(parsing: text, reading: .tolerant)
        #expect(document.layers.map(\.identifier) == ["bg", "e"])
        #expect(document.warnings.map(\.path) == ["layers[1].ref", "layers[2].ref", "layers[3].ref", "layers[4].ref"])
        #expect(document.warnings[0].message.contains("unknown layer \"nowhere\""))
        #expect(document.warnings[1].message.contains("circular") && document.warnings[2].message.contains("circular"))
        #expect(document.warnings[3].message.contains("must be a string"))
        #expect(throws: StyleDocumentError.self) { try StyleDocument(parsing: text) }
        do { _ = try StyleDocument(parsing: text) } catch { #expect(error.path == "layers[1].ref") }
    }

    @Test("style validate reports ref problems as warnings; render tolerates them, and unknown properties, missing types and sources")
    func validatorSeverity() {
        let text = #"""
            {"version": 8, "sources": {},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-colour": "red"}},
                        {"id": "a", "ref": "nowhere"}, {"id": "b", "ref": "a"},
                        {"id": "t", "type": "lines", "source": "x"}, {"id": "m", "type": "fill", "source": "gone"},
                        {"id": "v", "type": "background", "paint": {"background-color": 5}}]}
            """#
        let messages = StyleValidator().validate(data: Data(text.utf8))
        let native = messages.map(\.withNativeSeverity)
        let refs = native.filter { $0.message.contains("ref") }
        #expect(!refs.isEmpty && refs.allSatisfy { $0.severity == .warning }, "\(refs)")
        #expect(native.contains { $0.severity == .error && $0.message.contains("background-colour") }, "validate stays strict otherwise")
        let tolerated = messages.filter(\.isToleratedByNative).map(\.message)
        #expect(tolerated.contains { $0.contains("unknown property \"background-colour\"") })
        #expect(tolerated.contains { $0.contains("layers[3].type") })
        #expect(tolerated.contains { $0.contains("source \"gone\" not found") })
        #expect(messages.contains { !$0.isToleratedByNative && $0.message.contains("background-color: color expected") })
    }

    @Test("a tolerant load leaves out layers without a valid type or naming a missing or incompatible source, with their paths")
    func tolerantLoad() throws {
        let text = #"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
                                       "weird": {"type": "canvas", "coordinates": []}},
             "layers": [{"id": "bg", "type": "background"},
                        {"id": "t", "type": "lines", "source": "g"},
                        {"id": "u", "source": "g"},
                        {"id": "m", "type": "fill", "source": "gone"},
                        {"id": "r", "type": "raster", "source": "g"},
                        {"id": "bg", "type": "background"},
                        {"id": "c", "type": "circle", "source": "g"}]}
            """#
        #expect(throws: StyleDocumentError.self) { try StyleDocument(parsing: text) }
        let document = try StyleDocument(parsing: text, reading: .tolerant)
        #expect(document.layers.map(\.identifier) == ["bg", "c"])
        #expect(document.sources.map(\.identifier) == ["g"])
        #expect(document.warnings.map(\.path) == ["sources.weird.type", "layers[1].type", "layers[2]", "layers[3]", "layers[4]", "layers[5]"])
        let style = try Style(document: document, reading: .tolerant)
        #expect(style.loadWarnings == document.warnings)
        #expect(style.loadWarnings[3].description.contains("\"gone\""))
        // Strict runtime loading is unchanged.
        var missing = StyleDocument()
        missing.layers = [StyleLayer(identifier: "x", type: .fill, sourceIdentifier: "nope")]
        #expect(throws: StyleError.missingSource(layer: "x", source: "nope")) { try Style(document: missing) }
        let tolerant = try Style(document: missing, reading: .tolerant)
        #expect(tolerant.layers.isEmpty && tolerant.loadWarnings.map(\.path) == ["layers[0]"])
    }
}
