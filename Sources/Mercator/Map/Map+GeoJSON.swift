public import Foundation
public import GeoJSON
import MapStyle
import Rendering

extension Map {
    /// Whether parsed JSON is a style document (it has `version` or `layers`) rather than GeoJSON:
    /// how `mercator render` tells a style from data.
    public static func isStyleDocument(_ json: JSONValue) -> Bool { json["version"] != nil || json["layers"] != nil }

    /// A map of GeoJSON data alone: drawn with ``DefaultStyle`` (points, lines and polygons styled
    /// by geometry type) and looking at the data whole, fitted with 20 points of padding and at most
    /// zoom 20 (an empty object gives the whole world).
    public convenience init(geoJSON object: GeoJSONObject, size: MapSize, styleDirectory: URL? = nil) throws {
        let style = try Style(document: StyleDocument(json: DefaultStyle.json(for: object)))
        var camera = MapCamera()
        if let bounds = GeoJSONSummary(object).bounds {
            camera = (try? MapCamera.fitting(bounds: bounds, in: size, padding: EdgePadding(all: 20), maximumZoom: 20)) ?? camera
        }
        self.init(style: style, camera: camera, size: size, styleDirectory: styleDirectory)
    }
}
