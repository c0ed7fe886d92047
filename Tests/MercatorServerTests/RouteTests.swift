import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import Testing
@testable import MercatorServer
import MercatorCompression
import TileSources
import Fonts
import Rendering
import Tiling

/// Every route on a live loopback server.
@Suite struct RouteTests {
    @Test func listsStylesAndData() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let styles = try await client.execute(uri: "/styles.json", method: .get)
            #expect(styles.status == .ok)
            let list = try JSONValue(parsing: styles.data).array ?? []
            let ids = list.compactMap { $0["id"]?.string }
            #expect(ids.contains("cities"))
            #expect(ids.contains("mall-0"))
            #expect(list.allSatisfy { $0["name"]?.string != nil && $0["url"]?.string?.hasSuffix("/style.json") == true })
            let data = try JSONValue(parsing: try await client.execute(uri: "/data.json", method: .get).data).array ?? []
            #expect(Set(data.compactMap { $0["id"]?.string }) == ["leaves", "cities"])
            #expect(data.allSatisfy { $0["url"]?.string?.hasSuffix("/data/\($0["id"]!.string!).json") == true })
        }
    }

    @Test func styleURLsPointAtTheServer() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/styles/cities/style.json", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] != nil)
            let style = try JSONValue(parsing: response.data)
            let base = "http://localhost"  // the test client sends Host: localhost
            #expect(style["glyphs"]?.string == "\(base)/fonts/{fontstack}/{range}.pbf")
            #expect(style["sprite"]?.string == "\(base)/styles/cities/sprite")
            #expect(style["sources"]?["leaves"]?["url"]?.string == "\(base)/data/leaves.json")
            #expect(style["sources"]?["cities"]?["data"]?.string == "\(base)/data/cities.geojson")
            #expect(!response.text.contains(TestServer.folder.path))
            // ETag: the same body is not sent twice.
            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: "/styles/cities/style.json", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            // The GeoJSON the client style names.
            let geojson = try await client.execute(uri: "/data/cities.geojson", method: .get)
            #expect(geojson.status == .ok)
            #expect(geojson.text.contains("FeatureCollection"))
        }
    }

    @Test func tileJSON() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let cities = try JSONValue(parsing: try await client.execute(uri: "/data/cities.json", method: .get).data)
            #expect(cities["tilejson"]?.string == "3.0.0")
            #expect(cities["tiles"]?.array?.first?.string == "http://localhost/data/cities/{z}/{x}/{y}.pbf")
            #expect(cities["vector_layers"]?.array?.first?["id"]?.string == "cities")
            let leaves = try JSONValue(parsing: try await client.execute(uri: "/data/leaves.json", method: .get).data)
            #expect(leaves["format"]?.string == "pbf")
            #expect(leaves["minzoom"] != nil && leaves["maxzoom"] != nil && leaves["bounds"]?.array?.count == 4)
            let raster = try JSONValue(parsing: try await client.execute(uri: "/styles/cities.json", method: .get).data)
            #expect(raster["tiles"]?.array?.first?.string?.hasSuffix("/styles/cities/{z}/{x}/{y}.png") == true)
        }
    }

    @Test func geoJSONVectorTilesGzipAsAccepted() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let plain = try await client.execute(uri: "/data/cities/0/0/0.pbf", method: .get)
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.contentType] == "application/x-protobuf")
            let tile = try VectorTile(data: plain.data)
            let layer = try #require(try tile.layer(named: "cities"))
            #expect(layer.count > 10)
            let gzip = try await client.execute(uri: "/data/cities/0/0/0.pbf", method: .get, headers: [.acceptEncoding: "gzip, deflate"])
            #expect(gzip.headers[.contentEncoding] == "gzip")
            #expect(Array(gzip.data.prefix(2)) == [0x1f, 0x8b])
            #expect(try VectorTile(data: gzip.data).layer(named: "cities")?.count == layer.count)
            #expect(gzip.headers[.eTag] != plain.headers[.eTag])
            // An empty tile is 204; a tile that cannot exist is 400.
            let empty = try await client.execute(uri: "/data/cities/8/0/0.pbf", method: .get)
            #expect(empty.status == .noContent)
            #expect(try await client.execute(uri: "/data/cities/2/4/0.pbf", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/data/cities/0/0/0.png", method: .get).status == .badRequest)
        }
    }

    @Test func archiveTilesPassThrough() async throws {
        let set = try #require(TestServer.catalog.dataSet("leaves"))
        guard case .archive(let store, _) = set.kind else { Issue.record("leaves is not an archive"); return }
        // The first tile the archive holds.
        var found: (TileID, Data)?
        search: for z in set.minZoom...min(set.maxZoom, 6) {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    if let d = try store.tileData(TileID(z: z, x: x, y: y)) { found = (TileID(z: z, x: x, y: y), d); break search }
                }
            }
        }
        let (id, stored) = try #require(found)
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/data/leaves/\(id.z)/\(id.x)/\(id.y).pbf", method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentEncoding] == "gzip")
            let storedBytes = ContiguousArray(stored)
            let inflated = Gzip.isCompressed(storedBytes) ? Data(try Gzip.inflate(storedBytes, limit: 1 << 26)) : stored
            if Gzip.isCompressed(storedBytes) { #expect(response.data == stored) }  // passed through as stored
            #expect(Data(try Gzip.inflate(ContiguousArray(response.data), limit: 1 << 26)) == inflated)
            let plain = try await client.execute(uri: "/data/leaves/\(id.z)/\(id.x)/\(id.y).pbf", method: .get)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.data == inflated)
            // Past the archive's zooms: 404.
            #expect(try await client.execute(uri: "/data/leaves/\(set.maxZoom + 1)/0/0.pbf", method: .get).status == .notFound)
        }
    }

    @Test func rasterTiles() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            for (uri, side) in [("/styles/cities/1/1/0.png", 256), ("/styles/cities/1/1/0@2x.png", 512), ("/styles/cities/512/1/1/0.png", 512),
                                ("/styles/cities/0/0/0.png", 256), (Self.mallTile, 256)] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                #expect(response.headers[.contentType] == "image/png")
                let image = try PNGDecoder.decode([UInt8](response.data))
                #expect(image.width == side && image.height == side, "\(uri)")
                let etag = try #require(response.headers[.eTag])
                #expect(try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag]).status == .notModified)
            }
            #expect(try await client.execute(uri: "/styles/cities/23/0/0.png", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/styles/cities/300/1/0/0.png", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/styles/cities/1/0/0@5x.png", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/styles/nope/1/0/0.png", method: .get).status == .notFound)
        }
    }

    /// The zoom-18 tile holding the sample venue's centre.
    static var mallTile: String {
        let n = Double(1 << 18)
        let x = Int((-79.3832 + 180) / 360 * n), y = Int(WebMercator.worldY(latitude: 43.6532) * n)
        return "/styles/mall-0/18/\(x)/\(y).png"
    }

    @Test func staticImages() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let cases = [("/styles/cities/static/0,20,1/300x200.png", 300, 200),
                         ("/styles/cities/static/10,20,2@30,20/300x200@2x.png", 600, 400),
                         ("/styles/cities/static/-10,-10,10,10/128x64.png", 128, 64),
                         ("/styles/cities/static/auto/200x200.png?path=-10,0%7C10,5%7C12,20&stroke=red&width=4&marker=2,3%7Ccolor:blue", 200, 200),
                         ("/styles/cities/static/auto/200x100.png?path=stroke:%23ff0000%7Cfill:rgba(0,0,255,0.5)%7C0,0%7C1,0%7C1,1&latlng=1", 200, 100),
                         ("/styles/mall-1/static/auto/256x256.png?marker=-79.3832,43.6532", 256, 256)]
            for (uri, w, h) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                guard response.status == .ok else { continue }
                let image = try PNGDecoder.decode([UInt8](response.data))
                #expect(image.width == w && image.height == h, "\(uri)")
            }
            // The overlay is drawn: a red line across a grey background leaves red pixels.
            let drawn = try await client.execute(uri: "/styles/cities/static/auto/100x100.png?path=-20,-20%7C20,20&stroke=%23ff0000&width=8", method: .get)
            let image = try PNGDecoder.decode([UInt8](drawn.data))
            let red = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 200 && image.pixels[$0 + 1] < 60 && image.pixels[$0 + 2] < 60 }
            #expect(red.count > 100)
        }
    }

    @Test("static images in GL JS's projections (?projection=), the viewer's projection switch, a bad name refused")
    func staticImagesOnTheGlobe() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let flat = try await client.execute(uri: "/styles/cities/static/0,20,0.5/128x128.png", method: .get)
            let globe = try await client.execute(uri: "/styles/cities/static/0,20,0.5/128x128.png?projection=globe", method: .get)
            #expect(flat.status == .ok && globe.status == .ok, "\(globe.text)")
            let corner = { (data: Data) throws -> [UInt8] in Array(try PNGDecoder.decode([UInt8](data)).pixels.prefix(4)) }
            // the globe leaves space around it transparent; the flat map covers the view's corner
            #expect(try corner(globe.data)[3] == 0)
            #expect(try corner(flat.data)[3] == 255)
            let bad = try await client.execute(uri: "/styles/cities/static/0,20,1/128x128.png?projection=equal-earth", method: .get)
            #expect(bad.status == .badRequest && bad.text.contains("mercator, globe or vertical-perspective"))
            let viewer = try await client.execute(uri: "/viewer/cities", method: .get)
            #expect(viewer.text.contains("setProjection({type: select.value})"))
            #expect(viewer.text.contains("<option value=\"vertical-perspective\">"))
        }
    }

    @Test func badRequestsSayWhy() async throws {
        try await TestServer.server { $0.maxImageSize = 1024 }.application(logger: TestServer.quiet).test(.live) { client in
            let cases = ["/styles/cities/static/0,0,1/5000x100.png": "out of range",
                         "/styles/cities/static/0,0,1/0x100.png": "out of range",
                         "/styles/cities/static/0,0,30/100x100.png": "zoom",
                         "/styles/cities/static/0,95,3/100x100.png": "latitude",
                         "/styles/cities/static/0,0,3@0,86/100x100.png": "pitch",
                         "/styles/cities/static/0,0,3/100x100.gif": "PNG, JPEG or WebP",
                         "/styles/cities/static/auto/100x100.png": "auto needs",
                         "/styles/cities/static/a,b,c/100x100.png": "static position",
                         "/styles/cities/static/0,0,1/100x100.png?path=0,0%7Cx,y": "not a coordinate",
                         "/styles/cities/static/0,0,1/100x100.png?path=stroke:nocolour%7C0,0%7C1,1": "CSS colour"]
            for (uri, words) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect(response.text.contains(words), "\(uri): \(response.text)")
            }
        }
    }

    @Test func unknownThingsAre404() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            for uri in ["/styles/nope/style.json", "/styles/nope.json", "/data/nope.json", "/data/nope/0/0/0.pbf", "/nothing/here",
                        "/styles/cities/sprite.svg", "/styles/mall-0/sprite.json", "/viewer/nope",
                        "/assets/index.swift", "/styles/nope/static/0,0,1/10x10.png"] {
                let response = try await client.execute(uri: uri.replacingOccurrences(of: " ", with: "%20"), method: .get)
                #expect(response.status == .notFound, "\(uri): \(response.status)")
            }
        }
    }

    @Test func fontsCombineTheStack() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/fonts/Font%20A,Font%20B/0-255.pbf", method: .get)
            #expect(response.status == .ok)
            let glyphs = GlyphPBF.glyphMessages(in: [UInt8](response.data))
            #expect(glyphs.map(\.id) == [65, 66, 67])
            // Only one font of the stack exists: still served.
            #expect(try await client.execute(uri: "/fonts/Missing,Font%20B/0-255.pbf", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/fonts/Font%20A/0-300.pbf", method: .get).status == .badRequest)
            // No font of the stack anywhere and no served style names it (a misspelling): 404, not a substitute font,
            // as tileserver-gl refuses a font its styles do not name.
            let elsewhere = try await client.execute(uri: "/fonts/No%20Such%20Font/0-255.pbf", method: .get)
            #expect(elsewhere.status == .notFound)
            #expect(String(decoding: elsewhere.data, as: UTF8.self).contains("No Such Font"))
            #expect(try await client.execute(uri: "/fonts/Font%20Aa/0-255.pbf", method: .get).status == .notFound)
        }
    }

    @Test("the font names a style's text-font values name: literal stacks, literal expressions, legacy stops")
    func styleFontNames() throws {
        let style = try JSONValue(parsing: Data("""
            {"layers": [{"id": "a", "layout": {"text-font": ["Font A", "Font B"]}},
                        {"id": "b", "layout": {"text-font": ["case", ["has", "x"], ["literal", ["Font C"]], ["literal", ["Font D", "Font E"]]]}},
                        {"id": "c", "layout": {"text-font": {"stops": [[0, ["Font F"]], [10, ["Font G"]]]}}},
                        {"id": "d", "paint": {"text-color": "red"}}, {"id": "e", "layout": {"icon-image": ["literal", ["x"]]}}]}
            """.utf8))
        #expect(GlyphStacks.fontNames(in: style) == ["Font A", "Font B", "Font C", "Font D", "Font E", "Font F", "Font G"])
    }

    @Test func sprites() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let json = try await client.execute(uri: "/styles/cities/sprite.json", method: .get)
            #expect(json.status == .ok)
            #expect(try JSONValue(parsing: json.data)["dot"]?["pixelRatio"]?.number == 1)
            let json2 = try await client.execute(uri: "/styles/cities/sprite@2x.json", method: .get)
            #expect(try JSONValue(parsing: json2.data)["dot"]?["pixelRatio"]?.number == 2)
            let png = try await client.execute(uri: "/styles/cities/sprite@2x.png", method: .get)
            #expect(png.headers[.contentType] == "image/png")
            #expect(try PNGDecoder.decode([UInt8](png.data)).width == 4)
        }
    }

    @Test func pathTraversalReadsNothingOutside() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let attempts = ["/fonts/..%2F..%2F..%2F..%2Fetc/passwd", "/fonts/..%2F..%2F..%2F..%2Fetc%2Fpasswd%00/0-255.pbf",
                            "/fonts/../../../../etc/passwd/0-255.pbf", "/fonts/..%2Fsecret.txt%00/0-255.pbf", "/fonts/%2E%2E/0-255.pbf",
                            "/styles/..%2Fsecret.txt/style.json", "/styles/cities/..%2F..%2Fsecret.txt", "/styles/cities/sprite..%2Fsecret.txt",
                            "/styles/cities/..%2Fsecret", "/data/..%2F..%2Fetc%2Fpasswd.json", "/data/..%2Fsecret.geojson",
                            "/assets/..%2F..%2FPackage.swift", "/assets/../../Package.swift", "/viewer/..%2F..%2Fsecret.txt",
                            "/data/cities/..%2F..%2F/0/0.pbf"]
            for uri in attempts {
                let response = try await client.execute(uri: uri, method: .get)
                #expect((400..<500).contains(Int(response.status.code)), "\(uri): \(response.status)")
                #expect(!response.text.contains("TOP-SECRET-CONTENT"), "\(uri)")
                #expect(!response.text.contains("root:"), "\(uri)")
                #expect(!response.text.contains("PackageDescription"), "\(uri)")
            }
        }
    }

    @Test func healthMetricsAndPages() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            #expect(try JSONValue(parsing: health.data)["status"]?.string == "ok")
            #expect(health.headers[.accessControlAllowOrigin] == "*")
            _ = try await client.execute(uri: "/styles/cities/static/0,0,1/64x64.png", method: .get)
            _ = try await client.execute(uri: "/styles/nope/style.json", method: .get)
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"mercator_http_requests_total{route="static",status="200"} 1"#))
            #expect(metrics.text.contains(#"mercator_http_requests_total{route="style",status="404"} 1"#))
            #expect(metrics.text.contains("mercator_http_request_duration_seconds_bucket"))
            #expect(metrics.text.contains(#"mercator_render_duration_seconds_count{kind="static"} 1"#))
            let index = try await client.execute(uri: "/", method: .get)
            #expect(index.text.contains("/viewer/cities"))
            #expect(index.text.contains("/data/leaves.json"))
            let viewer = try await client.execute(uri: "/viewer/cities", method: .get)
            #expect(viewer.text.contains("/assets/maplibre-gl.js"))
            #expect(viewer.text.contains("/styles/cities/style.json"))
            #expect(viewer.text.contains("/styles/cities/{z}/{x}/{y}.png"))
            let script = try await client.execute(uri: "/assets/maplibre-gl.js", method: .get)
            #expect(script.status == .ok)
            #expect(script.text.hasPrefix("/**\n * MapLibre GL JS"))
            #expect(try await client.execute(uri: "/assets/LICENSE.txt", method: .get).text.contains("Redistribution and use"))
        }
    }
}
