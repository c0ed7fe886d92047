import Expressions
import GeoJSON
import Testing

/// `FilterPredicate` answers a layer filter straight from a feature's properties and type; its answer must be the
/// expression evaluator's for every feature. Each filter here is checked both ways on features whose properties are
/// absent, null, strings, integers, doubles, booleans, arrays and objects, with single and multi-part geometries and
/// a vector tile's deferred geometry.
@Suite struct FilterPredicateTests {
    /// Filters of the shapes production styles use (legacy and expression syntax): each compiles to a predicate.
    static let fastFilters: [JSONValue] = [
        true, false,
        ["==", "class", "motorway"], ["!=", "class", "motorway"], ["==", "admin_level", 2], ["!=", "admin_level", 2],
        ["==", "oneway", true], ["==", "rank", 1.5],
        ["in", "class", "motorway", "trunk", "primary"], ["!in", "class", "motorway", "trunk"], ["in", "admin_level", 2, 4, "6"],
        ["has", "name"], ["!has", "name"], ["has", "nothing"],
        ["==", "$type", "LineString"], ["!=", "$type", "Polygon"], ["in", "$type", "Point", "Polygon"], ["!in", "$type", "Point"],
        ["all", ["==", "$type", "LineString"], ["in", "class", "motorway", "trunk"], ["!=", "brunnel", "tunnel"]],
        ["any", ["==", "class", "rail"], ["all", ["has", "name"], ["!has", "ref"]]],
        ["none", ["==", "class", "rail"], ["==", "class", "motorway"]],
        ["all"], ["any"],
        ["==", ["get", "class"], "motorway"], ["!=", ["get", "class"], "motorway"], ["==", "motorway", ["get", "class"]],
        ["==", ["get", "admin_level"], 2], ["!=", ["get", "oneway"], true],
        ["==", ["geometry-type"], "Polygon"], ["==", ["geometry-type"], "MultiLineString"], ["!=", ["geometry-type"], "Point"],
        ["in", ["get", "class"], ["literal", ["motorway", "trunk"]]], ["in", ["get", "admin_level"], ["literal", [2, 4]]],
        ["in", ["get", "class"], ["literal", []]],
        ["match", ["get", "class"], ["motorway", "trunk"], true, "primary", false, false],
        ["match", ["get", "class"], ["motorway"], false, true],
        ["match", ["get", "admin_level"], [2, 4], true, false],
        ["match", ["geometry-type"], ["LineString", "MultiLineString"], true, false],
        ["!", ["has", "name"]], ["all", ["has", "name"], ["!", ["match", ["get", "class"], "rail", true, false]]],
    ]

    /// Filters the predicate leaves to the expression evaluator.
    static let slowFilters: [JSONValue] = [
        [">", "admin_level", 2], ["==", "$id", 1], ["<", ["get", "rank"], 3], ["==", ["zoom"], 3],
        ["==", ["get", "class"], ["get", "subclass"]], ["==", "class", JSONValue.null],
        ["all", ["==", "class", "a"], [">=", ["get", "rank"], 1]], ["match", ["get", "class"], "a", ["get", "flag"], false],
    ]

    static let properties: [JSONObject] = [
        JSONObject(),
        ["class": "motorway", "admin_level": 2, "oneway": true, "name": "A1", "rank": 1.5],
        ["class": "trunk", "admin_level": 4.0, "brunnel": "tunnel", "ref": "E18"],
        ["class": "rail", "admin_level": "2", "oneway": false, "name": .null],
        ["class": "primary", "admin_level": 6, "rank": .uint(3), "brunnel": "bridge"],
        ["class": ["motorway"], "admin_level": ["x": 2], "name": "B"],
        ["class": "Motorway", "subclass": "Motorway", "admin_level": -2],
    ]

    static let geometries: [Geometry] = {
        let line = PositionList([Position(0, 0), Position(1, 1)])
        let ring = PositionList([Position(0, 0), Position(1, 0), Position(1, 1), Position(0, 0)])
        return [.point(Position(1, 2)), .multiPoint(PositionList([Position(1, 2)])), .lineString(line), .multiLineString([line]),
                .polygon([ring]), .multiPolygon([[ring]])]
    }()

    /// The expression evaluator's answer (the predicate is not asked).
    func evaluated(_ filter: FeatureFilter, _ feature: GeoJSONFeature) -> Bool {
        filter.evaluate(EvaluationContext(zoom: 12, feature: FeatureView(feature, geometry: true)))
    }

    @Test("every filter of the production shapes compiles to a predicate whose answer is the evaluator's", arguments: Self.fastFilters)
    func sameAnswers(_ json: JSONValue) throws {
        let filter = try FeatureFilter(json)
        let predicate = try #require(filter.predicate, "no predicate for \(json.serialized())")
        for properties in Self.properties {
            for geometry in Self.geometries {
                let feature = GeoJSONFeature(geometry: geometry, properties: properties)
                #expect(predicate.evaluate(feature) == evaluated(filter, feature),
                        "\(json.serialized()) on \(properties) \(geometry.type.rawValue)")
            }
            let deferred = GeoJSONFeature(identifier: nil, deferredGeometry: TileLines(), index: 0, properties: properties)
            #expect(predicate.evaluate(deferred) == evaluated(filter, deferred), "\(json.serialized()) on a tile's multi-part line")
        }
    }

    @Test("other shapes are left to the expression evaluator", arguments: Self.slowFilters)
    func otherShapesHaveNoPredicate(_ json: JSONValue) throws {
        #expect(try FeatureFilter(json).predicate == nil, "\(json.serialized())")
    }

    @Test("a missing filter has no predicate and passes everything")
    func noFilter() throws {
        let filter = try FeatureFilter(nil)
        #expect(filter.predicate == nil && filter.passesEverything)
    }
}

/// A vector tile's feature in miniature: a two-part line kept as the tile keeps it, its basic type `LineString`.
private final class TileLines: DeferredGeometrySource {
    func geometry(at index: Int) -> Geometry? {
        .multiLineString([PositionList([Position(0, 0), Position(1, 1)]), PositionList([Position(2, 2), Position(3, 3)])])
    }
    func geometryType(at index: Int) -> GeometryType? { .multiLineString }
    func basicGeometryType(at index: Int) -> GeometryType? { .lineString }
}
