import Foundation
import GRDB
import Mercator
import MercatorHTTP
import MercatorTestSupport
@testable import OfflineStorage
import Testing
import TileSources

/// The pack the tests download: Berlin around the render tests' z14 tiles, zooms 12–14.
func berlinDefinition(base: String) -> OfflineRegionDefinition {
    OfflineRegionDefinition(styleURL: base + "/styles/berlin.json", area: .bounds(west: 13.40, south: 52.49, east: 13.44, north: 52.51),
                            minimumZoom: 12, maximumZoom: 14, pixelRatio: 1, includesIdeographs: false)
}

/// A downloader with short pauses (the faults are retried quickly).
func quickDownload(_ database: OfflineDatabase, batchSize: Int = 16) -> OfflineDownload {
    let client = HTTPClient(policy: HTTPClientPolicy(maximumAttempts: 3, initialBackoff: 0.01, maximumBackoff: 0.05, timeout: 20,
                                                     maximumConcurrentRequests: 4, cacheBytes: 0))
    return OfflineDownload(database: database, client: client, concurrency: 4, batchSize: batchSize, rounds: 2, roundBackoff: 0.01)
}

/// Counts of tile rows, distinct tile keys, and region links.
func rowCounts(_ database: OfflineDatabase) throws -> (tiles: Int, distinct: Int, links: Int, resources: Int) {
    try database.queue.read { db in
        (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tiles")!,
         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT DISTINCT url_template, pixel_ratio, z, x, y FROM tiles)")!,
         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM region_tiles")!,
         try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM resources")!)
    }
}

@Suite("Offline packs: download from a loopback server, render offline", .needsShared, .serialized)
struct OfflineDownloadTests {
    @Test("a downloaded pack renders offline exactly as the map rendered online")
    func offlineRenderIsIdentical() async throws {
        let server = try PackServer()
        let base = server.base
        let path = temporaryDatabasePath()
        let database = try OfflineDatabase(path: path)
        let region = try database.createRegion(berlinDefinition(base: base), metadata: OfflineRegion.metadata(name: "Berlin"))
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete)
        #expect(status.completedTileCount > 5)
        #expect(server.requests("/sprites/emerald.png") == 1)

        // online: the network, no storage
        let styleJSON = try JSONValue(parsing: Data(PackServer.style(base: base).utf8))
        func render(fetcher: (any ResourceFetching)?) throws -> Data {
            let document = try StyleDocument(json: styleJSON)
            let map = Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 256, height: 256), fetcher: fetcher)
            let snapshot = try map.snapshot()
            #expect(snapshot.sourceErrors.isEmpty)
            return snapshot.pngData()
        }
        let online = try render(fetcher: nil)
        server.stop()

        // offline: a new process would open the file again
        let reopened = try OfflineDatabase(path: path)
        let fetcher = StorageFetcher(database: reopened, offlineOnly: true)
        let style = try #require(try fetcher.fetch(ResourceRequest(url: base + "/styles/berlin.json", kind: .style), limit: 1 << 20, store: "style"))
        #expect(try JSONValue(parsing: style) == styleJSON)
        let offline = try render(fetcher: fetcher)
        #expect(offline == online)
        #expect(online.count > 1000)
    }

    @Test("404s are stored as no content; a 500 then success and a body cut mid-transfer are retried; nothing duplicated")
    func faultsAreRetried() async throws {
        let server = try PackServer()
        defer { server.stop() }
        server.inject(.serverError(times: 2), at: "/tiles/14-8802-5374.mvt")
        server.inject(.dropMidBody(times: 1), at: "/tiles/14-8803-5375.mvt")
        server.inject(.serverError(times: 1), at: "/tilesets/berlin.json")
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let region = try database.createRegion(berlinDefinition(base: server.base), metadata: Data())
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete)
        #expect(server.requests("/tiles/14-8802-5374.mvt") == 3)
        #expect(server.requests("/tiles/14-8803-5375.mvt") == 2)
        let tile = try database.response(for: ResourceRequest(tile: .init(urlTemplate: server.base + "/tiles/{z}-{x}-{y}.mvt",
                                                                          id: TileID(z: 14, x: 8803, y: 5375))))
        #expect(tile?.data == (try Data(contentsOf: PackServer.root.appendingPathComponent("tiles/14-8803-5375.mvt"))))
        let missing = try database.response(for: ResourceRequest(tile: .init(urlTemplate: server.base + "/tiles/{z}-{x}-{y}.mvt",
                                                                             id: TileID(z: 12, x: 2200, y: 1343))))
        #expect(missing != nil && missing?.data == nil)
        let counts = try rowCounts(database)
        #expect(counts.tiles == counts.distinct && counts.links == counts.tiles && counts.tiles == status.completedTileCount)
    }

    @Test("a resource that keeps failing stops the download with its URL; the rest stays and resume completes it")
    func failureThenResume() async throws {
        let server = try PackServer()
        defer { server.stop() }
        server.inject(.alwaysFail, at: "/tiles/14-8802-5375.mvt")
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let region = try database.createRegion(berlinDefinition(base: server.base), metadata: Data())
        do {
            _ = try await quickDownload(database).run(region)
            Issue.record("the download should fail")
        } catch let error as OfflineDownload.DownloadError {
            #expect(error.failedURLs == [server.base + "/tiles/14-8802-5375.mvt"])
            #expect(error.message.contains("HTTP 500"))
        }
        let before = try database.completedStatus(region.id)
        #expect(before.completedTileCount > 0)
        let requestsBefore = server.paths.count
        server.clearFaults()
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete && status.completedTileCount == before.completedTileCount + 1)
        // only the failed tile was fetched again
        #expect(Array(server.paths.dropFirst(requestsBefore)) == ["/tiles/14-8802-5375.mvt"])
        let counts = try rowCounts(database)
        #expect(counts.tiles == counts.distinct && counts.links == counts.tiles)
    }

    @Test("pausing (cancelling) keeps what was stored; resuming fetches only the rest")
    func pauseAndResume() async throws {
        let server = try PackServer()
        defer { server.stop() }
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let region = try database.createRegion(berlinDefinition(base: server.base), metadata: Data())
        let download = quickDownload(database, batchSize: 4)
        let task = Task { try await download.run(region) { progress in
            if progress.step == "resources", progress.completedResources >= 20 { withUnsafeCurrentTask { $0?.cancel() } }
        } }
        do {
            _ = try await task.value
            Issue.record("the download should have been paused")
        } catch is CancellationError {}
        let paused = try database.completedStatus(region.id)
        #expect(paused.completedResourceCount >= 20)
        let done = try database.completedKeys(region.id)
        let before = server.paths.count
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete)
        let again = server.paths.dropFirst(before)
        // nothing stored before the pause is requested again
        let refetched = again.filter { path in done.urls.contains { $0.hasSuffix(path) } }
        #expect(refetched.isEmpty)
        let counts = try rowCounts(database)
        #expect(counts.tiles == counts.distinct && counts.links == counts.tiles)
    }

    @Test("a second pack over the same area shares the stored rows instead of fetching them")
    func secondPackShares() async throws {
        let server = try PackServer()
        defer { server.stop() }
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let first = try database.createRegion(berlinDefinition(base: server.base), metadata: Data())
        _ = try await quickDownload(database).run(first)
        let before = server.paths.count
        let second = try database.createRegion(berlinDefinition(base: server.base), metadata: Data())
        let status = try await quickDownload(database).run(second)
        #expect(status.isComplete)
        #expect(server.paths.count == before)
        let counts = try rowCounts(database)
        #expect(counts.links == 2 * counts.tiles)
    }

    @Test("the ambient cache: a map reading through the storage keeps what it loaded")
    func readThroughCache() throws {
        let server = try PackServer()
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let fetcher = StorageFetcher(database: database)
        let url = server.base + "/tilesets/berlin.json"
        let first = try fetcher.fetch(ResourceRequest(url: url, kind: .source), limit: 1 << 20, store: "test")
        server.stop()
        let second = try fetcher.fetch(ResourceRequest(url: url, kind: .source), limit: 1 << 20, store: "test")
        #expect(first != nil && first == second)
        #expect(try database.ambientCacheSize() > 0)
    }
}

