import Foundation
import GeoJSON
import MapStyle
import MercatorTestSupport
import Testing
@testable import TileSources
import Tiling

/// Tiles and TileJSON over HTTP, against a loopback server (no timing involved).
@Suite("Tiles over HTTP")
struct HTTPTileStoreTests {
    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, base in
            switch request.path {
            case "/tiles/1/0/0.pbf": return LoopbackHTTPServer.Response(status: 200, body: Data([1, 2, 3]))
            case "/tiles/1/1/1.pbf": return LoopbackHTTPServer.Response(status: 500, body: Data("boom".utf8))
            case "/big/1/0/0.pbf": return LoopbackHTTPServer.Response(status: 200, body: Data(count: 5000))
            case "/tiles.json":
                return .json(#"{"tilejson": "3.0.0", "tiles": ["\#(base)/tiles/{z}/{x}/{y}.pbf"], "minzoom": 1, "maxzoom": 9}"#)
            default: return LoopbackHTTPServer.Response(status: 404)
            }
        }
    }

    @Test("200 is a tile, 404 a missing tile, 500 an error naming the URL and status")
    func statuses() throws {
        let server = try Self.server()
        defer { server.stop() }
        let store = HTTPTileStore(template: server.baseURL + "/tiles/{z}/{x}/{y}.pbf")
        #expect(try store.tileData(TileID(z: 1, x: 0, y: 0)) == Data([1, 2, 3]))
        #expect(try store.tileData(TileID(z: 1, x: 0, y: 1)) == nil)
        do {
            _ = try store.tileData(TileID(z: 1, x: 1, y: 1))
            Issue.record("HTTP 500 read as a tile")
        } catch {
            #expect(error.description.contains("500") && error.description.contains("/tiles/1/1/1.pbf"), "\(error)")
        }
    }

    @Test("a body over the limit is an error, not a tile")
    func bounded() throws {
        let server = try Self.server()
        defer { server.stop() }
        var store = HTTPTileStore(template: server.baseURL + "/big/{z}/{x}/{y}.pbf")
        store.maximumTileBytes = 1000
        #expect(throws: TileStoreError.self) { try store.tileData(TileID(z: 1, x: 0, y: 0)) }
    }

    @Test("a TileJSON url over HTTP resolves to an HTTP store with its zoom range")
    func tileJSON() throws {
        let server = try Self.server()
        defer { server.stop() }
        let source = try StyleSource(identifier: "s", json: ["type": "vector", "url": .string(server.baseURL + "/tiles.json")])
        let tiled = try TiledSourceResolver().resolve(source)
        #expect(tiled.minimumZoom == 1 && tiled.maximumZoom == 9)
        #expect(try tiled.store.tileData(TileID(z: 1, x: 0, y: 0)) == Data([1, 2, 3]))
    }

    @Test("a closed port is a clear error")
    func refused() throws {
        let server = try Self.server()
        let base = server.baseURL
        server.stop()
        let store = HTTPTileStore(template: base + "/tiles/{z}/{x}/{y}.pbf")
        do {
            _ = try store.tileData(TileID(z: 1, x: 0, y: 0))
            Issue.record("a closed port answered")
        } catch {
            #expect(error.description.contains("failed"), "\(error)")
        }
    }
}
