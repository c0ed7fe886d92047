import Foundation
import GeoJSON
import Testing
@testable import MapStyle

@Suite struct StyleRuntimeTests {
    func makeStyle() throws -> Style {
        let style = Style()
        try style.addSource(StyleSource.shape(identifier: "points", data: ["type": "FeatureCollection", "features": []]))
        try style.addSource(StyleSource.tiled(.raster, identifier: "imagery", tileURLTemplates: ["https://t/{z}/{x}/{y}.png"],
                                              options: [.tileSize: 256]))
        try style.addLayer(StyleLayer(identifier: "background", type: .background))
        try style.addLayer(StyleLayer(identifier: "dots", type: .circle, sourceIdentifier: "points"))
        return style
    }

    @Test func layersAreAddedAndOrdered() throws {
        let style = try makeStyle()
        try style.insertLayer(StyleLayer(identifier: "photo", type: .raster, sourceIdentifier: "imagery"), below: "dots")
        try style.insertLayer(StyleLayer(identifier: "halo", type: .circle, sourceIdentifier: "points"), above: "dots")
        try style.insertLayer(StyleLayer(identifier: "bottom", type: .background), at: 0)
        #expect(style.layers.map(\.identifier) == ["bottom", "background", "photo", "dots", "halo"])
        #expect(style.layer(withIdentifier: "photo")?.type == .raster)
        let removed = try style.removeLayer(withIdentifier: "photo")
        #expect(removed.identifier == "photo")
        #expect(style.layer(withIdentifier: "photo") == nil)
        #expect(throws: StyleError.layerNotFound("nope")) {
            try style.insertLayer(StyleLayer(identifier: "x", type: .background), below: "nope")
        }
    }

    @Test func refusedChangesThrowTypedErrors() throws {
        let style = try makeStyle()
        #expect(throws: StyleError.duplicateLayerIdentifier("dots")) {
            try style.addLayer(StyleLayer(identifier: "dots", type: .circle, sourceIdentifier: "points"))
        }
        #expect(throws: StyleError.duplicateSourceIdentifier("points")) {
            try style.addSource(StyleSource.shape(identifier: "points", url: "a.geojson"))
        }
        #expect(throws: StyleError.missingSource(layer: "lines", source: "roads")) {
            try style.addLayer(StyleLayer(identifier: "lines", type: .line, sourceIdentifier: "roads"))
        }
        #expect(throws: StyleError.sourceInUse(source: "points", layers: ["dots"])) {
            try style.removeSource(withIdentifier: "points")
        }
        #expect(throws: StyleError.incompatibleSource(layer: "r", layerType: .raster, sourceKind: .geojson)) {
            try style.addLayer(StyleLayer(identifier: "r", type: .raster, sourceIdentifier: "points"))
        }
        #expect(throws: StyleError.sourceNotFound("ghost")) { try style.removeSource(withIdentifier: "ghost") }
        try style.removeLayer(withIdentifier: "dots")
        try style.removeSource(withIdentifier: "points")
        #expect(style.source(withIdentifier: "points") == nil)
    }

    @Test func propertiesAreSetBySpecOrSwiftName() throws {
        let style = try makeStyle()
        try style.setValue(12, forProperty: "circle-radius", ofLayer: "dots")
        try style.setValue("map", forProperty: "circleScaleAlignment", ofLayer: "dots")
        try style.setValue(["interpolate", ["linear"], ["zoom"], 0, 1, 10, 5], forProperty: "circleStrokeWidth", ofLayer: "dots")
        #expect(try style.value(forProperty: "circleRadius", ofLayer: "dots") == 12)
        #expect(try style.value(forProperty: "circle-pitch-scale", ofLayer: "dots") == "map")
        #expect(style.layer(withIdentifier: "dots")?.paint["circle-pitch-scale"] == "map")

        #expect(throws: StyleError.unknownProperty(layerType: .circle, property: "fill-color")) {
            try style.setValue("red", forProperty: "fill-color", ofLayer: "dots")
        }
        #expect(throws: StyleError.invalidValue(layer: "dots", property: "circle-radius",
                                                message: "circle-radius: number expected, string found")) {
            try style.setValue("big", forProperty: "circle-radius", ofLayer: "dots")
        }
        #expect(throws: StyleError.invalidValue(layer: "dots", property: "circle-pitch-scale",
                                                message: "circle-pitch-scale: expected one of [map, viewport], \"sky\" found")) {
            try style.setValue("sky", forProperty: "circleScaleAlignment", ofLayer: "dots")
        }
        #expect(throws: StyleError.invalidValue(layer: "dots", property: "circle-color",
                                                message: "circle-color: color expected, \"nope\" found")) {
            try style.setValue("nope", forProperty: "circle-color", ofLayer: "dots")
        }
        try style.setValue(nil, forProperty: "circle-radius", ofLayer: "dots")
        #expect(try style.value(forProperty: "circle-radius", ofLayer: "dots") == nil)
        #expect(try style.layer(withIdentifier: "dots")?.effectiveValue(forProperty: "circle-radius") == 5)
    }

    @Test func layerMembersUseSDKNames() throws {
        let style = try makeStyle()
        try style.updateLayer(withIdentifier: "dots") { (layer: inout StyleLayer) throws(StyleError) in
            layer.predicate = [">", ["get", "mag"], 5]
            layer.minimumZoomLevel = 3
            layer.maximumZoomLevel = 15
            layer.isVisible = false
            try layer.setTransition(duration: 300, forProperty: "circle-radius")
        }
        let json = try #require(style.layer(withIdentifier: "dots")?.json)
        #expect(json["filter"] == [">", ["get", "mag"], 5])
        #expect(json["minzoom"] == 3.0 && json["maxzoom"] == 15.0)
        #expect(json["layout"]?["visibility"] == "none")
        #expect(json["paint"]?["circle-radius-transition"] == ["duration": 300.0, "delay": 0.0])
    }

    @Test func styleDocumentsLoadIntoAStyle() throws {
        let style = try Style(parsing: StyleDocumentTests.text)
        #expect(style.layers.count == 2)
        #expect(style.name == "Test")
        let again = try JSONValue(parsing: style.serialized())
        #expect(again == (try JSONValue(parsing: StyleDocumentTests.text)))
        let duplicate = #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}, {"id": "a", "type": "background"}]}"#
        #expect(throws: StyleError.duplicateLayerIdentifier("a")) { try Style(parsing: duplicate) }
        let missing = #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "fill", "source": "s"}]}"#
        #expect(throws: StyleError.missingSource(layer: "a", source: "s")) { try Style(parsing: missing) }
    }
}

