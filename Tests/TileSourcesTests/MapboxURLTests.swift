import Foundation
import Testing
import TileSources

/// `mapbox://` URLs as MapLibre Native keeps and requests them (cases from its `mapbox.test.cpp`).
@Suite("mapbox:// URLs as MapLibre Native canonicalises them")
struct MapboxURLTests {
    let base = "https://api.mapbox.com"

    @Test("requests: styles, sources, glyphs, sprites and tiles resolve against the API base URL")
    func requestURLs() {
        #expect(MapboxURL.requestURL("mapbox://styles/user/style", apiBaseURL: base) == "https://api.mapbox.com/styles/v1/user/style")
        #expect(MapboxURL.requestURL("mapbox://user.map", apiBaseURL: base) == "https://api.mapbox.com/v4/user.map.json?secure")
        #expect(MapboxURL.requestURL("mapbox://mapbox.streets,mapbox.terrain", apiBaseURL: base)
                == "https://api.mapbox.com/v4/mapbox.streets,mapbox.terrain.json?secure")
        #expect(MapboxURL.requestURL("mapbox://fonts/boxmap/Comic%20Sans/0-255.pbf", apiBaseURL: base)
                == "https://api.mapbox.com/fonts/v1/boxmap/Comic%20Sans/0-255.pbf")
        #expect(MapboxURL.requestURL("mapbox://sprites/mapbox/streets-v8.json", apiBaseURL: base) == "https://api.mapbox.com/styles/v1/mapbox/streets-v8/sprite.json")
        #expect(MapboxURL.requestURL("mapbox://sprites/mapbox/streets-v8@2x.png", apiBaseURL: base) == "https://api.mapbox.com/styles/v1/mapbox/streets-v8/sprite@2x.png")
        #expect(MapboxURL.requestURL("mapbox://tiles/a.b/0/0/0.pbf", apiBaseURL: base + "/") == "https://api.mapbox.com/v4/a.b/0/0/0.pbf")
        #expect(MapboxURL.requestURL("mapbox://tiles/a.b/0/0/0@2x.png?style=mapbox://styles/mapbox/streets-v10@0", apiBaseURL: base)
                == "https://api.mapbox.com/v4/a.b/0/0/0@2x.png?style=mapbox://styles/mapbox/streets-v10@0")
        #expect(MapboxURL.requestURL("https://example.com/style.json", apiBaseURL: base) == "https://example.com/style.json")
    }

    @Test("a mapbox:// source's TileJSON templates are stored as mapbox://tiles/…, raster ones with {ratio}")
    func canonicalTiles() {
        #expect(MapboxURL.canonicalTileURL("https://a.tiles.mapbox.com/v4/a.b/{z}/{x}/{y}.vector.pbf?access_token=secret", raster: false, tileSize: 512)
                == "mapbox://tiles/a.b/{z}/{x}/{y}.vector.pbf")
        #expect(MapboxURL.canonicalTileURL("http://a.tiles.mapbox.com/v4/a.b,c.d/{z}/{x}/{y}.vector.pbf?access_token=x&custom=param", raster: false, tileSize: 512)
                == "mapbox://tiles/a.b,c.d/{z}/{x}/{y}.vector.pbf?custom=param")
        #expect(MapboxURL.canonicalTileURL("https://a.tiles.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}.webp?access_token=k", raster: true, tileSize: 256)
                == "mapbox://tiles/mapbox.satellite/{z}/{x}/{y}{ratio}.webp")
        #expect(MapboxURL.canonicalTileURL("https://a.tiles.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}@2x.png", raster: true, tileSize: 256)
                == "mapbox://tiles/mapbox.satellite/{z}/{x}/{y}{ratio}.png")
        #expect(MapboxURL.canonicalTileURL("https://a.tiles.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}.png", raster: true, tileSize: 512)
                == "mapbox://tiles/mapbox.satellite/{z}/{x}/{y}@2x.png")
        // not a Mapbox v4 tile URL: unchanged
        #expect(MapboxURL.canonicalTileURL("https://example.com/tiles/{z}/{x}/{y}.pbf", raster: false, tileSize: 512) == "https://example.com/tiles/{z}/{x}/{y}.pbf")
        #expect(MapboxURL.canonicalTileURL("https://a.tiles.mapbox.com/v4/a.b/{z}/{x}/{y}", raster: false, tileSize: 512) == "https://a.tiles.mapbox.com/v4/a.b/{z}/{x}/{y}")
        // only a tileset loaded from a mapbox:// URL is canonicalised
        let templates = ["https://a.tiles.mapbox.com/v4/a.b/{z}/{x}/{y}.vector.pbf"]
        #expect(MapboxURL.canonicalTileset(templates, sourceURL: "mapbox://a.b", raster: false, tileSize: 512) == ["mapbox://tiles/a.b/{z}/{x}/{y}.vector.pbf"])
        #expect(MapboxURL.canonicalTileset(templates, sourceURL: "https://example.com/a.json", raster: false, tileSize: 512) == templates)
    }

    @Test("glyph URLs encode the font stack as Native does (%20, %2c), the key its databases hold")
    func glyphKeys() {
        #expect(ResourceURLs.glyphs(template: "mapbox://fonts/mapbox/{fontstack}/{range}.pbf", fontStack: "Open Sans Semibold,Arial Unicode MS Bold", rangeStart: 0)
                == "mapbox://fonts/mapbox/Open%20Sans%20Semibold%2cArial%20Unicode%20MS%20Bold/0-255.pbf")
        #expect(MapboxURL.percentEncode("Noto Sans Regular~é") == "Noto%20Sans%20Regular~%c3%a9")
    }
}
