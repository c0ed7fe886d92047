import Foundation
import Geo
import JSON
@testable import Mercator
import MapStyle
import Testing

/// The globe past a covering zoom of 5, where a GeoJSON source is drawn from its tiles (found by random cases with
/// `scripts/gljs_random_cases.py --deep`, drawn by GL JS 5.24): a heatmap's tiles add their kernels into one density
/// texture, and a solid taller than the camera's height is cut at the near plane.
struct GlobeDeepZoomTests {
    static func map(_ style: JSONObject, zoom: Double, center: LocationCoordinate2D) throws -> Map {
        Map(style: try Style(document: StyleDocument(json: .object(style))), camera: MapCamera(center: center, zoom: zoom),
            size: MapSize(width: 256, height: 256))
    }

    static func point(_ longitude: Double, _ latitude: Double, weight: Double) -> JSONValue {
        ["type": "Feature", "properties": ["w": .double(weight)],
         "geometry": ["type": "Point", "coordinates": [.double(longitude), .double(latitude)]]]
    }

    /// Pixels painted over the white background.
    static func painted(_ s: MapSnapshot) -> Int {
        let image = s.image
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                if abs(Int(p[0]) - 255) + abs(Int(p[1]) - 255) + abs(Int(p[2]) - 255) > 6 { count += 1 }
            }
        }
        return count
    }

    @Test("a heatmap's tiles share one density texture: crossing a covering zoom of 5 leaves its kernels as they were")
    func heatmapTilesShareOneDensityTexture() throws {
        // random case 19-023: points near tile corners at zoom 5 lie in several tiles' buffers; each tile coloured its
        // own density (and counted the others' buffer points) drew the kernels' rims as rings, 9 % larger at zoom 5.0
        // than at 4.99, where the source is drawn whole (GL JS: 8,950 pixels against 8,955)
        let center = LocationCoordinate2D(latitude: -22.454, longitude: 92.837)
        let points: [JSONValue] = [Self.point(97.545, -22.9811, weight: 0.07), Self.point(92.8117, -22.5904, weight: 0.91),
                                   Self.point(95.2798, -20.5696, weight: 0.43), Self.point(93.6423, -22.9611, weight: 0.49),
                                   Self.point(92.9406, -21.9136, weight: 0.8)]
        let style: JSONObject = ["version": 8, "projection": ["type": "vertical-perspective"], "sky": ["atmosphere-blend": 0.0],
                                 "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(points)]]],
                                 "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                                            ["id": "heat", "type": "heatmap", "source": "points",
                                             "paint": ["heatmap-radius": 30, "heatmap-weight": ["get", "w"], "heatmap-opacity": 0.8]]]]
        let whole = Self.painted(try Self.map(style, zoom: 4.999, center: center).snapshot())
        let tiled = Self.painted(try Self.map(style, zoom: 5.0, center: center).snapshot())
        #expect(whole > 2000, "\(whole)")
        #expect(abs(tiled - whole) * 100 < whole, "zoom 5.0: \(tiled) pixels, zoom 4.999: \(whole)")
    }

    @Test("a solid taller than the camera's height is cut at the near plane, not left out")
    func extrusionThroughTheCameraIsCut() throws {
        // random case 19-040: vertical perspective at zoom 11.58 (the camera some 9 km up), a block 100 km high beside the
        // view's centre: GL JS draws its walls up to its near plane, Mercator drew nothing
        let center = LocationCoordinate2D(latitude: 26.413, longitude: -47.199)
        let ring: JSONValue = [[-47.1877, 26.4252], [-47.1509, 26.4252], [-47.1509, 26.4436], [-47.1877, 26.4436], [-47.1877, 26.4252]]
        let block: JSONValue = ["type": "Feature", "properties": [:], "geometry": ["type": "Polygon", "coordinates": [ring]]]
        let style: JSONObject = ["version": 8, "projection": ["type": "vertical-perspective"], "sky": ["atmosphere-blend": 0.0],
                                 "sources": ["block": ["type": "geojson", "data": ["type": "FeatureCollection", "features": [block]]]],
                                 "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                                            ["id": "solid", "type": "fill-extrusion", "source": "block",
                                             "paint": ["fill-extrusion-color": "#d02080", "fill-extrusion-height": 100_000]]]]
        let s = try Self.map(style, zoom: 11.58, center: center).snapshot()
        // the block lies to the north-east: its walls rise past the camera over the view's upper right (5,451 pixels;
        // none before, every wall having a corner behind the camera); the case itself, turned, passes against GL JS
        #expect(Self.painted(s) > 4000, "\(Self.painted(s))")
    }
}