@Suite struct StylePredicateTests {
    @Test func predicatesAreChecked() throws {
        let style = Style()
        try style.addSource(StyleSource.shape(identifier: "s", data: ["type": "FeatureCollection", "features": []]))
        try style.addLayer(StyleLayer(identifier: "l", type: .fill, sourceIdentifier: "s"))
        try style.setPredicate(["==", "class", "park"], ofLayer: "l")
        #expect(style.layer(withIdentifier: "l")?.predicate == ["==", "class", "park"])
        #expect(throws: StyleError.invalidValue(layer: "l", property: "filter",
                                                message: "filter[1]: string expected, number found")) {
            try style.setPredicate(["!has", 3], ofLayer: "l")
        }
        try style.setPredicate(nil, ofLayer: "l")
        #expect(style.layer(withIdentifier: "l")?.predicate == nil)
    }
}

@Suite struct StyleOperationTests {
    @Test func renderTestOperationsApply() throws {
        let style = Style()
        let operations: [JSONValue] = [
            ["addSource", "geojson", ["type": "geojson", "data": ["type": "Point", "coordinates": [0, 0]]]],
            ["addLayer", ["id": "circle", "type": "circle", "source": "geojson"]],
            ["addLayer", ["id": "background", "type": "background"], "circle"],
            ["setPaintProperty", "circle", "circle-radius", ["type": "identity", "property": "radius"]],
            ["setLayoutProperty", "background", "visibility", "none"],
            ["setFilter", "circle", ["has", "nonexistent"]],
            ["setLayerZoomRange", "circle", 1, 2],
        ]
        for json in operations {
            let operation = try #require(try StyleOperation(json: json))
            try style.apply(operation)
        }
        #expect(style.layers.map(\.identifier) == ["background", "circle"])
        let circle = try #require(style.layer(withIdentifier: "circle"))
        #expect(circle.paint["circle-radius"] == ["type": "identity", "property": "radius"])
        #expect(circle.predicate == ["has", "nonexistent"])
        #expect(circle.minimumZoomLevel == 1 && circle.maximumZoomLevel == 2)
        #expect(style.layer(withIdentifier: "background")?.isVisible == false)
        #expect(try StyleOperation(json: ["wait"]) == nil)
        #expect(try StyleOperation(json: ["setZoom", 3]) == nil)
        #expect(throws: StyleDocumentError.self) { try StyleOperation(json: ["removeLayer", 3]) }
        try style.apply(.removeLayer("circle"))
        try style.apply(.removeSource("geojson"))
        #expect(style.sources.isEmpty)
    }
}
