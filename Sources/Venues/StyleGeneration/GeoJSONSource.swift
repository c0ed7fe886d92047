import GeoJSON

/// GeoJSON as ``JSONValue`` trees for inline style sources (through the GeoJSON module's encoder).
enum GeoJSONSource {
    static func feature(_ g: Geometry, properties: JSONObject) -> JSONValue {
        GeoJSONEncoding.jsonValue(GeoJSONFeature(geometry: g, properties: properties))
    }

    static func collection(_ features: [JSONValue]) -> JSONValue {
        ["type": "FeatureCollection", "features": .array(features)]
    }
}

/// The broad shape of a geometry, which decides the layer type that draws it.
enum GeometryShape {
    case point, line, polygon, other

    init(_ g: Geometry) {
        switch g {
        case .point, .multiPoint: self = .point
        case .lineString, .multiLineString: self = .line
        case .polygon, .multiPolygon: self = .polygon
        case .geometryCollection: self = .other
        }
    }
}
