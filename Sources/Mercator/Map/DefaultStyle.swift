public import GeoJSON
import MapStyle

/// A plain style for showing GeoJSON data on its own: polygons filled with an outline, lines,
/// and points as circles, over a light background.
public enum DefaultStyle {
    /// The style JSON drawing `data` (a GeoJSON object) from a source named `sourceIdentifier`.
    public static func json(for data: GeoJSONObject, sourceIdentifier: String = "data") -> JSONValue {
        let source: JSONValue = ["type": "geojson", "data": data.jsonValue]
        let polygons: JSONValue = ["match", ["geometry-type"], ["Polygon", "MultiPolygon"], true, false]
        let lines: JSONValue = ["match", ["geometry-type"], ["LineString", "MultiLineString"], true, false]
        let points: JSONValue = ["match", ["geometry-type"], ["Point", "MultiPoint"], true, false]
        let id = JSONValue.string(sourceIdentifier)
        let layers: [JSONValue] = [
            ["id": "background", "type": "background", "paint": ["background-color": "#f8f4f0"]],
            ["id": "polygons", "type": "fill", "source": id, "filter": polygons,
             "paint": ["fill-color": "#6fa8dc", "fill-opacity": 0.45, "fill-outline-color": "#3d6fa0"]],
            ["id": "polygon-outlines", "type": "line", "source": id, "filter": polygons,
             "paint": ["line-color": "#3d6fa0", "line-width": 1]],
            ["id": "lines", "type": "line", "source": id, "filter": lines,
             "layout": ["line-join": "round", "line-cap": "round"],
             "paint": ["line-color": "#c0392b", "line-width": 2]],
            ["id": "points", "type": "circle", "source": id, "filter": points,
             "paint": ["circle-color": "#e67e22", "circle-radius": 4, "circle-stroke-color": "#ffffff", "circle-stroke-width": 1]],
        ]
        return ["version": 8, "name": "Mercator default", "sources": .object([sourceIdentifier: source]), "layers": .array(layers)]
    }
}
