import Foundation
import Mercator
import MercatorTestSupport
import Testing
import Fonts
import Rendering

/// Text labels: glyph PBFs from the render suite's glyph folder, shaping, collision and drawing.
@Suite("Symbol layers: text labels", .needsShared)
struct SymbolLayerTests {
    static let glyphs = SharedFixtures.url("conformance/render-tests/glyphs")!

    static func map(points: [(Double, Double, String)], layout: JSONObject = [:], paint: JSONObject = [:],
                    size: Int = 128) throws -> Map {
        let features: [JSONValue] = points.map { p in
            ["type": "Feature", "properties": ["name": .string(p.2), "rank": 3],
             "geometry": ["type": "Point", "coordinates": [.double(p.0), .double(p.1)]]]
        }
        var layoutObject: JSONObject = ["text-field": "{name}", "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]]
        for (k, v) in layout { layoutObject[k] = v }
        let style: JSONValue = [
            "version": 8, "glyphs": .string(glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                       ["id": "labels", "type": "symbol", "source": "points", "layout": .object(layoutObject), "paint": .object(paint)]],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 2), size: MapSize(width: size, height: size))
    }

    /// Columns holding any non-white pixel.
    static func inkedColumns(_ s: MapSnapshot) -> [Int] {
        let image = s.image
        return (0..<image.width).filter { x in (0..<image.height).contains { y in image.pixels[4 * (y * image.width + x)] < 200 } }
    }

    @Test("glyph PBFs decode with MapLibre's metrics and SDF bitmaps")
    func glyphPBF() throws {
        let data = try Data(contentsOf: Self.glyphs.appendingPathComponent("Open Sans Semibold,Arial Unicode MS Bold/0-255.pbf"))
        let set = try GlyphPBF.decode(data)
        let a = try #require(set[65])
        #expect(a.advance > 10 && a.advance < 20)
        #expect(a.bitmap.count == (a.width + 6) * (a.height + 6))
        #expect(set[32]?.bitmap.isEmpty == true)
        #expect(throws: GlyphDecodingError.self) { try GlyphPBF.decode(Data([0x0A, 0xFF])) }
    }

    @Test("a label is drawn centred on its point, from {token} text, with a halo around it")
    func labelDrawn() throws {
        let s = try Self.map(points: [(0, 0, "Mercator")], paint: ["text-halo-color": "red", "text-halo-width": 2]).snapshot()
        #expect(s.sourceErrors.isEmpty && s.unsupportedFeatures.isEmpty, "\(s.unsupportedFeatures)")
        let columns = Self.inkedColumns(s)
        let first = try #require(columns.first), last = try #require(columns.last)
        #expect(last - first > 60, "an 8-letter label at 16 px is wide: \(first)...\(last)")
        #expect(abs((first + last) / 2 - 64) <= 2, "centred on the anchor: \(first)...\(last)")
        let image = s.image
        let reds = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 200 && image.pixels[$0 + 1] < 100 }
        #expect(!reds.isEmpty, "the halo shows")
    }

    @Test("overlapping labels: the later one is hidden unless text-allow-overlap")
    func collision() throws {
        let points = [(0.0, 0.0, "First"), (1.0, 0.0, "Second")]
        let hidden = try Self.map(points: points)
        let shown = try Self.map(points: points, layout: ["text-allow-overlap": true])
        #expect(try hidden.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 128, height: 128)).count == 1)
        #expect(try shown.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 128, height: 128)).count == 2)
        #expect(Self.inkedColumns(try shown.snapshot()).count > Self.inkedColumns(try hidden.snapshot()).count)
    }

    @Test("text-max-width breaks long labels into lines; text-anchor moves the label off its point")
    func shaping() throws {
        let oneLine = try Self.map(points: [(0, 0, "aaa bbb ccc ddd")], layout: ["text-max-width": 100]).snapshot()
        let broken = try Self.map(points: [(0, 0, "aaa bbb ccc ddd")], layout: ["text-max-width": 3]).snapshot()
        #expect(Self.inkedColumns(broken).count < Self.inkedColumns(oneLine).count)
        let left = try Self.map(points: [(0, 0, "Label")], layout: ["text-anchor": "left"]).snapshot()
        #expect((Self.inkedColumns(left).first ?? 0) >= 63)
    }

    @Test("without glyphs and with client-side fonts off no text is drawn, and nothing fails")
    func noGlyphs() throws {
        let style: JSONValue = ["version": 8,
                                "sources": ["p": ["type": "geojson", "data": ["type": "Point", "coordinates": [0, 0]]]],
                                "layers": [["id": "l", "type": "symbol", "source": "p", "layout": ["text-field": "x"]]]]
        let s = try Map(style: try Style(document: StyleDocument(json: style)), size: MapSize(width: 32, height: 32),
                        clientFonts: .disabled).snapshot()
        #expect(s.image.pixels.allSatisfy { $0 == 0 })
        // with them (the default) the text comes from an installed font (ClientFontTests)
    }
}

/// Icons: sprite sheets (plain and @2x), images added at run time, SDF tinting, collision with text.
@Suite("Symbol layers: icons", .needsShared)
struct SymbolIconTests {
    static let root = SharedFixtures.url("conformance/render-tests")!

