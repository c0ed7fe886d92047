import Foundation
import GeoJSON
@testable import OfflineStorage
import Testing
import TileSources
import Tiling

@Suite("Offline packs: what a style needs")
struct OfflineResourcesTests {
    let style = try! JSONValue(parsing: Data(#"""
        {"version": 8, "glyphs": "https://g.example/{fontstack}/{range}.pbf", "sprite": "https://s.example/sprite",
         "sources": {"v": {"type": "vector", "url": "https://t.example/v.json"},
                     "r": {"type": "raster", "tiles": ["https://r.example/{z}/{x}/{y}.png"], "tileSize": 256, "maxzoom": 3},
                     "g": {"type": "geojson", "data": "https://d.example/points.geojson"}},
         "layers": [
          {"id": "a", "type": "symbol", "source": "v", "layout": {"text-field": "x", "text-font": ["Noto Sans Regular"]}},
          {"id": "b", "type": "symbol", "source": "v", "layout": {"text-field": "x",
             "text-font": ["step", ["zoom"], ["literal", ["Open Sans Bold", "Arial Unicode MS Bold"]], 10, ["literal", ["Noto Sans Regular"]]]}},
          {"id": "c", "type": "symbol", "source": "v", "layout": {"text-field": "x"}}]}
        """#.utf8))

    @Test("font stacks from literals and expressions, the default stack when none is given")
    func fontStacks() {
        #expect(OfflineResources.fontStacks(style: style) == ["Noto Sans Regular", "Open Sans Bold,Arial Unicode MS Bold",
                                                              "Open Sans Regular,Arial Unicode MS Regular"])
    }

    @Test("256 glyph ranges per stack, CJK ranges left out without ideographs; commas and spaces percent-encoded")
    func glyphRanges() {
        let all = OfflineResources.glyphs(style: style, includeIdeographs: true)
        #expect(all.count == 3 * 256)
        let latin = OfflineResources.glyphs(style: style, includeIdeographs: false)
        #expect(latin.count < all.count)
        #expect(!latin.contains { $0.url.hasSuffix("/19968-20223.pbf") })  // U+4E00, CJK unified ideographs
        #expect(latin.contains { $0.url == "https://g.example/Open%20Sans%20Bold%2cArial%20Unicode%20MS%20Bold/0-255.pbf" })
        #expect(latin.allSatisfy { $0.kind == .glyphs })
    }

    @Test("sprites at the pack's ratio, GeoJSON data, TileJSON URLs")
    func otherResources() {
        #expect(OfflineResources.sprites(style: style, pixelRatio: 2).map(\.url) == ["https://s.example/sprite@2x.json", "https://s.example/sprite@2x.png"])
        #expect(OfflineResources.sourceData(style: style).map(\.url) == ["https://d.example/points.geojson"])
        #expect(OfflineResources.tileJSONURLs(style: style) == ["https://t.example/v.json"])
    }

    @Test("font-faces: remote font files are packed as glyph resources, local ones are not")
    func fontFaces() throws {
        let style = try JSONValue(parsing: Data(#"""
            {"version": 8, "sources": {}, "layers": [], "font-faces": {
              "Noto Sans Regular": [{"url": "https://f.example/NotoSansKhmer.ttf", "unicode-range": ["U+1780-17FF"]},
                                    {"url": "local://fonts/NotoSansMyanmar.ttf"}, {"unicode-range": ["U+0-FF"]}],
              "Noto Sans Thai": "https://f.example/NotoSansThai.ttf"}}
            """#.utf8))
        let requests = OfflineResources.fontFaces(style: style)
        #expect(requests.map(\.url) == ["https://f.example/NotoSansKhmer.ttf", "https://f.example/NotoSansThai.ttf"])
        #expect(requests.allSatisfy { $0.kind == .glyphs })
        #expect(OfflineResources.fontFaces(style: self.style).isEmpty)
    }

    @Test("tile pyramids: MapLibre's covering zooms (256-pixel rasters one deeper), source zoom range and bounds")
    func tilePyramid() {
        let tileJSON = ["https://t.example/v.json": try! JSONValue(parsing: Data(#"{"tiles":["https://t.example/{z}/{x}/{y}.pbf"],"minzoom":0,"maxzoom":2}"#.utf8))]
        let sources = OfflineResources.tiledSources(style: style, tileJSON: tileJSON)
        let definition = OfflineRegionDefinition(styleURL: "s", area: .bounds(west: -180, south: -85, east: 180, north: 85), minimumZoom: 0, maximumZoom: 5)
        let vector = sources.first { $0.identifier == "v" }!, raster = sources.first { $0.identifier == "r" }!
        // vector: z0-2 (source maxzoom 2) = 1 + 4 + 16
        #expect(OfflineResources.tiles(vector, definition: definition).count == 21)
        // raster 256 px: z1-3 (covering zoom of 0 is 1; source maxzoom 3) = 4 + 16 + 64
        #expect(OfflineResources.tiles(raster, definition: definition).count == 84)
        // a geometry covers its bounding box
        let point = OfflineRegionDefinition(styleURL: "s", area: .geometry(try! JSONValue(parsing: Data(#"{"type":"LineString","coordinates":[[1,1],[2,2]]}"#.utf8))),
                                            minimumZoom: 2, maximumZoom: 2)
        #expect(OfflineResources.tiles(vector, definition: point).map(\.id) == [TileID(z: 2, x: 2, y: 1)])
    }
}
