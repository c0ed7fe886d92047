import Expressions
import GeoJSON
import Testing

/// Legacy `$type` filters compare the basic geometry type, as MapLibre Native's (and GL JS's)
/// legacy filters do: a MultiLineString is a "LineString", a vector tile's multi-part line too.
@Suite struct LegacyTypeFilterTests {
    func passes(_ filter: JSONValue, _ type: String) throws -> Bool {
        try FeatureFilter(filter).evaluate(EvaluationContext(zoom: 10, feature: FeatureView(properties: ["class": "a"], geometryType: type)))
    }

    @Test("==, !=, in and !in on $type match the multi-part forms too", arguments: [
        ("Point", "MultiPoint"), ("LineString", "MultiLineString"), ("Polygon", "MultiPolygon"),
    ])
    func multiPart(basic: String, multi: String) throws {
        let others = ["Point", "LineString", "Polygon"].filter { $0 != basic }
        for type in [basic, multi] {
            #expect(try passes(["==", "$type", .string(basic)], type), "\(type)")
            #expect(try !passes(["!=", "$type", .string(basic)], type), "\(type)")
            #expect(try passes(["in", "$type", .string(basic)], type), "\(type)")
            #expect(try passes(["in", "$type", .string(others[0]), .string(basic)], type), "\(type)")
            #expect(try !passes(["!in", "$type", .string(basic), .string(others[1])], type), "\(type)")
            #expect(try passes(["!in", "$type", .string(others[0]), .string(others[1])], type), "\(type)")
            #expect(try passes(["all", ["==", "$type", .string(basic)], ["==", "class", "a"]], type), "\(type)")
            #expect(try !passes(["==", "$type", .string(others[0])], type), "\(type)")
            #expect(try !passes(["==", "$type", .string(multi)], type), "the legacy filter knows only the basic names")
        }
    }

    @Test("a GeoJSON MultiLineString feature passes a LineString filter")
    func geoJSONFeature() throws {
        let feature = GeoJSONFeature(geometry: .multiLineString([PositionList([Position(0, 0), Position(1, 1)]),
                                                                PositionList([Position(2, 2), Position(3, 3)])]),
                                     properties: [:])
        #expect(try FeatureFilter(["==", "$type", "LineString"]).evaluate(feature))
        #expect(try !FeatureFilter(["==", "$type", "Polygon"]).evaluate(feature))
    }
}
