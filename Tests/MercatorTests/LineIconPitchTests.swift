import Foundation
import Mercator
import Testing

/// Icons along a line take the map's rotation and pitch alignment by default (`auto` is `map` for `symbol-placement`
/// `line`, as both MapLibres resolve it): in a pitched view they lie in the map plane, foreshortened, as MapLibre
/// Native and GL JS draw them (before, Mercator drew them upright on the screen).
@Suite("Icons along lines: laid in the map plane")
struct LineIconPitchTests {
    static func snapshot(rotation: String?, projection: String = "mercator") throws -> RGBAImage {
        let sprites = try #require(Bundle.module.url(forResource: "gljs-render-tests", withExtension: nil, subdirectory: "Fixtures"))
            .appendingPathComponent("sprites/sprite")
        let layout: JSONValue = ["symbol-placement": "line", "icon-image": "fav-bus-18", "symbol-spacing": 60,
                                 "icon-allow-overlap": true, "icon-rotation-alignment": .string(rotation ?? "auto")]
        let style: JSONValue = [
            "version": 8, "projection": ["type": .string(projection)], "sky": ["atmosphere-blend": 0.0],
            "sprite": .string(sprites.absoluteString),
            "sources": ["line": ["type": "geojson", "data": ["type": "LineString",
                                                             "coordinates": .array((-20...20).map { [20, .double(Double($0) * 4)] })]]],
            "layers": [["id": "background", "type": "background", "paint": ["background-color": "white"]],
                       ["id": "icons", "type": "symbol", "source": "line", "layout": layout]]]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 20), zoom: 2, pitch: 50)
        let snapshot = try Map(style: try Style(document: StyleDocument(json: style)), camera: camera,
                               size: MapSize(width: 256, height: 256)).snapshot()
        #expect(snapshot.sourceErrors.isEmpty)
        return snapshot.image
    }

    /// The rows holding any non-white pixel of a narrow band around the line's column, in runs: each icon's height.
    static func iconHeights(_ image: RGBAImage) -> [Int] {
        var heights: [Int] = [], run = 0
        for y in 0..<image.height {
            let inked = (118..<138).contains { x in
                let p = image.pixel(x, y)
                return p[0] > 200 && p[2] < 100  // the icon's orange, not the grey of nothing else drawn
            }
            if inked { run += 1 } else if run > 0 { heights.append(run); run = 0 }
        }
        if run > 0 { heights.append(run) }
        return heights
    }

    @Test("in a pitched view, auto is map: the icons are foreshortened, not upright on the screen", arguments: ["mercator", "globe"])
    func autoIsMap(projection: String) throws {
        let auto = try Self.snapshot(rotation: nil, projection: projection)
        let map = try Self.snapshot(rotation: "map", projection: projection)
        let viewport = try Self.snapshot(rotation: "viewport", projection: projection)
        #expect(auto == map)
        let flat = Self.iconHeights(map), upright = Self.iconHeights(viewport)
        #expect(!flat.isEmpty && !upright.isEmpty)
        // at pitch 50 an icon in the map plane is at most about two thirds as tall as one on the screen
        let flatMean = Double(flat.reduce(0, +)) / Double(max(1, flat.count))
        let uprightMean = Double(upright.reduce(0, +)) / Double(max(1, upright.count))
        #expect(flatMean < 0.8 * uprightMean, "\(flat) against \(upright)")
    }
}
