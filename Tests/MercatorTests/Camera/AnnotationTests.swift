import Foundation
import Mercator
import MercatorTestSupport
import Rendering
import Testing

@Suite("Annotations: drawn above the style, selectable, the style untouched")
struct AnnotationTests {
    typealias F = CameraFixture


    @Test("Polylines, polygons and pins are drawn in MapLibre Native's default look; removing one undraws it")
    func drawn() throws {
        let map = try F.map()
        let before = map.style.serialized()
        let line = try map.addAnnotation(Polyline(coordinates: [map.coordinate(for: Point(20, 250))!, map.coordinate(for: Point(380, 250))!]))
        try map.addAnnotation(Polygon(coordinates: [Point(300, 20), Point(380, 20), Point(380, 80), Point(300, 80), Point(300, 20)].map { map.coordinate(for: $0)! }))
        try map.addAnnotation(PointAnnotation(coordinate: map.coordinate(for: Point(100, 200))!, title: "Pin"))
        let s = try map.snapshot()
        #expect(s.pixel(200, 250) == [0, 122, 255, 255])   // the line: tint blue, 3 points wide
        #expect(s.pixel(200, 245) == [255, 255, 255, 255])
        #expect(s.pixel(340, 50) == [0, 122, 255, 255])    // the polygon
        let head = s.pixel(100, 184)                        // the pin's head, above its coordinate
        #expect(head[0] > 200 && head[1] < 120 && head[3] == 255)
        #expect(map.style.serialized() == before)
        #expect(map.annotations.count == 3)
        #expect(map.removeAnnotation(line) is Polyline)
        #expect(map.removeAnnotation(line) == nil)
        #expect(try map.snapshot().pixel(200, 250) == [255, 255, 255, 255])
    }

    @Test("Hit-testing finds the topmost annotation; feature queries do not return annotations")
    func hitTesting() throws {
        let map = try F.map()
        let polygon = try map.addAnnotation(Polygon(coordinates: [Point(250, 20), Point(380, 20), Point(380, 120), Point(250, 120), Point(250, 20)].map { map.coordinate(for: $0)! }))
        let pin = try map.addAnnotation(PointAnnotation(coordinate: map.coordinate(for: Point(300, 100))!))
        #expect(try map.annotation(at: Point(300, 90)) == pin)
        #expect(try map.annotation(at: Point(360, 40)) == polygon)
        #expect(try map.annotation(at: Point(100, 250)) == nil)
        #expect(try map.visibleFeatures(at: Point(360, 40)).isEmpty)
        guard case .annotation(let id) = try map.tap(at: Point(360, 40)) else { Issue.record("no annotation tapped"); return }
        #expect(id == polygon && map.selectedAnnotation == polygon)
        map.removeAnnotation(polygon)
        #expect(map.selectedAnnotation == nil)
    }

    @Test("A pin's title is drawn below it in the style's font when the style has glyphs, and not without", .needsShared)
    func titles() throws {
        let folder = try #require(SharedFixtures.url("conformance/render-tests/glyphs"))
        func darkPixelsBelowPin(glyphs: Bool) throws -> Int {
            var style: JSONObject = [
                "version": 8, "sources": ["none": ["type": "geojson", "data": ["type": "FeatureCollection", "features": []]]],
                "layers": [["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
                           ["id": "labels", "type": "symbol", "source": "none",
                            "layout": ["text-field": "x", "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]]]],
            ]
            if glyphs { style["glyphs"] = .string(folder.path + "/{fontstack}/{range}.pbf") }
            let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: MapCamera(zoom: 3),
                          size: MapSize(width: 200, height: 200))
            try map.addAnnotation(PointAnnotation(coordinate: map.coordinate(for: Point(100, 100))!, title: "Harbour"))
            let image = try map.snapshot().image
            var dark = 0
            for y in 101..<130 { for x in 50..<150 {
                let i = 4 * (y * image.width + x)
                if image.pixels[i] < 120 && image.pixels[i + 1] < 120 && image.pixels[i + 2] < 120 { dark += 1 }
            } }
            return dark
        }
        #expect(try darkPixelsBelowPin(glyphs: true) > 20)
        #expect(try darkPixelsBelowPin(glyphs: false) == 0)
    }

    @Test("Shapes other than points, lines and polygons are refused with a clear error")
    func unsupported() throws {
        let map = try F.map()
        #expect(throws: AnnotationError.self) { try map.addAnnotation(PointCollection(coordinates: [F.start.center])) }
    }
}