@Suite("Offline packs: the API key", .needsShared)
struct OfflineAPIKeyTests {
    @Test("the key is sent to the API server on every request, and stored nowhere")
    func apiKeyApplied() async throws {
        let server = try PackServer()
        defer { server.stop() }
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let region = try database.createRegion(berlinDefinition(base: server.base), metadata: Data())
        var download = quickDownload(database)
        download.authorization = RequestAuthorization(apiKey: "k3y-123", apiBaseURL: server.base)
        _ = try await download.run(region)
        // the loopback server strips nothing: paths carry the query
        let paths = server.paths
        #expect(!paths.isEmpty && paths.allSatisfy { $0.hasSuffix("access_token=k3y-123") })
        let stored = try await database.queue.read { db in
            try String.fetchAll(db, sql: "SELECT url FROM resources UNION ALL SELECT url_template FROM tiles UNION ALL SELECT definition FROM regions")
        }
        #expect(!stored.isEmpty && stored.allSatisfy { !$0.contains("k3y") })
    }
}

@Suite("Offline storage: expiry")
struct OfflineExpiryTests {
    @Test("a stale copy is revalidated with its ETag: 304 keeps it with the new expiry; unreachable, it is used unless must-revalidate")
    func revalidation() throws {
        let body = Data("{\"tiles\":[]}".utf8)
        let server = try LoopbackHTTPServer { request, _ in
            if request.headers["if-none-match"] == "\"v1\"" { return .init(status: 304, headers: ["Cache-Control": "max-age=600", "ETag": "\"v1\""]) }
            return .init(status: 200, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""], body: body)
        }
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let fetcher = StorageFetcher(database: database, client: HTTPClient(policy: HTTPClientPolicy(maximumAttempts: 1, cacheBytes: 0)))
        let request = ResourceRequest(url: server.baseURL + "/source.json", kind: .source)
        #expect(try fetcher.fetch(request, limit: 1 << 20, store: "t") == body)
        #expect(try database.response(for: request)?.isFresh() == false)  // max-age=0
        #expect(try fetcher.fetch(request, limit: 1 << 20, store: "t") == body)
        #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
        let refreshed = try #require(try database.response(for: request))
        #expect(refreshed.isFresh() && refreshed.data == body)
        server.stop()

        // stale and unreachable: used, unless it must be revalidated
        try database.markNotModified(request, expires: 0, mustRevalidate: false)
        #expect(try fetcher.fetch(request, limit: 1 << 20, store: "t") == body)
        try database.markNotModified(request, expires: 0, mustRevalidate: true)
        #expect(throws: TileStoreError.self) { try fetcher.fetch(request, limit: 1 << 20, store: "t") }
    }
}
