import Foundation
import GRDB
import Mercator
import MercatorTestSupport
@testable import OfflineStorage
import Testing
import TileSources
import Tiling

/// Remembers the requests it is asked for and answers none.
private final class RecordingFetcher: ResourceFetching, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [ResourceRequest] = []
    var requests: [ResourceRequest] { lock.withLock { list } }

    func fetch(_ request: ResourceRequest, limit: Int, store: String) throws(TileStoreError) -> Data? {
        lock.withLock { list.append(request) }
        return nil
    }
}

@Suite("Offline packs: {ratio} tile templates at pixel ratio 2", .serialized,
       .needsShared)
struct PixelRatioTests {
    @Test("tile requests carry MapLibre's key: ratio 2 only for a {ratio} template at a ratio over 1")
    func tileRequestKeys() throws {
        let fetcher = RecordingFetcher()
        var ratioStore = HTTPTileStore(template: "https://example.com/{z}/{x}/{y}{ratio}.png")
        ratioStore.fetcher = fetcher
        var plainStore = HTTPTileStore(template: "https://example.com/{z}/{x}/{y}.png")
        plainStore.fetcher = fetcher
        let id = TileID(z: 3, x: 2, y: 1)
        _ = try ratioStore.tileData(id, pixelRatio: 2)
        _ = try ratioStore.tileData(id, pixelRatio: 1)
        _ = try ratioStore.tileData(id, pixelRatio: 3)
        _ = try plainStore.tileData(id, pixelRatio: 2)
        _ = try ratioStore.tileData(id)
        let seen = fetcher.requests
        #expect(seen.map(\.url) == ["https://example.com/3/2/1@2x.png", "https://example.com/3/2/1.png", "https://example.com/3/2/1@2x.png",
                                    "https://example.com/3/2/1.png", "https://example.com/3/2/1.png"])
        #expect(seen.map { $0.tile?.pixelRatio } == [2, 1, 2, 1, 1])
        #expect(ratioStore.variesWithPixelRatio)
        #expect(!plainStore.variesWithPixelRatio)
    }

    @Test("file templates name @2x files at ratio 2 as well")
    func fileTemplates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ratio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("one".utf8).write(to: folder.appendingPathComponent("1-0-0.png"))
        try Data("two".utf8).write(to: folder.appendingPathComponent("1-0-0@2x.png"))
        let store = FileTemplateStore(template: folder.path + "/{z}-{x}-{y}{ratio}.png")
        let id = TileID(z: 1, x: 0, y: 0)
        #expect(store.variesWithPixelRatio)
        #expect(try store.tileData(id) == Data("one".utf8))
        #expect(try store.tileData(id, pixelRatio: 2) == Data("two".utf8))
        #expect(try FileTemplateStore(template: folder.path + "/{z}-{x}-{y}.png").tileData(id, pixelRatio: 2) == Data("one".utf8))
    }

    /// Renders the `{ratio}` style at 256×256 points, ratio 2.
    private func render(base: String, fetcher: (any ResourceFetching)?) throws -> (png: Data, errors: [String]) {
        let styleJSON = try JSONValue(parsing: Data(PackServer.ratioStyle(base: base).utf8))
        let document = try StyleDocument(json: styleJSON)
        let map = Map(style: try Style(document: document), camera: MapCamera(style: document),
                      size: MapSize(width: 256, height: 256, pixelRatio: 2), fetcher: fetcher)
        let snapshot = try map.snapshot()
        return (snapshot.pngData(), snapshot.sourceErrors.map { "\($0)" })
    }

    private func definition(base: String, pixelRatio: Double) -> OfflineRegionDefinition {
        var definition = berlinDefinition(base: base)
        definition.styleURL = base + "/styles/berlin-ratio.json"
        definition.pixelRatio = pixelRatio
        return definition
    }

    @Test("a pack made at ratio 2 over a {ratio} template renders offline at ratio 2 exactly as online")
    func ratioTwoPackRendersOffline() async throws {
        let server = try PackServer()
        let base = server.base
        let path = temporaryDatabasePath()
        let database = try OfflineDatabase(path: path)
        let region = try database.createRegion(definition(base: base, pixelRatio: 2), metadata: Data())
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete)
        #expect(status.completedTileCount > 5)
        // every tile of the pack was fetched as @2x and stored under pixel_ratio 2
        let ratios = try await database.queue.read { db in try Int.fetchAll(db, sql: "SELECT DISTINCT pixel_ratio FROM tiles") }
        #expect(ratios == [2])
        #expect(server.highDensityTilePaths.count == status.completedTileCount)
        #expect(server.requests("/sprites/emerald@2x.png") == 1)

        let requestsBefore = server.highDensityTilePaths.count
        let online = try render(base: base, fetcher: nil)
        #expect(online.errors.isEmpty)
        #expect(server.highDensityTilePaths.count > requestsBefore, "the online map asks for @2x tiles")
        server.stop()

        let fetcher = StorageFetcher(database: try OfflineDatabase(path: path), offlineOnly: true)
        let offline = try render(base: base, fetcher: fetcher)
        #expect(offline.errors.isEmpty)
        #expect(offline.png == online.png)
        #expect(online.png.count > 1000)
    }

    @Test("a pack made at ratio 1 is not used for the @2x tiles of a {ratio} template")
    func ratioOnePackIsNotUsedAtRatioTwo() async throws {
        let server = try PackServer()
        let base = server.base
        let path = temporaryDatabasePath()
        let database = try OfflineDatabase(path: path)
        let region = try database.createRegion(definition(base: base, pixelRatio: 1), metadata: Data())
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete)
        #expect(server.highDensityTilePaths.isEmpty)
        let ratios = try await database.queue.read { db in try Int.fetchAll(db, sql: "SELECT DISTINCT pixel_ratio FROM tiles") }
        #expect(ratios == [1])
        server.stop()

        let fetcher = StorageFetcher(database: try OfflineDatabase(path: path), offlineOnly: true)
        let offline = try render(base: base, fetcher: fetcher)
        // the @2x tiles (and the @2x sprite) are missing; the ratio-1 tiles are not taken instead
        let tileErrors = offline.errors.filter { $0.hasPrefix("sources.maplibre") }
        #expect(!tileErrors.isEmpty)
        #expect(tileErrors.allSatisfy { $0.contains("@2x.mvt is not in the offline database") }, "\(offline.errors)")
        // the same tile at ratio 1 is there
        let tile = ResourceRequest.Tile(urlTemplate: base + "/tiles/{z}-{x}-{y}{ratio}.mvt", pixelRatio: 1, id: TileID(z: 14, x: 8802, y: 5374))
        #expect(try fetcher.fetch(ResourceRequest(tile: tile), limit: 1 << 24, store: "t") != nil)
    }
}
