import Foundation
import Testing
@testable import GeoJSON

@Suite("SDK shapes and features")
struct ShapeTests {
    @Test("LocationCoordinate2D is latitude first; GeoJSON positions are longitude first")
    func coordinateOrder() throws {
        let point = PointAnnotation(coordinate: LocationCoordinate2D(latitude: 45.5, longitude: -122.25), title: "Portland")
        #expect(point.geoJSONString() == #"{"type":"Point","coordinates":[-122.25,45.5]}"#)
        let decoded = try ShapeDecoding.shape(from: Data(#"{"type":"Point","coordinates":[-122.25,45.5]}"#.utf8))
        let p = try #require(decoded as? PointAnnotation)
        #expect(p.coordinate.latitude == 45.5 && p.coordinate.longitude == -122.25)
    }

    @Test("each geometry decodes to its shape type and writes back identically", arguments: [
        (#"{"type":"Point","coordinates":[1,2]}"#, "PointAnnotation"),
        (#"{"type":"MultiPoint","coordinates":[[1,2],[3,4]]}"#, "PointCollection"),
        (#"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#, "Polyline"),
        (#"{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[[5,6],[7,8]]]}"#, "MultiPolyline"),
        (#"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]}"#, "Polygon"),
        (#"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[5,5],[6,5],[6,6],[5,5]]]]}"#, "MultiPolygon"),
        (#"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[1,2],[3,4]]}]}"#, "ShapeCollection"),
    ])
    func geometryShapes(text: String, typeName: String) throws {
        let shape = try ShapeDecoding.shape(from: Data(text.utf8))
        #expect(String(describing: type(of: shape)) == typeName)
        #expect(shape.geoJSONString() == text)
    }

    @Test("polygon holes are interiorPolygons")
    func interiorPolygons() throws {
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[2,4],[4,4],[4,2],[2,2]]]}"#
        let polygon = try #require(try ShapeDecoding.shape(from: Data(text.utf8)) as? Polygon)
        #expect(polygon.coordinates.count == 5)
        #expect(polygon.interiorPolygons.count == 1)
        #expect(polygon.interiorPolygons[0].coordinates[1] == LocationCoordinate2D(latitude: 4, longitude: 2))
        let built = Polygon(
            coordinates: [.init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 10), .init(latitude: 10, longitude: 10), .init(latitude: 10, longitude: 0), .init(latitude: 0, longitude: 0)],
            interiorPolygons: [Polygon(coordinates: [.init(latitude: 2, longitude: 2), .init(latitude: 4, longitude: 2), .init(latitude: 4, longitude: 4), .init(latitude: 2, longitude: 4), .init(latitude: 2, longitude: 2)])])
        #expect(built == polygon)
    }

    @Test("features: one type per geometry, identifier and attributes, geoJSONDictionary")
    func features() throws {
        let text = #"{"type":"Feature","id":42,"geometry":{"type":"LineString","coordinates":[[170,0],[-170,1]]},"properties":{"name":"dateline","lanes":2,"width":3.5}}"#
        let feature = try #require(try ShapeDecoding.shape(from: Data(text.utf8)) as? PolylineFeature)
        #expect(feature.identifier == .int(42))
        #expect(feature.attribute(forKey: "name") == "dateline")
        #expect(feature.attribute(forKey: "lanes") == .int(2))
        #expect(feature.attribute(forKey: "width") == .double(3.5))
        #expect(feature.attribute(forKey: "missing") == nil)
        // Straddles the antimeridian: coordinates are kept, never normalised.
        #expect(feature.coordinates.map(\.longitude) == [170, -170])
        let dict = feature.geoJSONDictionary()
        #expect(dict["type"] == "Feature" && dict["id"] == .int(42))
        #expect(dict["properties"]?["lanes"] == .int(2))
        #expect(dict["geometry"]?["type"] == "LineString")
        #expect(feature.geoJSONString() == text)

        let kinds: [(String, any Feature.Type)] = [
            (#"{"type":"Point","coordinates":[1,2]}"#, PointFeature.self),
            (#"{"type":"MultiPoint","coordinates":[[1,2]]}"#, PointCollectionFeature.self),
            (#"{"type":"MultiLineString","coordinates":[[[1,2],[3,4]]]}"#, MultiPolylineFeature.self),
            (#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#, PolygonFeature.self),
            (#"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]]]}"#, MultiPolygonFeature.self),
            (#"{"type":"GeometryCollection","geometries":[]}"#, ShapeCollectionFeature.self),
        ]
        for (geometry, expected) in kinds {
            let t = #"{"type":"Feature","geometry":"# + geometry + #","properties":{"k":"v"}}"#
            let f = try ShapeDecoding.shape(from: Data(t.utf8))
            #expect(type(of: f) == expected)
            #expect(f.geoJSONString() == t)
        }
    }

    @Test("a FeatureCollection is a ShapeCollectionFeature of features, written back identically")
    func collections() throws {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},{"type":"Feature","geometry":null,"properties":null}],"name":"kept"}"#
        let collection = try #require(try ShapeDecoding.shape(from: Data(text.utf8)) as? ShapeCollectionFeature)
        #expect(collection.features.count == 2)
        #expect(collection.features[0] is PointFeature)
        #expect(collection.features[1] is NullGeometryFeature)
        #expect(collection.geoJSONString() == text)
        // Built from scratch.
        var point = PointFeature(shape: PointAnnotation(coordinate: .init(latitude: 2, longitude: 1)))
        point.identifier = "p"
        point.attributes["kind"] = "cafe"
        point.coordinate.latitude = 3
        let built = ShapeCollectionFeature(features: [point])
        #expect(built.geoJSONString() == #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"p","geometry":{"type":"Point","coordinates":[1,3]},"properties":{"kind":"cafe"}}]}"#)
    }
}
