import Foundation
import GeoJSON
import MapStyle
import MercatorHTTP
import MercatorTestSupport
import Testing
@testable import TileSources
import Tiling

/// PMTiles archives over HTTP range requests, against a loopback server serving the fixtures.
@Suite("PMTiles over HTTP")
struct PMTilesHTTPTests {
    static func server(ignoringRanges: Bool = false) throws -> LoopbackHTTPServer {
        let leaves = try Data(contentsOf: URL(fileURLWithPath: PMTilesTests.fixture("leaves.pmtiles")))
        let runs = try Data(contentsOf: URL(fileURLWithPath: PMTilesTests.fixture("runs.pmtiles")))
        return try LoopbackHTTPServer { request, _ in
            let data: Data
            switch request.path {
            case "/leaves.pmtiles": data = leaves
            case "/runs.pmtiles": data = runs
            default: return .init(status: 404)
            }
            return ignoringRanges ? .init(status: 200, body: data) : .ranged(data, request: request)
        }
    }

    /// A client of its own (no shared cache between tests), patient with a busy machine.
    static func client() -> HTTPClient { HTTPClient(policy: HTTPClientPolicy(timeout: 60, cacheBytes: 0)) }

    @Test("the same tiles over range requests as from the file, through leaf directories and runs")
    func rangeRequests() throws {
        let server = try Self.server()
        defer { server.stop() }
        let expected = try PMTilesTests.expected()
        for name in ["leaves.pmtiles", "runs.pmtiles"] {
            let store = try PMTilesStore(url: server.baseURL + "/" + name, client: Self.client())
            let file = try PMTilesStore(path: PMTilesTests.fixture(name))
            #expect(store.header == file.header)
            for item in try #require(expected[name]?["present"]?.array) {
                let a = try #require(item.array)
                let tile = TileID(z: Int(a[0].number!), x: Int(a[1].number!), y: Int(a[2].number!))
                let data = try #require(try store.tileData(tile), "\(name) \(tile)")
                #expect(data.map { String(format: "%02x", $0) }.joined() == a[3].string, "\(name) \(tile)")
            }
            for item in expected[name]?["absent"]?.array ?? [] {
                let a = try #require(item.array)
                #expect(try store.tileData(TileID(z: Int(a[0].number!), x: Int(a[1].number!), y: Int(a[2].number!))) == nil)
            }
        }
        let ranges = server.requests.compactMap { $0.headers["range"] }
        #expect(ranges.count == server.requests.count && ranges.first == "bytes=0-126")
    }

    @Test("a server ignoring Range (200, the whole archive) is sliced")
    func wholeArchive() throws {
        let server = try Self.server(ignoringRanges: true)
        defer { server.stop() }
        let store = try PMTilesStore(url: server.baseURL + "/runs.pmtiles", client: Self.client())
        let file = try PMTilesStore(path: PMTilesTests.fixture("runs.pmtiles"))
        let a = try #require(PMTilesTests.expected()["runs.pmtiles"]?["present"]?.array?.first?.array)
        let tile = TileID(z: Int(a[0].number!), x: Int(a[1].number!), y: Int(a[2].number!))
        #expect(try store.tileData(tile) == file.tileData(tile))
    }

    @Test("pmtiles://http… and http…/x.pmtiles source URLs resolve to range-request stores")
    func resolver() throws {
        let server = try Self.server()
        defer { server.stop() }
        for url in ["pmtiles://" + server.baseURL + "/leaves.pmtiles", server.baseURL + "/leaves.pmtiles"] {
            let source = try StyleSource(identifier: "s", json: ["type": "vector", "url": .string(url)])
            let tiled = try TiledSourceResolver().resolve(source)
            #expect(tiled.store is PMTilesStore, "\(url)")
            #expect(tiled.maximumZoom == 8 && tiled.tileJSON?.vectorLayers.first?.id == "synthetic", "\(url)")
        }
    }

    @Test("a missing archive is an error naming the URL and status")
    func missing() throws {
        let server = try Self.server()
        defer { server.stop() }
        let url = server.baseURL + "/nope.pmtiles"
        do {
            _ = try PMTilesStore(url: url, client: Self.client())
            Issue.record("a 404 archive opened")
        } catch {
            #expect(error.description.contains(url) && error.description.contains("404"), "\(error)")
        }
    }
}
