import Foundation
import GeoJSON
import Testing
@testable import Tiling

@Suite struct TileIDTests {
    @Test func validityParentAndChildren() {
        #expect(TileID(z: 0, x: 0, y: 0).isValid)
        #expect(!TileID(z: 2, x: 4, y: 0).isValid)
        #expect(!TileID(z: -1, x: 0, y: 0).isValid)
        #expect(!TileID(z: 31, x: 0, y: 0).isValid)
        #expect(TileID(validating: 3, x: 8, y: 1) == nil)
        let t = TileID(z: 3, x: 5, y: 2)
        #expect(t.parent == TileID(z: 2, x: 2, y: 1))
        #expect(TileID(z: 0, x: 0, y: 0).parent == nil)
        #expect(t.children == [TileID(z: 4, x: 10, y: 4), TileID(z: 4, x: 11, y: 4), TileID(z: 4, x: 10, y: 5), TileID(z: 4, x: 11, y: 5)])
        #expect(t.children.allSatisfy { $0.parent == t && t.contains($0) })
        #expect(t.ancestor(atZoom: 0) == TileID(z: 0, x: 0, y: 0))
        #expect(t.tmsY == 5)
        #expect(TileID(z: 2, x: -1, y: 0).wrapped == TileID(z: 2, x: 3, y: 0))
        #expect(TileID(parsing: "14/8185/5449") == TileID(z: 14, x: 8185, y: 5449))
        #expect(TileID(parsing: "1/2/0") == nil)
        #expect(TileID(parsing: "a/b/c") == nil)
        #expect(TileID(parsing: "1/0") == nil)
        #expect(t.description == "3/5/2")
    }

    @Test func quadkeysBothWays() {
        #expect(TileID(z: 3, x: 3, y: 5).quadkey == "213")
        #expect(TileID(quadkey: "213") == TileID(z: 3, x: 3, y: 5))
        #expect(TileID(z: 0, x: 0, y: 0).quadkey == "")
        #expect(TileID(quadkey: "") == TileID(z: 0, x: 0, y: 0))
        #expect(TileID(quadkey: "0124") == nil)
        #expect(TileID(quadkey: String(repeating: "1", count: 31)) == nil)
        for z in 1...12 {
            let n = 1 << z
            let t = TileID(z: z, x: (n * 7 / 11) % n, y: (n * 3 / 5) % n)
            #expect(TileID(quadkey: t.quadkey) == t)
        }
    }

    @Test func mercatorConversions() {
        let p = Position(longitude: 13.4, latitude: 52.52)
        let w = WebMercator.world(p)
        let back = WebMercator.position(worldX: w.x, worldY: w.y)
        #expect(abs(back.longitude - 13.4) < 1e-9 && abs(back.latitude - 52.52) < 1e-9)
        #expect(WebMercator.worldX(longitude: -180) == 0)
        #expect(WebMercator.worldY(latitude: 0) == 0.5)
        #expect(WebMercator.worldY(latitude: 89.9) == 0)
        #expect(WebMercator.worldY(latitude: -90) == 1)

        let m = WebMercator.meters(Position(longitude: 180, latitude: 0))
        #expect(abs(m.x - 20037508.342789244) < 1e-6 && abs(m.y) < 1e-6)
        let top = WebMercator.meters(Position(longitude: 0, latitude: 90))
        #expect(abs(top.y - 20037508.342789244) < 1e-3)
        let q = WebMercator.position(metersX: 1_000_000, metersY: 6_000_000)
        let mq = WebMercator.meters(q)
        #expect(abs(mq.x - 1_000_000) < 1e-6 && abs(mq.y - 6_000_000) < 1e-6)

        #expect(WebMercator.tile(containing: p, zoom: 10) == TileID(z: 10, x: 550, y: 335))
        #expect(WebMercator.tile(containing: Position(longitude: 190, latitude: 0), zoom: 1) == TileID(z: 1, x: 0, y: 1))
        let b = WebMercator.bounds(of: TileID(z: 1, x: 1, y: 0))
        #expect(b.west == 0 && b.east == 180 && b.south == 0 && abs(b.north - WebMercator.maximumLatitude) < 1e-9)
        let mb = WebMercator.meterBounds(of: TileID(z: 1, x: 0, y: 0))
        #expect(mb.minX == -20037508.342789244 && mb.minY == 0 && mb.maxX == 0 && mb.maxY == 20037508.342789244)
    }
}

