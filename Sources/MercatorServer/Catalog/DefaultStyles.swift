import Foundation
import Mercator

/// Plain styles for data sets published without one: every source layer drawn as fills, lines
/// and circles (vector data), or the images (raster data).
enum DefaultStyles {
    private static let palette = ["#3d6fa0", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#2c3e50", "#b7950b"]

    /// The style for `data`, published as `id`: clients draw the server's vector tiles, Mercator the
    /// data itself (the GeoJSON file or the archive).
    static func style(for data: ServedData, id: String, fonts: URL?) -> ServedStyle {
        let publicSource: JSONValue = ["type": data.isVector ? "vector" : "raster",
                                       "url": .string("\(ServedStyle.basePlaceholder)/data/\(data.id).json")]
        var renderSource = data.renderSource
        if case .geojson = data.kind, case .object(var o) = renderSource {
            o["maxzoom"] = .int(Int64(data.maxZoom))
            renderSource = .object(o)
        }
        let isGeoJSON: Bool
        if case .geojson = data.kind { isGeoJSON = true } else { isGeoJSON = false }
        var layers: [JSONValue] = [["id": "background", "type": "background", "paint": ["background-color": "#f8f4f0"]]]
        if data.isVector {
            for (i, layer) in data.vectorLayers.enumerated() {
                guard let name = layer["id"]?.string else { continue }
                layers += vectorLayers(sourceLayer: name, color: palette[i % palette.count])
            }
        } else {
            layers.append(["id": "raster", "type": "raster", "source": "data"])
        }
        let size = MapSize(width: 1024, height: 768)
        let camera = (try? MapCamera.fitting(bounds: data.bounds, in: size, padding: EdgePadding(all: 20), maximumZoom: Double(max(data.maxZoom, 1))))
            ?? MapCamera()
        func document(source: JSONValue, sourceLayers: Bool) -> JSONValue {
            let styled = layers.map { layer -> JSONValue in
                guard !sourceLayers, case .object(var o) = layer else { return layer }
                o.removeValue(forKey: "source-layer")
                return .object(o)
            }
            return ["version": 8, "name": .string(data.name),
                    "center": [.double(camera.center.longitude), .double(camera.center.latitude)], "zoom": .double(camera.zoom),
                    "sources": ["data": source], "layers": .array(styled)]
        }
        // A GeoJSON source has no source layers: Mercator draws the file, clients its tiles (one layer named after the set).
        let render = document(source: renderSource, sourceLayers: !isGeoJSON)
        let published = document(source: publicSource, sourceLayers: true)
        _ = fonts
        return ServedStyle(id: id, name: data.name, renderJSON: render, publicJSON: published, directory: nil, spritePath: nil, camera: camera)
    }

    /// Fill, outline, line and circle layers for one source layer.
    private static func vectorLayers(sourceLayer: String, color: String) -> [JSONValue] {
        let polygons: JSONValue = ["match", ["geometry-type"], ["Polygon", "MultiPolygon"], true, false]
        let lines: JSONValue = ["match", ["geometry-type"], ["LineString", "MultiLineString"], true, false]
        let points: JSONValue = ["match", ["geometry-type"], ["Point", "MultiPoint"], true, false]
        let c = JSONValue.string(color), s = JSONValue.string(sourceLayer)
        return [
            ["id": .string("\(sourceLayer)-fill"), "type": "fill", "source": "data", "source-layer": s, "filter": polygons,
             "paint": ["fill-color": c, "fill-opacity": 0.35]],
            ["id": .string("\(sourceLayer)-outline"), "type": "line", "source": "data", "source-layer": s, "filter": polygons,
             "paint": ["line-color": c, "line-width": 1]],
            ["id": .string("\(sourceLayer)-line"), "type": "line", "source": "data", "source-layer": s, "filter": lines,
             "layout": ["line-join": "round", "line-cap": "round"], "paint": ["line-color": c, "line-width": 1.5]],
            ["id": .string("\(sourceLayer)-point"), "type": "circle", "source": "data", "source-layer": s, "filter": points,
             "paint": ["circle-color": c, "circle-radius": 3, "circle-stroke-color": "#ffffff", "circle-stroke-width": 1]],
        ]
    }
}
