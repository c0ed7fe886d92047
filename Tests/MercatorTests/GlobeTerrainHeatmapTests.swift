import Foundation
import Geo
import JSON
@testable import Mercator
import MapStyle
import Testing

/// Heatmaps on the globe with terrain (docs/3d.md, "Terrain on the globe"): GL JS draws each tile's kernels into a
/// framebuffer of the tile's size (512 x 512) rather than a quarter of the canvas, so kernels near the limb, foreshortened
/// to slivers on the sphere, stay sharp instead of being blurred into blobs. The figures were measured on GL JS 5.24's
/// pictures of the same styles (`reference-render-gljs`): 36 cyan pixels with terrain, 4 without; coloured columns up to
/// 195 with terrain, 197 without.
struct GlobeTerrainHeatmapTests {
    /// Points along 75° E and 85° E (near the eastern limb), 256 x 256 points at zoom 0 over (0°, 0°); with `terrain`
    /// a `raster-dem` source whose tiles start at zoom 12 (none is drawn: the ground stays at 0 m).
    static func snapshot(terrain: Bool) throws -> MapSnapshot {
        var features: [JSONValue] = []
        for longitude in [75.0, 85.0] {
            for latitude in stride(from: -45.0, through: 45.0, by: 15.0) {
                features.append(["type": "Feature", "properties": [:],
                                 "geometry": ["type": "Point", "coordinates": [.double(longitude), .double(latitude)]]])
            }
        }
        var sources: JSONObject = ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]]
        var style: JSONObject = ["version": 8, "projection": ["type": "globe"],
                                 "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                                            ["id": "heat", "type": "heatmap", "source": "points",
                                             "paint": ["heatmap-radius": 12, "heatmap-intensity": 1.5]]]]
        if terrain {
            sources["dem"] = ["type": "raster-dem", "tiles": ["file:///nonexistent/{z}-{x}-{y}.png"], "minzoom": 12, "maxzoom": 12,
                              "tileSize": 256]
            style["terrain"] = ["source": "dem", "exaggeration": 1]
        }
        style["sources"] = .object(sources)
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 0)
        let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: camera, size: MapSize(width: 256, height: 256))
        return try map.snapshot()
    }

    /// The pixels at least as dense as the ramp's cyan, and the rightmost coloured (not white, not space) column.
    static func measure(_ s: MapSnapshot) -> (cyan: Int, rightmost: Int) {
        var cyan = 0, rightmost = -1
        let image = s.image  // (converted once: `MapSnapshot.pixel` converts the whole canvas at every call)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                guard p[3] > 0 else { continue }
                if p[3] > 200, p[1] > 150, p[0] < 120 { cyan += 1 }
                if !(p[0] > 240 && p[1] > 240 && p[2] > 240) { rightmost = max(rightmost, x) }
            }
        }
        return (cyan, rightmost)
    }

    @Test("with terrain the globe's heatmap density is 512 x 512: kernels at the limb are sharp slivers, not blurred blobs")
    func limbKernelsStaySharp() throws {
        let plain = Self.measure(try Self.snapshot(terrain: false))
        let draped = Self.measure(try Self.snapshot(terrain: true))
        // GL JS: 4 and 197 without terrain, 36 and 195 with it
        #expect(plain.cyan < 10, "\(plain)")
        #expect(draped.cyan > 25, "\(draped)")
        #expect(draped.rightmost <= 196 && plain.rightmost >= 197, "\(plain) \(draped)")
    }
}