    static func map(layout: JSONObject, paint: JSONObject = [:], ratio: Double = 1, sprite: Bool = true) throws -> Map {
        var style: JSONObject = [
            "version": 8,
            "sources": ["p": ["type": "geojson", "data": ["type": "Point", "coordinates": [0, 0]]]],
            "layers": [["id": "icons", "type": "symbol", "source": "p", "layout": .object(layout), "paint": .object(paint)]],
        ]
        if sprite { style["sprite"] = "local://sprites/sprite" }
        return Map(style: try Style(document: StyleDocument(json: .object(style))), size: MapSize(width: 64, height: 64, pixelRatio: ratio),
                   localRoot: root)
    }

    static func opaquePixels(_ s: MapSnapshot) -> Int {
        stride(from: 3, to: s.image.pixels.count, by: 4).filter { s.image.pixels[$0] > 128 }.count
    }

    @Test("a sprite icon is drawn at its display size, on 1x and 2x maps")
    func spriteIcon() throws {
        let one = try Self.map(layout: ["icon-image": "dot.sdf"]).snapshot()
        #expect(one.sourceErrors.isEmpty && one.unsupportedFeatures.isEmpty, "\(one.sourceErrors) \(one.unsupportedFeatures)")
        let n1 = Self.opaquePixels(one)
        #expect(n1 > 10)
        let two = try Self.map(layout: ["icon-image": "dot.sdf"], ratio: 2).snapshot()
        let n2 = Self.opaquePixels(two)
        #expect(abs(Double(n2) / Double(n1) - 4) < 1.2, "twice the pixels each way: \(n1) vs \(n2)")
    }

    @Test("an image added at run time is drawn, replaced and removed; a missing image draws nothing")
    func addedImages() throws {
        let map = try Self.map(layout: ["icon-image": "square"], sprite: false)
        #expect(Self.opaquePixels(try map.snapshot()) == 0)
        let red = [UInt8](repeating: 0, count: 0) + (0..<(10 * 10)).flatMap { _ in [UInt8(255), 0, 0, 255] }
        try map.style.setImage(StyleImageData(width: 10, height: 10, pixels: red), forName: "square")
        let drawn = try map.snapshot()
        #expect(Self.opaquePixels(drawn) == 100)
        #expect(drawn.image.pixels[4 * (32 * 64 + 32)] == 255)
        try map.style.setImage(StyleImageData(width: 10, height: 10, pixels: red, pixelRatio: 2), forName: "square")
        // half the size each way, sampled bilinearly (its pixel ratio is not the map's): its edges blend
        let half = Self.opaquePixels(try map.snapshot())
        #expect((9...36).contains(half), "a 5x5 square with blended edges, not 10x10: \(half)")
        map.style.removeImage(forName: "square")
        #expect(Self.opaquePixels(try map.snapshot()) == 0)
        #expect(throws: StyleError.self) { try StyleImageData(width: 2, height: 2, pixels: [1, 2, 3]) }
    }

    @Test("an SDF icon takes icon-color")
    func sdfTint() throws {
        let s = try Self.map(layout: ["icon-image": "dot.sdf"], paint: ["icon-color": "#00ff00"]).snapshot()
        let greens = stride(from: 0, to: s.image.pixels.count, by: 4).filter { s.image.pixels[$0 + 1] > 200 && s.image.pixels[$0] < 50 }
        #expect(!greens.isEmpty)
    }

    @Test("PNGs with 1, 2 and 4-bit palettes decode (sprites use them)")
    func lowBitDepth() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("sprites/stretch.png"))
        let image = try RasterDecoding.decode(data)
        #expect(image.width == 530 && image.height == 90)
        #expect(stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] == 255 })
    }
}

/// Labels at scale: many of them, and very long ones.
@Suite("Symbol layers: many and long labels", .needsShared)
struct SymbolScaleTests {
    @Test("two thousand labels collide through the grid; labels far off the view are not placed")
    func manyLabels() throws {
        var points: [(Double, Double, String)] = []
        for i in 0..<2000 { points.append((Double(i % 50) * 0.4 - 10, Double(i / 50) * 0.4 - 8, "L\(i)")) }
        points.append((150, 0, "far away"))
        let map = try SymbolLayerTests.map(points: points, size: 128)
        let shown = try map.visibleFeatures(in: ScreenRect(x: -1000, y: -1000, width: 3000, height: 3000))
        #expect(shown.count > 10 && shown.count < 1000, "\(shown.count) of 2001 placed")
        #expect(!shown.contains { $0.geoJSONFeature.properties?["name"] == "far away" })
    }

    @Test("a 20,000-character label is shaped and broken into lines without stalling, once Limits.labelCharacters allows it")
    func longLabel() throws {
        let text = String(repeating: "word ", count: 4000)
        let map = try SymbolLayerTests.map(points: [(0, 0, text)], layout: ["text-allow-overlap": true])
        // the default limit (10,000 characters) refuses it before shaping
        #expect(throws: LimitExceeded(.labelCharacters, maximum: 10_000, found: 20_000, subject: "a label of layer \"labels\"")) {
            try map.snapshot()
        }
        map.options.limits.labelCharacters = 20_000
        let s = try map.snapshot()
        #expect(s.image.pixels.contains { $0 != 255 })
    }
}
