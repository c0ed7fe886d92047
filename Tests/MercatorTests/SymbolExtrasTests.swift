import Foundation
import Mercator
import MercatorTestSupport
import Testing

/// Sprite `textFit` metadata, images inside formatted text, `is-supported-script` and the
/// collision-box debug overlay.
@Suite("Symbol layers: text fit, inline images, scripts, collision boxes", .needsShared)
struct SymbolExtrasTests {
    static let sprites = SharedFixtures.url("conformance/render-tests/sprites")!

    static func map(_ features: [(Double, String)], layout: JSONObject, filter: JSONValue? = nil, sprite: String? = nil) throws -> Map {
        let points: [JSONValue] = features.map { f in
            ["type": "Feature", "properties": ["name": .string(f.1)], "geometry": ["type": "Point", "coordinates": [.double(f.0), 0]]]
        }
        var layoutObject: JSONObject = ["text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]]
        for (k, v) in layout { layoutObject[k] = v }
        var layer: JSONObject = ["id": "labels", "type": "symbol", "source": "points", "layout": .object(layoutObject)]
        if let filter { layer["filter"] = filter }
        var style: JSONObject = [
            "version": 8, "glyphs": .string(SymbolLayerTests.glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(points)]]],
            "layers": [.object(layer)],
        ]
        if let sprite { style["sprite"] = .string(sprites.appendingPathComponent(sprite).path) }
        return Map(style: try Style(document: StyleDocument(json: .object(style))), camera: MapCamera(zoom: 1),
                   size: MapSize(width: 200, height: 100))
    }

    /// Columns and rows holding any visible pixel.
    static func extent(_ s: MapSnapshot) -> (columns: Int, rows: Int) {
        let image = s.image
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.pixels[4 * (y * image.width + x) + 3] }
        let columns = (0..<image.width).filter { x in (0..<image.height).contains { alpha(x, $0) > 0 } }
        let rows = (0..<image.height).filter { y in (0..<image.width).contains { alpha($0, y) > 0 } }
        return ((columns.last ?? 0) - (columns.first ?? 0), (rows.last ?? 0) - (rows.first ?? 0))
    }

    @Test("sprite textFitHeight proportional keeps the content's aspect ratio around a short text")
    func textFit() throws {
        func icon(_ name: String) throws -> (columns: Int, rows: Int) {
            let map = try Self.map([(0, "1")], layout: ["text-field": "{name}", "text-size": 20, "icon-image": .string(name),
                                                         "icon-text-fit": "both"], sprite: "textFit")
            return Self.extent(try map.snapshot())
        }
        let stretched = try icon("textFit-wh-stretchOrShrink-stretchOrShrink")
        let proportional = try icon("textFit-wh-stretchOnly-proportional")
        #expect(abs(stretched.rows - proportional.rows) <= 1, "\(stretched) \(proportional)")
        #expect(proportional.columns > stretched.columns + 10, "the proportional width follows the height: \(stretched) \(proportional)")
    }

    @Test("an image section of formatted text is drawn inline, and a missing one is left out")
    func inlineImage() throws {
        func label(_ image: String) throws -> MapSnapshot {
            let field: JSONValue = ["format", "Go", [:], ["image", .string(image)], [:]]
            return try Self.map([(0, "")], layout: ["text-field": field], sprite: "emerald").snapshot()
        }
        let withImage = try label("interstate_1"), without = try label("no-such-image")
        #expect(Self.extent(withImage).columns > Self.extent(without).columns + 30)
        let image = withImage.image
        let coloured = stride(from: 0, to: image.pixels.count, by: 4).contains { i in
            image.pixels[i + 3] > 200 && Int(image.pixels[i + 2]) > Int(image.pixels[i]) + 40
        }
        #expect(coloured, "the shield's blue shows")
    }

    @Test("is-supported-script: Devanagari is not drawn (no complex shaping), Arabic is",
          .enabled(if: PlatformFeature.rightToLeftText.isAvailable, "needs right-to-left text (the ICU trait)"))
    func supportedScripts() throws {
        let filter: JSONValue = ["is-supported-script", ["get", "name"]]
        let map = try Self.map([(-20, "देवनागरी"), (20, "سلام")], layout: ["text-field": "{name}", "text-allow-overlap": true], filter: filter)
        let hits = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 200, height: 100))
        #expect(hits.count == 1)
        #expect(hits.first?.geoJSONFeature.properties?["name"] == .string("سلام"))
    }

    @Test("the collision-box overlay outlines placed labels in blue and hidden ones in red")
    func collisionBoxes() throws {
        let map = try Self.map([(0, "First"), (1, "Second")], layout: ["text-field": "{name}"])
        func colours(_ s: MapSnapshot) -> (blue: Bool, red: Bool) {
            let p = s.image.pixels
            let pixels = stride(from: 0, to: p.count, by: 4)
            return (pixels.contains { p[$0 + 2] > 200 && p[$0] < 50 && p[$0 + 3] > 0 }, pixels.contains { p[$0] > 200 && p[$0 + 2] < 50 && p[$0 + 3] > 0 })
        }
        let plain = colours(try map.snapshot())
        #expect(!plain.blue && !plain.red)
        map.debugOptions = .collisionBoxes
        let debug = colours(try map.snapshot())
        #expect(debug.blue && debug.red)
    }

    @Test("collision boxes and circles are outlined once, the same from draw to draw, in a canvas painted in bands")
    func collisionOutlinesOnce() throws {
        // labels all over a 512 x 512 map (painted in bands, one per core), apart from each other; one point label
        // hidden by another (red); with `lines`, a label centred on a line beside each (its collision circles)
        func draw(lines: Bool) throws -> [UInt8] {
            var features: [JSONValue] = []
            for i in 0..<16 {
                let lon = Double(i % 4) * 40 - 60, lat = Double(i / 4) * 30 - 45
                features.append(["type": "Feature", "properties": ["name": .string("P\(i)")],
                                 "geometry": ["type": "Point", "coordinates": [.double(lon), .double(lat)]]])
                if lines {
                    let line: JSONValue = [[.double(lon - 15), .double(lat + 8)], [.double(lon + 15), .double(lat + 8)]]
                    features.append(["type": "Feature", "properties": ["name": .string("L\(i)")],
                                     "geometry": ["type": "LineString", "coordinates": line]])
                }
            }
            features.append(["type": "Feature", "properties": ["name": "P0"], "geometry": ["type": "Point", "coordinates": [-57, -44]]])
            let font: JSONValue = ["Open Sans Semibold", "Arial Unicode MS Bold"]
            let style: JSONObject = [
                "version": 8, "glyphs": .string(SymbolLayerTests.glyphs.path + "/{fontstack}/{range}.pbf"),
                "sources": ["shapes": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]],
                "layers": [
                    ["id": "white", "type": "background", "paint": ["background-color": "white"]],
                    ["id": "points", "type": "symbol", "source": "shapes", "filter": ["==", ["geometry-type"], "Point"],
                     "layout": ["text-field": "{name}", "text-font": font]],
                    ["id": "lines", "type": "symbol", "source": "shapes", "filter": ["==", ["geometry-type"], "LineString"],
                     "layout": ["text-field": "{name}", "text-font": font, "symbol-placement": "line-center"]],
                ],
            ]
            // each in a fresh map
            let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: MapCamera(zoom: 1.5),
                          size: MapSize(width: 512, height: 512))
            map.debugOptions = .collisionBoxes
            return try map.snapshot().image.pixels
        }
        // over white, a placed label's box (blue at a quarter) leaves red at 191 where drawn once, 143 twice; a
        // hidden one's (red at a half) green at 128 once, 64 twice. A box's four edges are four lines, which may meet
        // at its corners (as in GL); the circles along a line overlap each other, so only boxes are counted.
        let p = try draw(lines: false)
        let pixels = stride(from: 0, to: p.count, by: 4)
        let blue = pixels.filter { p[$0 + 2] == 255 && p[$0] == p[$0 + 1] && p[$0] < 250 }
        let red = pixels.filter { p[$0] == 255 && p[$0 + 1] == p[$0 + 2] && p[$0 + 1] < 250 }
        #expect(blue.count > 500 && !red.isEmpty, "\(blue.count) blue, \(red.count) red outline pixels")
        let blueTwice = blue.filter { p[$0] < 191 }.count, redTwice = red.filter { p[$0 + 1] < 128 }.count
        #expect(blueTwice <= 4 * 16, "blue boxes drawn twice past their corners: \(blueTwice) pixels")
        #expect(redTwice <= 4, "the red box drawn twice past its corners: \(redTwice) pixels")
        let first = try draw(lines: true)
        for k in 1..<4 {
            let again = try draw(lines: true)
            let differing = zip(again, first).filter { $0 != $1 }.count
            #expect(differing == 0, "draw \(k) differs from the first in \(differing) components")
        }
    }
}
