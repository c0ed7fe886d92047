import GeoJSON

/// Recognises GeoJSON objects (what the SDK turns into `MLNShape` constants).
enum FormatGeoJSON {
    static func isShape(_ o: JSONObject) -> Bool {
        guard case .string(let type)? = o["type"] else { return false }
        switch type {
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon":
            return o["coordinates"]?.array != nil
        case "GeometryCollection":
            return o["geometries"]?.array != nil
        case "Feature":
            guard let geometry = o["geometry"] else { return false }
            return geometry.isNull || geometry.object.map(isShape) == true
        case "FeatureCollection":
            return o["features"]?.array != nil
        default:
            return false
        }
    }
}