@Suite struct TileURLTemplateTests {
    @Test func seedExamples() {
        #expect(TileURLTemplate("http://www.example.com/tiles/{z}/{x}/{y}.pbf").url(for: TileID(z: 14, x: 6, y: 9)) == "http://www.example.com/tiles/14/6/9.pbf")
        let retina = TileURLTemplate("http://www.example.com/tiles/{z}/{x}/{y}{ratio}.png")
        #expect(retina.url(for: TileID(z: 14, x: 6, y: 9), pixelRatio: 2) == "http://www.example.com/tiles/14/6/9@2x.png")
        #expect(retina.url(for: TileID(z: 14, x: 6, y: 9), pixelRatio: 3) == "http://www.example.com/tiles/14/6/9@2x.png")
        #expect(retina.url(for: TileID(z: 14, x: 6, y: 9)) == "http://www.example.com/tiles/14/6/9.png")
        #expect(retina.supportsRatio)
    }

    @Test func everyPlaceholder() {
        let t = TileID(z: 3, x: 3, y: 5)
        #expect(TileURLTemplate("{quadkey}").url(for: t) == "213")
        #expect(TileURLTemplate("{prefix}").url(for: TileID(z: 5, x: 17, y: 30)) == "1e")
        #expect(TileURLTemplate("{z}/{x}/{y}").url(for: t, scheme: .tms) == "3/3/2")
        #expect(TileURLTemplate("{prefix}").url(for: TileID(z: 5, x: 17, y: 1), scheme: .tms) == "1e")
        #expect(TileURLTemplate("{bbox-epsg-3857}").url(for: TileID(z: 1, x: 1, y: 1)) == "0,-20037508.342789244,20037508.342789244,0")
        #expect(TileURLTemplate("{bbox-epsg-3857}").url(for: TileID(z: 0, x: 0, y: 0)) == "-20037508.342789244,-20037508.342789244,20037508.342789244,20037508.342789244")
        #expect(TileURLTemplate("a{foo}b{{z}}{").url(for: t) == "a{foo}b{3}{")
        #expect(TileURLTemplate("{z}-{x}-{y}-{unknown}").tokens == ["z", "x", "y", "unknown"])
    }
}

@Suite struct TileJSONTests {
    @Test func parsesVersion3() throws {
        let json = try JSONValue(parsing: """
            {"tilejson":"3.0.0","name":"OSM","tiles":["https://a.example/{z}/{x}/{y}.pbf"],"minzoom":2,"maxzoom":14,
             "bounds":[-10,-20,30,40],"center":[1,2,3],"scheme":"tms","attribution":"© OSM",
             "vector_layers":[{"id":"roads","fields":{"class":"String"},"maxzoom":12}],"custom":true}
            """)
        let t = try TileJSON(json)
        #expect(t.version == "3.0.0")
        #expect(t.tiles == [TileURLTemplate("https://a.example/{z}/{x}/{y}.pbf")])
        #expect(t.minZoom == 2 && t.maxZoom == 14)
        #expect(t.bounds == BoundingBox(west: -10, south: -20, east: 30, north: 40))
        #expect(t.center?.zoom == 3)
        #expect(t.scheme == .tms)
        #expect(t.vectorLayers == [TileJSON.VectorLayer(id: "roads", fields: ["class": "String"], description: nil, minZoom: nil, maxZoom: 12)])
        #expect(t.extra == ["custom": true])
    }

    @Test func parsesVersion2Defaults() throws {
        let t = try TileJSON(try JSONValue(parsing: #"{"tilejson":"2.2.0","tiles":["t/{z}/{x}/{y}.png"]}"#))
        #expect(t.minZoom == 0 && t.maxZoom == 30 && t.scheme == .xyz && t.vectorLayers.isEmpty && t.center == nil)
        #expect(t.bounds.west == -180 && t.bounds.east == 180)
    }

    @Test func typedErrors() throws {
        func error(_ text: String) -> TileJSONError? {
            do {
                _ = try TileJSON(try JSONValue(parsing: text))
                return nil
            } catch let e as TileJSONError {
                return e
            } catch {
                return nil
            }
        }
        #expect(error("[]")?.message == "TileJSON must be an object, found array")
        #expect(error(#"{"tilejson":"2.0.0"}"#)?.path == "tiles")
        #expect(error(#"{"tiles":["a",3]}"#)?.description == "tiles[1]: string expected, number found")
        #expect(error(#"{"tiles":["a"],"scheme":"wms"}"#)?.path == "scheme")
        #expect(error(#"{"tiles":["a"],"minzoom":5,"maxzoom":2}"#)?.path == "minzoom")
        #expect(error(#"{"tiles":["a"],"maxzoom":1.5}"#)?.path == "maxzoom")
        #expect(error(#"{"tiles":["a"],"bounds":[1,2,3]}"#)?.path == "bounds")
        #expect(error(#"{"tiles":["a"],"vector_layers":[{"fields":{}}]}"#)?.path == "vector_layers[0].id")
        #expect(error(#"{"tilejson":"4.0.0","tiles":["a"]}"#)?.path == "tilejson")
        #expect(error(#"{"tiles":[]}"#)?.path == "tiles")
    }
}
