import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import Testing
import TileSources
@testable import MercatorServer
import Rendering

/// tileserver-gl's configuration keys and routes (`docs/server.md`, "tileserver-gl, martin and Mercator"), each
/// supported or refused naming it, on a live loopback server.
@Suite struct TileserverParityTests {
    /// A configuration using most of tileserver-gl's options, beside ``TestServer``'s fixtures.
    static let folder: URL = {
        let dir = TestServer.folder.appendingPathComponent("parity")
        let fm = FileManager.default
        try? fm.removeItem(at: dir)
        for sub in ["styles", "icons", "files/sub", "fonts/Font A", "sprites"] {
            try! fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try! fm.copyItem(at: TestServer.folder.appendingPathComponent("fonts/Font A/0-255.pbf"), to: dir.appendingPathComponent("fonts/Font A/0-255.pbf"))
        // An 8x8 opaque red icon.
        let red = RGBAImage(width: 8, height: 8, pixels: [UInt8]((0..<64).flatMap { _ in [255, 0, 0, 255] }))
        try! Data(PNGEncoder.encode(red)).write(to: dir.appendingPathComponent("icons/pin.png"))
        try! Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: dir.appendingPathComponent("icons/pin.svg"))
        try! Data("hello".utf8).write(to: dir.appendingPathComponent("files/hello.txt"))
        try! Data("{}".utf8).write(to: dir.appendingPathComponent("files/sub/a.json"))
        try! Data("<html>front</html>".utf8).write(to: dir.appendingPathComponent("front.html"))
        for name in ["dots.json", "dots.png"] {
            try! fm.copyItem(at: TestServer.folder.appendingPathComponent(name.replacingOccurrences(of: "dots", with: "sprite")),
                             to: dir.appendingPathComponent("sprites/\(name)"))
        }
        let cities = TestServer.repository.appendingPathComponent("Samples/world-cities.geojson").path
        let style = """
            {"version": 8, "name": "Grey", "center": [0, 0], "zoom": 1, "sprite": [{"id": "dots", "url": "dots"}],
             "sources": {"cities": {"type": "geojson", "data": "\(cities)"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#808080"}}]}
            """
        try! Data(style.utf8).write(to: dir.appendingPathComponent("styles/grey.json"))
        try! Data(style.replacingOccurrences(of: "Grey", with: "Extra").utf8).write(to: dir.appendingPathComponent("styles/extra.json"))
        let config = """
            {"options": {"paths": {"root": "", "styles": "styles", "fonts": "fonts", "icons": "icons", "files": "files", "sprites": "sprites"},
                         "domains": ["a.tiles.test", "b.tiles.test"], "formatOptions": {"jpeg": {"quality": 60}, "png": {"palette": true}},
                         "maxSize": 1024, "pbfAlias": "pbf.pict", "serveAllStyles": true, "allowInlineMarkerImages": true,
                         "staticAttributionText": "© Test", "frontPage": "front.html", "dataDecorator": "decorator.js", "tileMargin": 10,
                         "watermark": "W", "leafletRetina": true, "maxRendererPoolSizes": [4, 2], "noSuchOption": 1},
             "styles": {"grey": {"style": "grey.json", "tilejson": {"format": "webp", "attribution": "© Grey"}},
                        "plain": {"style": "grey.json", "serve_rendered": false},
                        "hidden": {"style": "grey.json", "serve_data": false}},
             "data": {"cities": {"geojson": "\(cities)", "sparse": true, "tilejson": {"attribution": "© Cities"}, "s3Profile": "x"}}}
            """
        try! Data(config.utf8).write(to: dir.appendingPathComponent("config.json"))
        return dir
    }()

    static let catalog: ServerCatalog = try! ServerCatalog.load(inputs: [folder.appendingPathComponent("config.json").path])

    static func server(_ catalog: ServerCatalog = catalog) -> MercatorServer {
        var options = TestServer.options()
        options.domains = catalog.domains
        return MercatorServer(catalog: catalog, options: options)
    }

