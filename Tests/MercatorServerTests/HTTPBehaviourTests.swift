import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Mercator
import Testing
@testable import MercatorServer
import Rendering

/// HEAD, the access log, the addresses written into styles and TileJSON, and the static image limits.
@Suite struct HTTPBehaviourTests {
    @Test func headAnswersEveryGetRouteWithoutABody() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            for uri in ["/", "/health", "/metrics", "/styles.json", "/data.json", "/styles/cities/style.json", "/styles/cities.json",
                        "/data/cities.json", "/data/cities.geojson", "/data/cities/0/0/0.pbf",
                        "/fonts/Font%20A/0-255.pbf", "/styles/cities/sprite.json", "/viewer/cities", "/assets/LICENSE.txt",
                        // every other GET route: raster tiles, static images, sprites, WMTS, lists, tiles as GeoJSON, fonts list
                        "/styles/cities/0/0/0.png", "/styles/cities/1/1/0@2x.png", "/styles/cities/256/0/0/0.png",
                        "/styles/cities/static/0,0,1/64x48.png", "/styles/cities/static/raw/0,0,1/64x48.png",
                        "/styles/cities/sprite.png", "/styles/cities/sprite@2x.json", "/styles/cities/wmts.xml",
                        "/rendered.json", "/256/rendered.json", "/index.json", "/512/index.json", "/fonts.json",
                        "/data/cities/0/0/0.geojson"] {
                let get = try await client.execute(uri: uri, method: .get)
                let head = try await client.execute(uri: uri, method: .head)
                #expect(get.status == .ok, "GET \(uri)")
                #expect(head.status == get.status, "HEAD \(uri)")
                #expect(head.body.readableBytes == 0, "HEAD \(uri)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(uri)")
                #expect(head.headers[.eTag] == get.headers[.eTag], "HEAD \(uri)")
                if let length = get.headers[.contentLength], uri != "/metrics" { #expect(head.headers[.contentLength] == length, "HEAD \(uri)") }
            }
            #expect(try await client.execute(uri: "/styles/nothing/style.json", method: .head).status == .notFound)
        }
    }

    @Test func theAccessLogHasALinePerRequest() async throws {
        let records = LogRecords()
        let logger = Logger(label: "access") { _ in RecordingLogHandler(records: records) }
        let server = TestServer.server { $0.accessLog = true }
        try await server.application(logger: logger).test(.live) { client in
            _ = try await client.execute(uri: "/health", method: .get)
            _ = try await client.execute(uri: "/styles/nothing/style.json", method: .head)
        }
        let lines = records.all.filter { $0.metadata["path"] != nil }
        let health = try #require(lines.first { $0.metadata["path"] == "/health" })
        #expect(health.metadata["method"] == "GET")
        #expect(health.metadata["status"] == "200")
        #expect(Int(health.metadata["bytes"] ?? "") ?? 0 > 10)
        #expect(Double(health.metadata["ms"] ?? "") != nil)
        #expect(health.message.hasPrefix("GET /health 200 "))
        let missing = try #require(lines.first { $0.metadata["path"] == "/styles/nothing/style.json" })
        #expect(missing.metadata["method"] == "HEAD" && missing.metadata["status"] == "404")
        // Without the option, nothing is logged per request.
        let quiet = LogRecords()
        try await TestServer.server().application(logger: Logger(label: "q") { _ in RecordingLogHandler(records: quiet) }).test(.live) { client in
            _ = try await client.execute(uri: "/health", method: .get)
        }
        #expect(!quiet.all.contains { $0.metadata["path"] != nil })
    }

    @Test func staticImageScaleAndPixelLimits() async throws {
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let big = try await client.execute(uri: "/styles/cities/static/0,0,1/2048x2048@3x.png", method: .get)
            #expect(big.status == .contentTooLarge)
            #expect(big.text.contains("maxImagePixels") && big.text.contains("--max-image-pixels") && big.text.contains("16777216"))
            let scale = try await client.execute(uri: "/styles/cities/static/0,0,1/64x64@4x.png", method: .get)
            #expect(scale.status == .badRequest)
            #expect(scale.text.contains("maxScaleFactor"))
            #expect(try await client.execute(uri: "/styles/cities/0/0/0@4x.png", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/styles/cities/static/0,0,1/64x64@3x.png", method: .get).status == .ok)
        }
        try await TestServer.server { $0.maxScaleFactor = 2 }.application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/styles/cities/static/0,0,1/64x64@3x.png", method: .get)
            #expect(response.status == .badRequest)
        }
    }

    @Test func aLargeStaticImageIsDrawnInBands() async throws {
        // 1100x1100@2x: 4.8M device pixels, above 2048², drawn by Map.pngSnapshot() band by band.
        try await TestServer.server().application(logger: TestServer.quiet).test(.live) { client in
            let response = try await client.execute(uri: "/styles/cities/static/0,20,1/1100x1100@2x.png", method: .get)
            #expect(response.status == .ok)
            let image = try PNGDecoder.decode(Array(response.data))
            #expect(image.width == 2200 && image.height == 2200)
        }
    }
}

