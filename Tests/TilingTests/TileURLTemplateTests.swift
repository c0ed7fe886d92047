import Foundation
import GeoJSON
import Testing
@testable import Tiling

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