    @Test func optionsAreReadOrRefusedByName() throws {
        let catalog = Self.catalog
        let warnings = catalog.warnings.joined(separator: "\n")
        for key in ["options.dataDecorator", "options.tileMargin", "options.watermark", "options.leafletRetina", "options.noSuchOption",
                    "options.formatOptions.png.palette", "options.maxRendererPoolSizes", "data cities: s3Profile", "options.serveAllStyles"] {
            #expect(warnings.contains(key), "\(key) is not named in \(warnings)")
        }
        #expect(catalog.jpegQuality == 60)
        #expect(catalog.config.maxSize == 1024)
        #expect(catalog.config.pbfAlias == "pbf.pict")
        #expect(catalog.config.renderThreads == 4)
        #expect(catalog.config.tileDomains == ["a.tiles.test", "b.tiles.test"])
        // serveAllStyles: the folder's other style is served under its file name.
        #expect(catalog.style("extra") != nil)
        #expect(catalog.style("plain")?.serveRendered == false)
        #expect(catalog.style("hidden")?.serveData == false)
    }

    @Test func badValuesAreErrorsNamingTheKey() throws {
        let dir = Self.folder
        for (body, key) in [(#"{"options": {"maxSize": "big"}}"#, "options.maxSize"), (#"{"options": {"pbfAlias": "../x"}}"#, "options.pbfAlias"),
                            (#"{"options": {"formatOptions": {"webp": {"quality": 0}}}}"#, "options.formatOptions.webp.quality"),
                            (#"{"options": {"serveStaticMaps": "no"}}"#, "options.serveStaticMaps"),
                            (#"{"data": {"x": {"pmtiles": "s3://bucket/x.pmtiles"}}}"#, "S3"),
                            (#"{"styles": {"s": {"style": "styles/grey.json", "serve_rendered": 1}}}"#, "serve_rendered")] {
            let file = dir.appendingPathComponent("bad.json")
            try Data(body.utf8).write(to: file)
            #expect { try ServerCatalog.load(inputs: [file.path]) } throws: { "\($0)".contains(key) }
        }
    }

    @Test func tileJSONListsAndDomains() async throws {
        try await Self.server().application(logger: TestServer.quiet).test(.live) { client in
            let rendered = try JSONValue(parsing: try await client.execute(uri: "/rendered.json", method: .get).data).array ?? []
            let ids = rendered.compactMap { $0["id"]?.string }
            #expect(ids.contains("grey") && ids.contains("extra") && !ids.contains("plain"))
            let grey = try #require(rendered.first { $0["id"]?.string == "grey" })
            // The style's tilejson from the configuration; one URL per domain.
            #expect(grey["format"]?.string == "webp")
            #expect(grey["attribution"]?.string == "© Grey")
            #expect(grey["tiles"]?.array?.compactMap(\.string) == ["http://a.tiles.test/styles/grey/{z}/{x}/{y}.webp",
                                                                  "http://b.tiles.test/styles/grey/{z}/{x}/{y}.webp"])
            let big = try JSONValue(parsing: try await client.execute(uri: "/512/rendered.json", method: .get).data).array ?? []
            #expect(big.first?["tileSize"]?.number == 512)
            #expect(big.first?["tiles"]?.array?.first?.string?.contains("/512/{z}/{x}/{y}") == true)
            let index = try JSONValue(parsing: try await client.execute(uri: "/index.json", method: .get).data).array ?? []
            #expect(index.count == rendered.count + 1)
            let data = try JSONValue(parsing: try await client.execute(uri: "/data.json", method: .get).data).array ?? []
            let cities = try #require(data.first)
            #expect(cities["attribution"]?.string == "© Cities")
            #expect(cities["tiles"]?.array?.first?.string == "http://a.tiles.test/data/cities/{z}/{x}/{y}.pbf.pict")
            #expect(cities["url"]?.string?.hasSuffix("/data/cities.json") == true)
            let one = try JSONValue(parsing: try await client.execute(uri: "/styles/512/grey.json", method: .get).data)
            #expect(one["tileSize"]?.number == 512)
            #expect(try await client.execute(uri: "/300/index.json", method: .get).status == .notFound)
            let fonts = try JSONValue(parsing: try await client.execute(uri: "/fonts.json", method: .get).data).array ?? []
            // the fonts folder's names and the installed fonts' (served at /fonts too), sorted together
            #expect(fonts.compactMap(\.string).contains("Font A"))
            // HEAD answers as GET on the new routes, without a body.
            for uri in ["/index.json", "/512/rendered.json", "/fonts.json", "/styles/grey/wmts.xml", "/files/hello.txt", "/data/cities/0/0/0.geojson"] {
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == .ok && head.body.readableBytes == 0, "\(uri)")
            }
        }
    }

    @Test func wmtsFilesFrontPageAndViewer() async throws {
        try await Self.server().application(logger: TestServer.quiet).test(.live) { client in
            let wmts = try await client.execute(uri: "/styles/grey/wmts.xml", method: .get)
            #expect(wmts.status == .ok)
            #expect(wmts.headers[.contentType]?.hasPrefix("text/xml") == true)
            #expect(wmts.text.contains("<Capabilities"))
            #expect(wmts.text.contains("/styles/grey/256/{TileMatrix}/{TileCol}/{TileRow}.png"))
            #expect(wmts.text.contains("<MatrixWidth>4194304</MatrixWidth>"))  // zoom 22
            #expect(try await client.execute(uri: "/files/hello.txt", method: .get).text == "hello")
            #expect(try await client.execute(uri: "/files/sub/a.json", method: .get).status == .ok)
            for uri in ["/files/../config.json", "/files/%2e%2e/config.json", "/files/nothing", "/files/sub"] {
                #expect(try await client.execute(uri: uri, method: .get).status == .notFound, "\(uri)")
            }
            #expect(try await client.execute(uri: "/", method: .get).text == "<html>front</html>")
            let viewer = try await client.execute(uri: "/styles/grey/", method: .get)
            #expect(viewer.status == .ok && viewer.text.contains("maplibre"))
            // A sprite of a sprite list, from options.paths.sprites.
            #expect(try await client.execute(uri: "/styles/grey/sprite/dots.json", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/styles/grey/sprite/dots@2x.png", method: .get).status == .notFound)
            let style = try JSONValue(parsing: try await client.execute(uri: "/styles/grey/style.json", method: .get).data)
            #expect(style["sprite"]?.array?.first?["url"]?.string == "http://localhost/styles/grey/sprite/dots")
        }
    }

    @Test func serveRenderedServeDataAndStaticMaps() async throws {
        try await Self.server().application(logger: TestServer.quiet).test(.live) { client in
            let tile = try await client.execute(uri: "/styles/plain/0/0/0.png", method: .get)
            #expect(tile.status == .notFound && tile.text.contains("serve_rendered"))
            #expect(try await client.execute(uri: "/styles/plain/style.json", method: .get).status == .ok)
            let hidden = try await client.execute(uri: "/styles/hidden/style.json", method: .get)
            #expect(hidden.status == .notFound && hidden.text.contains("serve_data"))
            #expect(try await client.execute(uri: "/styles/hidden/0/0/0.png", method: .get).status == .ok)
            let big = try await client.execute(uri: "/styles/grey/static/0,0,1/600x600@2x.png", method: .get)
            #expect(big.status == .badRequest && big.text.contains("options.maxSize"))
        }
        var catalog = Self.catalog
        catalog.config.serveStaticMaps = false
        catalog.config.frontPage = .none
        try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
            let image = try await client.execute(uri: "/styles/grey/static/0,0,1/100x100.png", method: .get)
            #expect(image.status == .notFound && image.text.contains("serveStaticMaps"))
            #expect(try await client.execute(uri: "/", method: .get).status == .notFound)
        }
    }

    @Test func dataTilesAsGeoJSONAliasSparseAndElevation() async throws {
        try await Self.server().application(logger: TestServer.quiet).test(.live) { client in
            let geojson = try await client.execute(uri: "/data/cities/0/0/0.geojson", method: .get)
            #expect(geojson.status == .ok)
            let collection = try JSONValue(parsing: geojson.data)
            #expect(collection["type"]?.string == "FeatureCollection")
            let features = collection["features"]?.array ?? []
            #expect(features.count > 10)
            #expect(features.allSatisfy { $0["properties"]?["layer"]?.string == "cities" })
            let lon = features.first?["geometry"]?["coordinates"]?.array?.first?.number ?? 999
            #expect(abs(lon) <= 360)  // degrees (the tile's buffer holds copies past the antimeridian)
            let alias = try await client.execute(uri: "/data/cities/0/0/0.pbf.pict", method: .get)
            #expect(alias.status == .ok && alias.headers[.contentType] == "application/x-protobuf")
            // sparse: true: an empty tile is 404 (clients overzoom), not 204.
            #expect(try await client.execute(uri: "/data/cities/8/0/0.pbf", method: .get).status == .notFound)
            let elevation = try await client.execute(uri: "/data/cities/elevation/1/0/0", method: .get)
            #expect(elevation.status == .badRequest && elevation.text.contains("encoding"))
        }
    }

    @Test func staticImagesRawEncodedPathsAndOptions() async throws {
        try await Self.server().application(logger: TestServer.quiet).test(.live) { client in
            let cases = ["/styles/grey/static/raw/0,0,2/100x80.png", "/styles/grey/static/raw/-1000000,-1000000,1000000,1000000/100x80.png",
                         "/styles/grey/static/raw/auto/100x80.png?path=0,0%7C1000000,1000000",
                         "/styles/grey/static/auto/100x80.png?path=enc:_p~iF~ps%7CU_ulLnnqC_mqNvxq%60@&maxzoom=4",
                         "/styles/grey/static/auto/100x80.png?path=stroke:blue%7Cwidth:2%7Cborder:white%7Cborderwidth:3%7Cenc:_p~iF~ps%7CU_ulLnnqC_mqNvxq%60@&linecap=square&linejoin=bevel",
                         "/styles/grey/static/-10,-10,10,10/100x80.png?padding=0.5",
                         "/styles/grey/static/auto/100x80.png?marker=0,0%7Cpin.png%7Cscale:2%7Coffset:2,-4"]
            for uri in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri): \(response.text)")
            }
            for (uri, words) in [("/styles/grey/static/auto/100x80.png?path=0,0%7C1,1&linecap=flat", "linecap"),
                                 ("/styles/grey/static/auto/100x80.png?path=enc:%20%20", "enc"),
                                 ("/styles/grey/static/auto/100x80.png?marker=0,0%7Cnothing.png", "nothing.png"),
                                 ("/styles/grey/static/auto/100x80.png?marker=0,0%7Cpin.svg", "SVG"),
                                 ("/styles/grey/static/auto/100x80.png?marker=0,0%7Chttps://example.com/pin.png", "allowRemoteMarkerIcons"),
                                 ("/styles/grey/static/auto/100x80.png?marker=0,0%7C../config.json", "icons folder"),
                                 ("/styles/grey/static/0,0,1/100x80.png?padding=-1", "padding"),
                                 ("/styles/grey/static/raw/0,99999999,1/100x80.png", "EPSG:3857")] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest && response.text.contains(words), "\(uri): \(response.status) \(response.text)")
            }
        }
    }

    @Test func markerIconsAreDrawnWithTheirBottomCentreAtTheLocation() async throws {
        try await Self.server().application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/styles/grey/static/0,0,2/64x64.png?marker=0,0%7Cpin.png", method: .get)
            #expect(response.status == .ok, "\(response.text)")
            let image = try PNGDecoder.decode([UInt8](response.data))
            #expect(image.pixel(32, 28).prefix(3) == [255, 0, 0], "above the location: the icon")
            #expect(image.pixel(32, 36).prefix(3) == [128, 128, 128], "below the location: the background")
            // An inline icon (allowInlineMarkerImages) and the same marker in a POST body.
            let red = RGBAImage(width: 4, height: 4, pixels: [UInt8]((0..<16).flatMap { _ in [255, 0, 0, 255] }))
            let inline = "data:image/png;base64," + Data(PNGEncoder.encode(red)).base64EncodedString()
            let encoded = inline.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            #expect(try await client.execute(uri: "/styles/grey/static/0,0,2/64x64.png?marker=0,0%7C\(encoded)", method: .get).status == .ok)
            let body = ByteBuffer(string: #"{"marker": ["0,0|pin.png"], "path": ["-10,-10|10,10", "enc:_p~iF~ps|U_ulLnnqC_mqNvxq`@"], "padding": 0.2}"#)
            let posted = try await client.execute(uri: "/styles/grey/static/auto/64x64.png", method: .post, body: body)
            #expect(posted.status == .ok, "\(posted.text)")
            let tilePost = try await client.execute(uri: "/styles/grey/0/0/0.png", method: .post, body: ByteBuffer(string: "{}"))
            #expect(tilePost.status == .methodNotAllowed)
            let badKey = try await client.execute(uri: "/styles/grey/static/auto/64x64.png", method: .post, body: ByteBuffer(string: #"{"evil": 1}"#))
            #expect(badKey.status == .badRequest && badKey.text.contains("evil"))
        }
    }

    @Test func elevationFromTerrainTiles() async throws {
        // One zoom-0 terrarium tile of 256 pixels: red 128, green 10, blue 128 is 10.5 m everywhere.
        let dir = Self.folder.appendingPathComponent("terrain")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tile = RGBAImage(width: 256, height: 256, pixels: [UInt8]((0..<65536).flatMap { _ in [128, 10, 128, 255] }))
        let writer = PMTilesWriter(tileType: 2, tileCompression: 1, minZoom: 0, maxZoom: 0, bounds: (-180, -85, 180, 85), metadata: "{}")
        try writer.archive([0: Data(PNGEncoder.encode(tile))]).write(to: dir.appendingPathComponent("dem.pmtiles"))
        try Data(#"{"data": {"dem": {"pmtiles": "dem.pmtiles", "encoding": "terrarium", "tileSize": 256}}}"#.utf8).write(to: dir.appendingPathComponent("config.json"))
        let catalog = try ServerCatalog.load(inputs: [dir.appendingPathComponent("config.json").path])
        try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
            let one = try JSONValue(parsing: try await client.execute(uri: "/data/dem/elevation/0/0/0", method: .get).data)
            #expect(one["elevation"]?.number == 10.5)
            #expect(one["pixelX"]?.number == 128 && one["pixelY"]?.number == 128)
            let point = try JSONValue(parsing: try await client.execute(uri: "/data/dem/elevation/3/10.5/45.25", method: .get).data)
            #expect(point["elevation"]?.number == 10.5 && point["z"]?.number == 0)
            let batch = try await client.execute(uri: "/data/dem/elevation", method: .post,
                                                 body: ByteBuffer(string: #"{"points": [{"lon": 1, "lat": 2, "z": 5}, {"lon": -100, "lat": 40, "z": 0}]}"#))
            #expect(try JSONValue(parsing: batch.data).array?.map(\.number) == [10.5, 10.5])
            let bad = try await client.execute(uri: "/data/dem/elevation", method: .post, body: ByteBuffer(string: #"{"points": [{"lon": 500, "lat": 0, "z": 0}]}"#))
            #expect(bad.status == .badRequest && bad.text.contains("points[0]"))
            #expect(try await client.execute(uri: "/data/dem/elevation/1/5/0", method: .get).status == .notFound)
        }
    }

    @Test func encodedPolylines() throws {
        // Google's example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453).
        let points = try EncodedPolyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        #expect(points.count == 3)
        let expected = [(-120.2, 38.5), (-120.95, 40.7), (-126.453, 43.252)]
        for (p, e) in zip(points, expected) {
            #expect(abs(p.lon - e.0) < 1e-9 && abs(p.lat - e.1) < 1e-9)
        }
        #expect(throws: ServerError.self) { try EncodedPolyline.decode("_p~iF~ps|U_") }
    }

    @Test func aMissingFolderIsNamed() throws {
        let file = Self.folder.appendingPathComponent("missing-folder.json")
        try Data(#"{"options": {"paths": {"icons": "no-such-folder"}}}"#.utf8).write(to: file)
        let catalog = try ServerCatalog.load(inputs: [file.path])
        #expect(catalog.warnings.contains { $0.contains("options.paths.icons") && $0.contains("does not exist") }, "\(catalog.warnings)")
    }

    @Test func remotePMTilesAndArchivePaths() throws {
        // mbtiles://file is looked for in options.paths.mbtiles first, as tileserver-gl does.
        let dir = Self.folder.appendingPathComponent("archives")
        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        let leaves = TestServer.repository.appendingPathComponent("Tests/TileSourcesTests/Fixtures/leaves.pmtiles")
        try? FileManager.default.copyItem(at: leaves, to: dir.appendingPathComponent("data/leaves.pmtiles"))
        try Data(#"{"version": 8, "sources": {"l": {"type": "vector", "url": "pmtiles://leaves.pmtiles"}}, "layers": []}"#.utf8)
            .write(to: dir.appendingPathComponent("style.json"))
        try Data(#"{"options": {"paths": {"pmtiles": "data"}}, "styles": {"s": {"style": "style.json"}}}"#.utf8)
            .write(to: dir.appendingPathComponent("config.json"))
        let catalog = try ServerCatalog.load(inputs: [dir.appendingPathComponent("config.json").path])
        #expect(catalog.dataSet("leaves") != nil)
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }
}