/// The `Host` and `X-Forwarded-*` headers, and `--public-url`, in the URLs of styles and TileJSON.
#if canImport(Glibc)
@Suite struct PublicAddressTests {
    func get(_ port: Int, _ path: String, _ headers: String) async throws -> (status: Int, headers: [String: String], body: String) {
        try await RawClient.request(port: port, "GET \(path) HTTP/1.1\r\n\(headers)Connection: close\r\n\r\n")
    }

    @Test func anUnknownHostIsNotWrittenIntoURLs() async throws {
        let server = TestServer.server()
        try await withLiveServer(server) { port in
            for path in ["/styles/cities/style.json", "/styles/cities.json", "/data/cities.json", "/styles.json", "/data.json"] {
                let evil = try await get(port, path, "Host: evil.example\r\n")
                #expect(evil.status == 200)
                #expect(!evil.body.contains("evil.example"), "\(path)")
                #expect(evil.body.contains("http://127.0.0.1:\(port)/"), "\(path)")
                #expect(evil.headers["vary"]?.contains("X-Forwarded-Host") == true, "\(path)")
                let forwarded = try await get(port, path, "Host: localhost\r\nX-Forwarded-Host: evil.example\r\n")
                #expect(!forwarded.body.contains("evil.example"), "\(path)")
            }
            // Known hosts are kept, with the proxy's scheme.
            let local = try await get(port, "/data/cities.json", "Host: localhost:\(port)\r\n")
            #expect(local.body.contains("http://localhost:\(port)/data/cities/"))
            let tls = try await get(port, "/data/cities.json", "Host: localhost\r\nX-Forwarded-Proto: https\r\n")
            #expect(tls.body.contains("https://localhost/data/cities/"))
            let odd = try await get(port, "/data/cities.json", "Host: localhost\r\nX-Forwarded-Proto: gopher\r\n")
            #expect(odd.body.contains("http://localhost/data/cities/"))
        }
    }

    @Test func domainsAndThePublicURL() async throws {
        let server = TestServer.server { $0.domains = ["tiles.example.com"] }
        try await withLiveServer(server) { port in
            let proxied = try await get(port, "/styles/cities/style.json", "Host: 127.0.0.1\r\nX-Forwarded-Host: tiles.example.com\r\nX-Forwarded-Proto: https\r\n")
            #expect(proxied.body.contains("https://tiles.example.com/fonts/"))
            let other = try await get(port, "/styles/cities/style.json", "Host: other.example.com\r\n")
            #expect(!other.body.contains("other.example.com"))
        }
        let fixed = TestServer.server { $0.publicURL = "https://maps.example.org/tiles/" }
        try await withLiveServer(fixed) { port in
            let response = try await get(port, "/data/cities.json", "Host: evil.example\r\nX-Forwarded-Host: evil.example\r\n")
            #expect(response.body.contains("https://maps.example.org/tiles/data/cities/{z}/{x}/{y}.pbf"))
            #expect(response.headers["vary"] == nil)
        }
    }
}
#endif

/// Log records kept by ``RecordingLogHandler``.
final class LogRecords: @unchecked Sendable {
    struct Record {
        var message: String
        var metadata: [String: String]
    }
    private let lock = NSLock()
    private var records: [Record] = []
    func add(_ r: Record) { lock.withLock { records.append(r) } }
    var all: [Record] { lock.withLock { records } }
}

/// A log handler keeping every record at `notice` and above.
struct RecordingLogHandler: LogHandler {
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .notice

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        records.add(.init(message: event.message.description, metadata: merged.mapValues { "\($0)" }))
    }
}
