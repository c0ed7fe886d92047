import Foundation
import GeoJSON
import MapStyle
import MercatorTestSupport
import Testing
@testable import TileSources
import Tiling

@Suite("Tiled sources resolve to stores")
struct TiledSourceResolverTests {
    static func source(_ json: JSONValue) throws -> StyleSource {
        try StyleSource(identifier: "s", json: json)
    }

    @Test("tile templates, TileJSON files (through a local server prefix), MBTiles and PMTiles URLs", .needsShared)
    func resolves() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let resolver = TiledSourceResolver(localRoot: root, localServers: [("http://localhost:2900/", root)])
        let templated = try resolver.resolve(Self.source(["type": "vector", "tiles": ["local://tiles/{z}-{x}-{y}.mvt"], "maxzoom": 14]))
        #expect(try templated.store.tileData(TileID(z: 0, x: 0, y: 0)) != nil)
        #expect(templated.maximumZoom == 14)
        let viaTileJSON = try resolver.resolve(Self.source(["type": "vector", "url": "local://tilesets/vector.json"]))
        #expect(try viaTileJSON.store.tileData(TileID(z: 0, x: 0, y: 0)) != nil)

        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let relative = TiledSourceResolver(styleDirectory: fixtures)
        let pm = try relative.resolve(Self.source(["type": "vector", "url": "pmtiles://runs.pmtiles"]))
        #expect(pm.maximumZoom == 4 && pm.tileJSON?.attribution == "synthetic")
        #expect(try pm.store.tileData(TileID(z: 0, x: 0, y: 0)) != nil)
        let mbtiles = try MBTilesTests.makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: mbtiles) }
        let mb = try relative.resolve(Self.source(["type": "vector", "url": .string("mbtiles://" + mbtiles)]))
        #expect(mb.maximumZoom == 3)
        #expect(mb.covers(TileID(z: 2, x: 1, y: 1)) && !mb.covers(TileID(z: 4, x: 0, y: 0)))
    }

    @Test("what cannot be opened is an error naming the source")
    func refuses() throws {
        let resolver = TiledSourceResolver()
        // HTTP templates resolve (to an HTTP store); remote archives do not
        #expect(try resolver.resolve(Self.source(["type": "vector", "tiles": ["https://example.com/{z}/{x}/{y}.pbf"]])).store is HTTPTileStore)
        #expect { try resolver.resolve(Self.source(["type": "vector", "url": "mbtiles://https://example.com/x.mbtiles"])) }
            throws: { "\($0)".contains("sources.s") && "\($0)".contains("must be local") }
        #expect { try resolver.resolve(Self.source(["type": "vector", "url": "pmtiles:///nonexistent.pmtiles"])) }
            throws: { "\($0)".contains("no such file") }
        #expect { try resolver.resolve(Self.source(["type": "raster", "url": "/nonexistent/tiles.json"])) }
            throws: { "\($0)".contains("cannot read the TileJSON") }
    }
}
